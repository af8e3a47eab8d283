/// <reference types="vite/client" />
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { I18nProvider } from '@lingui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, HeadContent, Outlet, redirect, Scripts, useRouter } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, type ReactNode } from 'react'
import { pendingSecondStep, termsGate, twoFactorGate } from '~/features/auth/guards'
import { InactivityWatcher } from '~/features/auth/sign-out'
import { ConsentBanner } from '~/features/consent/consent-banner'
import { LiveUpdates } from '~/features/realtime/live-updates'
import { noteFrameworkReload } from '~/features/shell/chunk-reload'
import { useTheme } from '~/features/shell/theme-store'
import { getNavigationContext } from '~/features/shell/navigation.functions'
import { activateLocale } from '~/i18n/i18n'
// The stylesheet is written into each page (a nonced `<style>`, TanStack Start's inlineCss): no request blocks the first paint (decision 80).
import '~/styles/app.css'
import { isFailedMatch, type HeadMatch } from '~/ui/page-title'
import { installSmoothScroll } from '~/ui/smooth-scroll'
import { useHydrated } from '~/ui/use-hydrated'
import { AppToaster, notify } from '~/ui/toaster'

/**
 * Parts that render nothing and act only in the browser, loaded after hydration so the first load
 * of every page stays within its budget (decision 78): the page-view tracker (only with the
 * visitor's analytics consent) and the watcher that notices a new deployment.
 */
const PageViewTracker = lazy(() => import('~/features/analytics/page-view-tracker').then((module) => ({ default: module.PageViewTracker })))
const BuildWatcher = lazy(() => import('~/features/shell/build-watcher').then((module) => ({ default: module.BuildWatcher })))

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
    const gate = twoFactorGate(nav.session, location.pathname, location.href) ?? termsGate(nav.session, location.pathname, location.href)
    if (gate) throw redirect(gate)
    return { locale: nav.locale, publicConfig: nav.config, session: nav.session, sessionEnded: nav.sessionEnded, theme: nav.theme, consent: nav.consent, formFlash: nav.formFlash }
  },
  head: ({ match, matches }) => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { title: documentTitle(match.context, matches) },
      { name: 'theme-color', content: match.context.theme === 'dark' ? '#121212' : '#2e3192' },
    ],
    links: [
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
  const hydrated = useHydrated()
  const router = useRouter()
  useEffect(() => {
    if (sessionEnded === 'inactivity') notify('warning', t`You have been logged out due to inactivity.`)
    if (sessionEnded === 'signed_out') notify('warning', t`You were signed out of this device from another device or after a password change.`)
  }, [sessionEnded, t])
  useEffect(() => {
    // A reload by the router after a missing chunk counts for the 10 s guard of the error page.
    try {
      noteFrameworkReload(window.sessionStorage)
    } catch {
      // storage blocked: the error page then never reloads
    }
    return installSmoothScroll((hash) => void router.navigate({ to: '.', search: true, params: true, hash, replace: true, resetScroll: false, hashScrollIntoView: false }))
  }, [router])
  return (
    <>
      <a href="#main" className="skip-link">
        <Trans>Skip to content</Trans>
      </a>
      {/* Above the page, in its flow: it pushes the page down and never covers a form. */}
      <ConsentBanner consent={consent} captchaProvider={publicConfig.CAPTCHA_PROVIDER} />
      <Outlet />
      <AppToaster theme={shownTheme} />
      {hydrated ? (
        <Suspense fallback={null}>
          {consent?.analytics === true ? <PageViewTracker enabled sink={publicConfig.ANALYTICS_SINK} locale={locale} /> : null}
          <BuildWatcher />
        </Suspense>
      ) : null}
      <InactivityWatcher signedIn={session.user !== null} />
      <LiveUpdates userId={session.user && !pendingSecondStep(session) ? session.user.id : null} settings={publicConfig} />
    </>
  )
}
