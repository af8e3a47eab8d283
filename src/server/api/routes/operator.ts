import { z } from 'zod'
import { MaintenanceStatus, ProductCode, ProductStatuses } from '~/contract/site'
import { renderMetrics } from '../../metrics'
import { defineRoute } from '../route'

/**
 * Operator endpoints used by `npm run cli` while the server holds the embedded database.
 * They require the operator token (kept in `DATA_DIR/secrets.json` or `OPERATOR_TOKEN`)
 * and answer during maintenance, so maintenance can be switched off.
 */
export const operatorRoutes = [
  defineRoute({
    method: 'PUT',
    path: '/operator/maintenance',
    tag: 'operator',
    summary: 'Switches maintenance mode on or off.',
    auth: 'operator',
    duringMaintenance: true,
    body: z.object({ active: z.boolean(), message: z.string().max(500).optional() }),
    response: MaintenanceStatus,
    handler: async ({ body, deps }) => ({ body: await deps.site.setMaintenance(body.active, body.message) }),
  }),
  defineRoute({
    method: 'PUT',
    path: '/operator/product-statuses/{code}',
    tag: 'operator',
    summary: 'Makes a product available or unavailable.',
    auth: 'operator',
    duringMaintenance: true,
    params: z.object({ code: ProductCode }),
    body: z.object({ available: z.boolean() }),
    response: ProductStatuses,
    handler: async ({ params, body, deps }) => ({ body: await deps.site.setProductAvailable(params.code, body.available) }),
  }),
  defineRoute({
    method: 'POST',
    path: '/operator/seed',
    tag: 'operator',
    summary: 'Seeds reference and demonstration data (idempotent).',
    auth: 'operator',
    duringMaintenance: true,
    response: z.object({ seeded: z.literal(true) }),
    handler: async ({ deps }) => {
      // The same data as at start, so `npm run cli -- seed` does the same through the server or directly.
      await deps.site.reseed({ demo: deps.config.APP_ENV !== 'production' })
      return { body: { seeded: true as const } }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/operator/metrics',
    tag: 'operator',
    summary: 'Prometheus metrics of this node (text exposition format): requests by route and status, latency, jobs by kind and status, insurer answers, payments, process figures.',
    auth: 'operator',
    duringMaintenance: true,
    response: z.string(),
    handler: async ({ deps }) => {
      const { contentType, text } = await renderMetrics(() => deps.jobs.counts())
      return { body: text, headers: { 'content-type': contentType } }
    },
  }),
]
