import { useSyncExternalStore } from 'react'

/** Whether the visitor reopened the cookie settings (footer button); shared by the button and the banner. */
let open = false
const listeners = new Set<() => void>()

export function setCookieSettingsOpen(value: boolean) {
  open = value
  for (const listener of listeners) listener()
}

export function useCookieSettingsOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => open,
    () => false,
  )
}
