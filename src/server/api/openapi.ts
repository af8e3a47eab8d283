import { z } from 'zod'
import { ErrorBody } from '~/contract/errors'
import { PRODUCT_STATUSES_HEADER, ProductStatuses } from '~/contract/site'
import { API_BASE } from './app'
import type { RouteDef } from './route'

type JsonSchema = Record<string, unknown>
const schemaOf = (s: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(s, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema
  return rest
}

/** OpenAPI 3.1 document built from the same route definitions and zod schemas that serve requests. */
export function buildOpenApi(routes: RouteDef[], info: { title: string; version: string }): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const route of routes) {
    const parameters: unknown[] = []
    for (const [where, schema] of [
      ['path', route.params],
      ['query', route.query],
    ] as const) {
      if (!schema) continue
      const json = schemaOf(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] }
      for (const [name, prop] of Object.entries(json.properties ?? {})) {
        parameters.push({ name, in: where, required: where === 'path' || (json.required ?? []).includes(name), schema: prop })
      }
    }
    if (route.auth === 'operator') parameters.push({ name: 'Authorization', in: 'header', required: true, schema: { type: 'string', pattern: '^Bearer ' } })
    const bodyTypes = route.bodyEncoding === 'form' ? ['application/x-www-form-urlencoded'] : route.bodyEncoding === 'json-or-form' ? ['application/json', 'application/x-www-form-urlencoded'] : ['application/json']
    const status = String(route.status ?? 200)
    const op: Record<string, unknown> = {
      summary: route.summary,
      tags: [route.tag],
      operationId: `${route.method.toLowerCase()}${route.path.replace(/[{}]/g, '').replace(/[/-](\w)/g, (_, c: string) => c.toUpperCase())}`,
      ...(parameters.length > 0 && { parameters }),
      ...(route.body && {
        requestBody: { required: true, content: Object.fromEntries(bodyTypes.map((t) => [t, { schema: schemaOf(route.body as z.ZodType, 'input') }])) },
      }),
      responses: {
        [status]: {
          description: 'Success',
          headers: { [PRODUCT_STATUSES_HEADER]: { $ref: '#/components/headers/ProductStatuses' } },
          content: { 'application/json': { schema: schemaOf(route.response, 'output') } },
        },
        default: { $ref: '#/components/responses/Error' },
      },
    }
    ;(paths[route.path] ??= {})[route.method.toLowerCase()] = op
  }
  return {
    openapi: '3.1.0',
    info: {
      ...info,
      description:
        'The broker’s provider API. Every answer carries the `x-site-product-statuses` header (JSON). Errors use `{error: {code, message, pretty_message}}`; a 422 carries a field → messages map in `message`; code 503 means maintenance.',
    },
    servers: [{ url: API_BASE }],
    paths,
    components: {
      headers: { ProductStatuses: { description: 'Product statuses as JSON', schema: { type: 'string', contentMediaType: 'application/json', contentSchema: schemaOf(ProductStatuses, 'output') } } },
      responses: { Error: { description: 'Error', content: { 'application/json': { schema: schemaOf(ErrorBody, 'output') } } } },
    },
  }
}
