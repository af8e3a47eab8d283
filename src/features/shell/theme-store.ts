import { useSyncExternalStore } from 'react'
import { PREFERENCE_COOKIE_MAX_AGE, THEME_COOKIE, type Theme } from '~/contract/preferences'

/**
 * The theme chosen in this tab since the page loaded (null: the server's, from the cookie).
 * One store, so the header's toggle and the toasts agree without another server round trip.
 */
let chosen: Theme | null = null
const listeners = new Set<() => void>()

/** Paints the theme at once and remembers it in a cookie, so the next server render has it too. */
export function chooseTheme(next: Theme) {
  chosen = next
  document.documentElement.dataset.theme = next
  document.cookie = `${THEME_COOKIE}=${next}; path=/; max-age=${PREFERENCE_COOKIE_MAX_AGE}; samesite=lax${location.protocol === 'https:' ? '; secure' : ''}`
  for (const listener of listeners) listener()
}

/** The current theme: the tab's choice, else the one the server rendered. */
export function useTheme(rendered: Theme): Theme {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => chosen ?? rendered,
    () => rendered,
  )
}
