import { useSyncExternalStore } from 'react'

const never = () => () => {}

/**
 * False on the server and in the first client render, true after: a page can offer everything
 * to a browser without JavaScript (both groups of fields, a submit button for a toggle) and
 * tidy it once scripts run.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
}
