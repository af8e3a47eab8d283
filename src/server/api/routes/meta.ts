import { z } from 'zod'
import { defineRoute, type RouteDef } from '../route'
import { buildOpenApi } from '../openapi'
import { DOCS_STYLE, renderDocsPage } from '../docs-page'
import { staticPageContentSecurityPolicy } from '../../http/security-headers'

const DOCS_POLICY = staticPageContentSecurityPolicy([DOCS_STYLE])

/** The API's own description: OpenAPI document and reference page, built once from the routes. */
export function metaRoutes(routes: RouteDef[], brand: string): RouteDef[] {
  let doc: ReturnType<typeof buildOpenApi> | undefined
  const openApi = () => (doc ??= buildOpenApi([...routes, ...self], { title: `${brand} provider API`, version: '1' }))
  const self: RouteDef[] = [
    defineRoute({
      method: 'GET',
      path: '/openapi.json',
      tag: 'operations',
      summary: 'This OpenAPI 3.1 document.',
      duringMaintenance: true,
      response: z.record(z.string(), z.unknown()),
      handler: () => ({ rawJson: JSON.stringify(openApi()) }),
    }),
    defineRoute({
      method: 'GET',
      path: '/docs',
      tag: 'operations',
      summary: 'Human-readable reference of this API.',
      duringMaintenance: true,
      response: z.string(),
      handler: () => ({ body: renderDocsPage(openApi() as never), headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': DOCS_POLICY } }),
    }),
  ]
  return self
}
