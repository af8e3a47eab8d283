import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { InLayout } from './layout-context'
import { SiteFooter } from './site-footer'
import { SiteHeader, type AccountToolSlots } from './site-header'

/**
 * The four layouts of spec §2. Each marks itself with `data-layout` (tests read it) and
 * holds the page in `<main id="main">`, the skip link's target.
 */
export type LayoutName = 'master' | 'default' | 'minimal' | 'account'

interface LayoutProps {
  children: ReactNode
  /** Controls other features provide: the cookie settings button; for a signed-in visitor, the notification centre and sign-out. */
  footerExtras?: ReactNode
  accountTools?: AccountToolSlots
}

/** Product and landing pages: full header, wide content with a hero, footer. */
export function MasterLayout({ children, footerExtras, accountTools }: LayoutProps) {
  return (
    <InLayout value={true}>
    <div className="layout layout--master" data-layout="master">
      <SiteHeader accountTools={accountTools} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter cookieSettings={footerExtras} />
    </div>
    </InLayout>
  )
}

/** Text pages (help, legal, contact): full header, a readable column, footer. */
export function DefaultLayout({ children, footerExtras, accountTools }: LayoutProps) {
  return (
    <InLayout value={true}>
    <div className="layout layout--default" data-layout="default">
      <SiteHeader accountTools={accountTools} />
      <main id="main" tabIndex={-1} className="page page--text">
        {children}
      </main>
      <SiteFooter cookieSettings={footerExtras} />
    </div>
    </InLayout>
  )
}

/** Focused steps (sign-in, two-factor, payment hand-off, maintenance): brand, language and theme only. */
export function MinimalLayout({ children, accountTools }: LayoutProps) {
  return (
    <InLayout value={true}>
    <div className="layout layout--minimal" data-layout="minimal">
      <SiteHeader variant="minimal" accountTools={accountTools} />
      <main id="main" tabIndex={-1} className="page page--narrow">
        {children}
      </main>
    </div>
    </InLayout>
  )
}

function AccountNav() {
  const { t } = useLingui()
  const current = { 'aria-current': 'page' } as const
  return (
    <nav aria-label={t`Account`} className="account-nav">
      <ul>
        <li>
          <Link to="/account/orders" activeProps={current}>
            <Trans>Orders and policies</Trans>
          </Link>
        </li>
        <li>
          <Link to="/account/vehicles" activeProps={current} activeOptions={{ exact: false }}>
            <Trans>Vehicles</Trans>
          </Link>
        </li>
        <li>
          <Link to="/account/profile" activeProps={current}>
            <Trans>Profile</Trans>
          </Link>
        </li>
        <li>
          <Link to="/account/preferences" activeProps={current}>
            <Trans>Preferences</Trans>
          </Link>
        </li>
        <li>
          <Link to="/account/security" activeProps={current}>
            <Trans>Security</Trans>
          </Link>
        </li>
      </ul>
    </nav>
  )
}

/** Account pages: full header, the account menu beside the page (above it on mobile), footer. */
export function AccountLayout({ children, footerExtras, accountTools }: LayoutProps) {
  return (
    <InLayout value={true}>
    <div className="layout layout--account" data-layout="account">
      <SiteHeader accountTools={accountTools} />
      <div className="account-frame">
        <AccountNav />
        <main id="main" tabIndex={-1} className="account-main">
          {children}
        </main>
      </div>
      <SiteFooter cookieSettings={footerExtras} />
    </div>
    </InLayout>
  )
}
