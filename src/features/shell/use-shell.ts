import { useRouteContext } from '@tanstack/react-router'

/** The shell's per-navigation context (language, public settings, session, theme, consent). */
export function useShell() {
  return useRouteContext({ from: '__root__' })
}
