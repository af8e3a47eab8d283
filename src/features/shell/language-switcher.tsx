import { useLingui } from '@lingui/react/macro'
import { useLocation } from '@tanstack/react-router'
import { locales } from '~/i18n/locales'

/**
 * Links to the same page in each language. `/en/…` is handled by the root route (it
 * remembers the language and strips the prefix), so these are plain links that work
 * without JavaScript too.
 */
export function LanguageSwitcher() {
  const { i18n, t } = useLingui()
  const { pathname, searchStr } = useLocation()
  return (
    <nav aria-label={t`Language`} className="language-switcher">
      <ul>
        {locales.map((l) => (
          <li key={l.code}>
            <a
              href={`/${l.code}${pathname === '/' ? '' : pathname}${searchStr}`}
              hrefLang={l.code}
              lang={l.code}
              aria-current={i18n.locale === l.code ? 'true' : undefined}
              title={l.name}
            >
              <span aria-hidden="true">{l.code.toUpperCase()}</span>
              <span className="visually-hidden">{l.name}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
