/// <reference types="vite/client" />
import type { I18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, HeadContent, Outlet, Scripts } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { getShellContext } from '~/features/shell/shell.functions'
import { activateLocale } from '~/i18n/i18n'
import appCss from '~/styles/app.css?url'

export interface RouterContext {
  queryClient: QueryClient
  i18n: I18n
}

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ context }) => {
    const shell = await getShellContext()
    await activateLocale(context.i18n, shell.locale)
    return { locale: shell.locale, publicConfig: shell.config }
  },
  head: ({ match }) => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { title: match.context.publicConfig?.BRAND_NAME ?? 'Asiguro' },
      { name: 'theme-color', content: '#2e3192' },
    ],
    links: [
      { rel: 'stylesheet', href: appCss },
      { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
    ],
  }),
  shellComponent: RootDocument,
  component: RootLayout,
})

function RootDocument({ children }: { children: ReactNode }) {
  const { i18n } = Route.useRouteContext()
  return (
    <html lang={i18n.locale || 'ro'}>
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
  const { publicConfig } = Route.useRouteContext()
  return (
    <>
      <a href="#main" className="skip-link">
        <Trans>Skip to content</Trans>
      </a>
      <header className="site-header">
        <a href="/" className="brand">
          {publicConfig.BRAND_NAME}
        </a>
      </header>
      <Outlet />
    </>
  )
}
