/// <reference types="vite/client" />
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { I18nProvider } from '@lingui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, HeadContent, Outlet, redirect, Scripts } from '@tanstack/react-router'
import { useEffect, type ReactNode } from 'react'
import { pendingSecondStep, twoFactorGate } from '~/features/auth/guards'
import { InactivityWatcher } from '~/features/auth/sign-out'
import { PageViewTracker } from '~/features/analytics/page-view-tracker'
import { ConsentBanner } from '~/features/consent/consent-banner'
import { LiveUpdates } from '~/features/realtime/live-updates'
import { BuildWatcher } from '~/features/shell/build-watcher'
import { noteFrameworkReload } from '~/features/shell/chunk-reload'
import { useTheme } from '~/features/shell/theme-store'
import { getNavigationContext } from '~/features/shell/navigation.functions'
import { activateLocale } from '~/i18n/i18n'
import appCss from '~/styles/app.css?url'
import { isFailedMatch, type HeadMatch } from '~/ui/page-title'
import { installSmoothScroll } from '~/ui/smooth-scroll'
import { AppToaster, notify } from '~/ui/toaster'

export interface RouterContext {
  queryClient: QueryClient
  i18n: I18n
}

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ context, location }) => {
    const nav = await getNavigationContext({ data: { href: location.href } }).catch(async (error: unknown) => {
      await activateLocale(context.i18n) // the error page still speaks the default language
      throw error
    })
    if (nav.kind === 'redirect') {
      throw redirect({ href: nav.href, statusCode: nav.status, reloadDocument: nav.external })
    }
    await activateLocale(context.i18n, nav.locale)
    const gate = twoFactorGate(nav.session, location.pathname, location.href)
    if (gate) throw redirect(gate)
    return { locale: nav.locale, publicConfig: nav.config, session: nav.session, sessionEnded: nav.sessionEnded, theme: nav.theme, consent: nav.consent }
  },
  head: ({ match, matches }) => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { title: documentTitle(match.context, matches) },
      { name: 'theme-color', content: match.context.theme === 'dark' ? '#121212' : '#2e3192' },
    ],
    links: [
      { rel: 'stylesheet', href: appCss },
      { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
    ],
  }),
  shellComponent: RootDocument,
  component: RootLayout,
})

const msgNotFound = msg`Page Not Found`
const msgError = msg`Internal Server Error`

/** The brand, or the error's title (spec §2) when a route failed; pages name themselves in their own `head`. */
function documentTitle(context: { i18n: I18n; publicConfig?: { BRAND_NAME: string } }, matches: readonly Omit<HeadMatch, 'context'>[]) {
  const failed = matches.find(isFailedMatch)
  if (!failed) return context.publicConfig?.BRAND_NAME ?? 'Asiguro'
  return context.i18n._(failed.status === 'error' ? msgError : msgNotFound)
}

function RootDocument({ children }: { children: ReactNode }) {
  const { i18n, theme } = Route.useRouteContext()
  const shownTheme = useTheme(theme ?? 'light')
  return (
    <html lang={i18n.locale || 'ro'} data-theme={shownTheme}>
      <head>
        <HeadContent />
      </head>
      <body>
        {i18n.locale ? <I18nProvider i18n={i18n}>{children}</I18nProvider> : children}
        <Scripts />
      </body>
    </html>
  )
}

function RootLayout() {
  const { publicConfig, consent, theme, locale, session, sessionEnded } = Route.useRouteContext()
  const shownTheme = useTheme(theme)
  const { t } = useLingui()
  useEffect(() => {
    if (sessionEnded) notify('warning', t`You have been logged out due to inactivity.`)
  }, [sessionEnded, t])
  useEffect(() => {
    // A reload by the router after a missing chunk counts for the 10 s guard of the error page.
    try {
      noteFrameworkReload(window.sessionStorage)
    } catch {
      // storage blocked: the error page then never reloads
    }
    return installSmoothScroll()
  }, [])
  return (
    <>
      <a href="#main" className="skip-link">
        <Trans>Skip to content</Trans>
      </a>
      <Outlet />
      <ConsentBanner consent={consent} captchaProvider={publicConfig.CAPTCHA_PROVIDER} />
      <AppToaster theme={shownTheme} />
      <PageViewTracker enabled={consent?.analytics === true} sink={publicConfig.ANALYTICS_SINK} locale={locale} />
      <BuildWatcher />
      <InactivityWatcher signedIn={session.user !== null} />
      <LiveUpdates userId={session.user && !pendingSecondStep(session) ? session.user.id : null} settings={publicConfig} />
    </>
  )
}
