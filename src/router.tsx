import { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { activateLocale, createI18n } from './i18n/i18n'
import { isLocale } from './i18n/locales'
import { routeTree } from './routeTree.gen'
import { ErrorPage, NotFoundPage } from './features/shell/error-pages'

/** Called once per request on the server and once in the browser. */
export function getRouter() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } })
  const i18n = createI18n()
  const router = createRouter({
    routeTree,
    context: { queryClient, i18n },
    scrollRestoration: true,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: ErrorPage,
    defaultNotFoundComponent: NotFoundPage,
    // The language travels with the dehydrated state, so the browser loads the same catalog before hydrating.
    dehydrate: () => ({ locale: i18n.locale }),
    hydrate: async (data: { locale?: string }) => {
      if (isLocale(data.locale)) await activateLocale(i18n, data.locale)
    },
  })
  setupRouterSsrQueryIntegration({ router, queryClient })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
  }
}
