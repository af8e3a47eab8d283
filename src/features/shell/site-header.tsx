import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useRef, type MouseEvent, type ReactNode } from 'react'
import { LanguageSwitcher } from './language-switcher'
import { Logo } from './logo'
import { ThemeToggle } from './theme-toggle'
import { useShell } from './use-shell'

/** A signed-in visitor's header controls, from other features (composed in the routes). */
export interface AccountToolSlots {
  /** Stay in the header's row at every width (the notification bell). */
  alerts: ReactNode
  /** Fold into the menu on a phone (sign out); rendered once per place, so they must hold no state of their own. */
  actions: ReactNode
}

function NavLinks() {
  return (
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
}

/**
 * The main navigation. Below the lg breakpoint it folds into a menu, and on a phone the header's
 * tools (languages, theme, account) fold into the same menu, so the header stays one row. The menu
 * is a <details>: it opens by keyboard and works before (or without) JavaScript. Choosing a page
 * closes it: a client-side navigation keeps the header, so it would otherwise stay open.
 */
function MainNav({ links, tools }: { links: boolean; tools: ReactNode }) {
  const { t } = useLingui()
  const menu = useRef<HTMLDetailsElement>(null)
  const closeOnChoice = (event: MouseEvent<HTMLElement>) => {
    if (menu.current && (event.target as Element).closest('a')) menu.current.open = false
  }
  const details = (
    <details className="main-nav__menu" ref={menu} onClick={closeOnChoice}>
      <summary>
        <Trans>Menu</Trans>
      </summary>
      <div className="main-nav__panel">
        {links ? <NavLinks /> : null}
        <div className="main-nav__tools">{tools}</div>
      </div>
    </details>
  )
  if (!links) return <div className="main-nav main-nav--tools-only">{details}</div>
  return (
    <nav aria-label={t`Main`} className="main-nav">
      <div className="main-nav__wide">
        <NavLinks />
      </div>
      {details}
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

/** The header of every layout. `minimal` keeps only the brand and the language, theme and account controls. */
export function SiteHeader({ variant = 'full', accountTools }: { variant?: 'full' | 'minimal'; accountTools?: AccountToolSlots }) {
  const { publicConfig, theme, session } = useShell()
  const { t } = useLingui()
  const tools = (
    <>
      <LanguageSwitcher />
      <ThemeToggle initial={theme} />
      {variant === 'full' ? <AccountLink /> : null}
      {session.user ? accountTools?.actions : null}
    </>
  )
  return (
    <header className={`site-header site-header--${variant}`}>
      <Link to="/" className="brand" aria-label={t`${publicConfig.BRAND_NAME}, home page`}>
        <Logo brand={publicConfig.BRAND_NAME} />
      </Link>
      <div className="site-header__tools">
        <div className="site-header__wide-tools">{tools}</div>
        {session.user ? accountTools?.alerts : null}
      </div>
      <MainNav links={variant === 'full'} tools={tools} />
    </header>
  )
}
