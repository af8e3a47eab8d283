import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

/**
 * The process's Prometheus metrics, read by the operator at `GET /api/v1/operator/metrics`.
 * Code that has something to count imports a metric from here and only increments it; the
 * names, labels and help texts live in this one file.
 */
function createMetrics() {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  return {
    registry,
    /** Part of `nodejs_external_memory_bytes` (prom-client's defaults do not report it): Node buffers and array buffers. */
    arrayBuffers: new Gauge({
      name: 'nodejs_array_buffers_bytes',
      help: 'Memory of ArrayBuffers and Node Buffers, in bytes (process.memoryUsage().arrayBuffers).',
      registers: [registry],
      collect() {
        this.set(process.memoryUsage().arrayBuffers)
      },
    }),
    /** Every answered HTTP request: the API's by route pattern, the web app's as `page`, `server_fn`. */
    httpRequests: new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by route and status.', labelNames: ['method', 'route', 'status'] as const, registers: [registry] }),
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request (until the response headers), by route.',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    /** Jobs of the durable queue by kind and status (`queued`, `running`, `done`, `failed`, `cancelled`), read at each scrape. */
    jobs: new Gauge({ name: 'jobs', help: 'Jobs in the durable queue, by kind and status.', labelNames: ['kind', 'status'] as const, registers: [registry] }),
    /** One insurer's answer to a quote request: `outcome` is `offer`, `declined`, `failed` or `timeout`. */
    quoteAnswers: new Counter({ name: 'quote_answers_total', help: 'Insurer answers to quote requests, by insurer and outcome.', labelNames: ['insurer', 'outcome'] as const, registers: [registry] }),
    /** A payment reaching a status (`authorized`, `paid`, `declined`, `failed`, `refunded`, …) with a processor. */
    payments: new Counter({ name: 'payments_total', help: 'Payments reaching a status, by processor and status.', labelNames: ['provider', 'status'] as const, registers: [registry] }),
    /**
     * A processor notification refused and not stored: `too_large` (over 8 KiB), `rate_limited`
     * (its address sent too many), `bad_signature`, `malformed`.
     */
    refusedNotifications: new Counter({
      name: 'payment_notifications_refused_total',
      help: 'Payment notifications refused without being stored, by processor and reason.',
      labelNames: ['provider', 'reason'] as const,
      registers: [registry],
    }),
    /** A server function call refused before it ran: `too_large` (its body over the limit). */
    refusedServerFunctions: new Counter({ name: 'server_function_refusals_total', help: 'Server function calls refused before running, by reason.', labelNames: ['reason'] as const, registers: [registry] }),
  }
}

export type Metrics = ReturnType<typeof createMetrics>

// One set per process, on globalThis: the Node entry and the server bundle each carry a copy of
// this module (decision 60), and a second registration of a metric name would throw.
const key = Symbol.for('asiguro.metrics')
export const metrics: Metrics = ((globalThis as Record<symbol, unknown>)[key] ??= createMetrics()) as Metrics

/** Insurer answers: `metrics.quoteAnswers.inc({ insurer, outcome })`. */
export const quoteAnswers = metrics.quoteAnswers
/** Payment statuses: `metrics.payments.inc({ provider, status })`. */
export const payments = metrics.payments

/** Refused processor notifications: `refusedNotifications.inc({ provider, reason })`. */
export const refusedNotifications = metrics.refusedNotifications

/** Records one answered request. */
export function observeRequest(method: string, route: string, status: number, seconds: number): void {
  metrics.httpRequests.inc({ method, route, status: String(status) })
  metrics.httpDuration.observe({ method, route }, seconds)
}

/** The text exposition, with the job counts read just now. */
export async function renderMetrics(jobCounts: () => Promise<{ kind: string; status: string; count: number }[]>): Promise<{ contentType: string; text: string }> {
  metrics.jobs.reset()
  for (const row of await jobCounts()) metrics.jobs.set({ kind: row.kind, status: row.status }, row.count)
  return { contentType: metrics.registry.contentType, text: await metrics.registry.metrics() }
}
