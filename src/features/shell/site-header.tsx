import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useRef, type MouseEvent, type ReactNode } from 'react'
import { LanguageSwitcher } from './language-switcher'
import { Logo } from './logo'
import { ThemeToggle } from './theme-toggle'
import { useShell } from './use-shell'

/**
 * The main navigation; below the lg breakpoint it folds into a menu (a <details>, so it works
 * without JavaScript). Choosing a page closes the menu: a client-side navigation keeps the
 * header, so the <details> would otherwise stay open over the new page.
 */
function MainNav() {
  const { t } = useLingui()
  const menu = useRef<HTMLDetailsElement>(null)
  const closeOnChoice = (event: MouseEvent<HTMLElement>) => {
    if (menu.current && (event.target as Element).closest('a')) menu.current.open = false
  }
  const links = (
    <ul>
      <li>
        <Link to="/rca/{-$registration_plate}/{-$vin}" params={{}} activeProps={{ 'aria-current': 'page' }}>
          <Trans>RCA</Trans>
        </Link>
      </li>
      <li>
        <Link to="/travel" activeProps={{ 'aria-current': 'page' }}>
          <Trans>Travel</Trans>
        </Link>
      </li>
      <li>
        <Link to="/house" activeProps={{ 'aria-current': 'page' }}>
          <Trans>Home</Trans>
        </Link>
      </li>
      <li>
        <Link to="/instantRo" activeProps={{ 'aria-current': 'page' }}>
          <Trans>Rovinietă</Trans>
        </Link>
      </li>
      <li>
        <Link to="/lih" activeProps={{ 'aria-current': 'page' }}>
          <Trans>Hungarian vignette</Trans>
        </Link>
      </li>
      <li>
        <Link to="/contact-us" activeProps={{ 'aria-current': 'page' }}>
          <Trans>Contact</Trans>
        </Link>
      </li>
    </ul>
  )
  return (
    <nav aria-label={t`Main`} className="main-nav">
      <div className="main-nav__wide">{links}</div>
      <details className="main-nav__menu" ref={menu} onClick={closeOnChoice}>
        <summary>
          <Trans>Menu</Trans>
        </summary>
        {links}
      </details>
    </nav>
  )
}

function AccountLink() {
  const { session } = useShell()
  return session.user ? (
    <Link to="/account/orders" className="header-action">
      <Trans>My account</Trans>
    </Link>
  ) : (
    <Link to="/authenticate" className="header-action">
      <Trans>Sign in</Trans>
    </Link>
  )
}

/** The header of every layout. `minimal` keeps only the brand and the language and theme controls. */
export function SiteHeader({ variant = 'full', accountTools }: { variant?: 'full' | 'minimal'; accountTools?: ReactNode }) {
  const { publicConfig, theme, session } = useShell()
  const { t } = useLingui()
  return (
    <header className="site-header">
      <Link to="/" className="brand" aria-label={t`${publicConfig.BRAND_NAME}, home page`}>
        <Logo brand={publicConfig.BRAND_NAME} />
      </Link>
      {variant === 'full' ? <MainNav /> : null}
      <div className="site-header__tools">
        <LanguageSwitcher />
        <ThemeToggle initial={theme} />
        {variant === 'full' ? <AccountLink /> : null}
        {session.user ? accountTools : null}
      </div>
    </header>
  )
}
