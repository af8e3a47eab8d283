// Before any schema is built (route search params, the forms' contract schemas): no eval under the CSP.
import './contract/zod-jitless'
import { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { createIsomorphicFn, getGlobalStartContext } from '@tanstack/react-start'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { activateLocale, createI18n } from './i18n/i18n'
import { isLocale } from './i18n/locales'
import { routeTree } from './routeTree.gen'
import { ErrorPage, NotFoundPage } from './features/shell/error-pages'

/**
 * The CSP nonce of the page being rendered, made per request by the security-headers middleware
 * in src/start.ts and passed as request context. With `ssr.nonce` the router puts it on every
 * script, preload, stylesheet link and `<style>` it renders, on React's streaming scripts, and
 * in `<meta property="csp-nonce">`, from which the browser's router (and Vite's preload helper)
 * read it back. In the browser this returns nothing: the router takes the nonce from that meta.
 */
const ssrOptions = createIsomorphicFn().server((): { nonce: string } | undefined => {
  let context: { nonce?: unknown } | undefined
  try {
    context = getGlobalStartContext() as { nonce?: unknown } | undefined
  } catch {
    return undefined // outside the request middleware (a router made for a redirect): no page, no nonce
  }
  return typeof context?.nonce === 'string' ? { nonce: context.nonce } : undefined
})

/** Called once per request on the server and once in the browser. */
export function getRouter() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } })
  const i18n = createI18n()
  const router = createRouter({
    routeTree,
    context: { queryClient, i18n },
    scrollRestoration: true,
    ssr: ssrOptions(),
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
