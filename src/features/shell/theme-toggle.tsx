import { useLingui } from '@lingui/react/macro'
import type { Theme } from '~/contract/preferences'
import { chooseTheme, useTheme } from './theme-store'

/**
 * Switches light/dark at once and remembers the choice in a cookie, so the next server
 * render paints the same theme with no flash.
 */
export function ThemeToggle({ initial }: { initial: Theme }) {
  const { t } = useLingui()
  const dark = useTheme(initial) === 'dark'
  return (
    <button
      type="button"
      className="icon-button theme-toggle"
      aria-pressed={dark}
      aria-label={t`Dark theme`}
      title={dark ? t`Switch to the light theme` : t`Switch to the dark theme`}
      onClick={() => chooseTheme(dark ? 'light' : 'dark')}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        {dark ? (
          <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8Z" fill="currentColor" />
        ) : (
          <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <circle cx="12" cy="12" r="4.5" />
            <path d="M12 2v2M12 20v2M2 12h2M20 12h2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
          </g>
        )}
      </svg>
    </button>
  )
}
