import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { NodeRequest } from 'srvx/node'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import postgres from 'postgres'
import { ErrorBody } from '~/contract/errors'
import { PRODUCT_STATUSES_HEADER, ProductStatuses } from '~/contract/site'
import { parseConfig, type AppConfig, type SettingName } from '../../app.config'
import { buildApi, createApiDeps, type Api, type PurchaseParts } from '~/server/api'
import type { ApiDeps } from '~/server/api/deps'
import { inArray } from 'drizzle-orm'
import { offers } from '~/server/db/schema'
import { offerDocuments, uniqueDocuments } from '~/server/documents/legal'
import { startTestSandbox, TEST_PAYMENT_SANDBOX_SECRET, type TestSandbox, type TestSandboxOptions } from './sandbox'

export interface TestApi {
  api: Api
  deps: ApiDeps
  config: AppConfig
  /** Calls the API as a request from a connection would reach it (no socket here, so no peer address: see TRUST_PROXY_HOPS above). */
  call(path: string, init?: RequestInit): Promise<Response>
  /** The sandbox services, when started with `{ sandbox: … }` (`SANDBOX_URL` points at it). */
  sandbox: TestSandbox | undefined
  close(): Promise<void>
}

export interface TestApiOptions {
  /** Serve the sandbox services (insurers, claims history, vehicle registry) on a loopback port and point `SANDBOX_URL` at them. */
  sandbox?: TestSandboxOptions | true
  /** The purchase path's outside parts (payment processor, insurer, documents) a test plays itself. */
  purchase?: PurchaseParts
}

/**
 * The database kinds the integration suite runs on: PGlite, and PostgreSQL when `TEST_DATABASE_URL`
 * is set. `TEST_DATABASES=postgres` (or `pglite`) runs one kind only, so that a run after `npm test`
 * (which covered PGlite) does not test PGlite twice.
 */
export const databaseKinds: readonly ('pglite' | 'postgres')[] = (() => {
  const available = ['pglite', ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [])] as const
  const asked = process.env.TEST_DATABASES?.split(',').map((kind) => kind.trim())
  if (!asked) return available
  const kinds = available.filter((kind) => asked.includes(kind))
  if (kinds.length === 0) throw new Error(`TEST_DATABASES=${process.env.TEST_DATABASES} names no database this run has (${available.join(', ')})`)
  return kinds
})()

/** Settings a test changes, e.g. `{ CAPTCHA_PROVIDER: 'altcha' }` (the default here is `none`). */
export type TestSettings = Partial<Record<SettingName, string>>

export function testConfig(overrides: TestSettings = {}): AppConfig {
  const secret = randomBytes(32).toString('hex')
  return parseConfig({
    APP_ENV: 'test',
    SESSION_SECRET: secret,
    OPERATOR_TOKEN: `operator-${secret}`,
    PUSHER_APP_SECRET: secret,
    CAPTCHA_SECRET: secret,
    PAYMENT_SANDBOX_SECRET: TEST_PAYMENT_SANDBOX_SECRET,
    CAPTCHA_PROVIDER: 'none',
    // No realtime server unless a test starts one (tests/realtime): events go nowhere, at once.
    PUSHER_HOST: '127.0.0.1',
    PUSHER_PORT: '9',
    LOG_LEVEL: 'silent',
    // The tests act as the one proxy in front of the API: the last `X-Forwarded-For` entry they
    // send is the client, so each test can speak from addresses of its own (decision 40).
    TRUST_PROXY_HOPS: '1',
    ...overrides,
  })
}

/**
 * The run's migrated PGlite database (tests/support/database-template.ts, decision 161), when the
 * run made one: a vitest project with that global setup. Elsewhere (a bench) a database is made
 * from nothing.
 */
async function pgliteTemplate(): Promise<Blob | undefined> {
  if (!process.env.VITEST) return undefined
  const { inject } = await import('vitest')
  const file = inject('pgliteTemplate')
  return file ? new Blob([readFileSync(file)]) : undefined
}

/**
 * A provider API on a fresh database: in-memory PGlite (a copy of the run's migrated one), or a new PostgreSQL database
 * created for this test file and dropped at `close()`. Captcha checks are off (`none`)
 * unless `overrides` chooses a provider.
 */
export async function startTestApi(kind: 'pglite' | 'postgres', overrides: TestSettings = {}, options: TestApiOptions = {}): Promise<TestApi> {
  let dropDatabase = async () => {}
  const sandbox = options.sandbox ? await startTestSandbox(options.sandbox === true ? {} : options.sandbox) : undefined
  if (sandbox) overrides = { SANDBOX_URL: sandbox.url, ...overrides }
  let config: AppConfig
  if (kind === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set')
    const name = `asiguro_it_${randomBytes(6).toString('hex')}`
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
    await admin.unsafe(`create database ${name}`)
    await admin.end()
    const url = new URL(adminUrl)
    url.pathname = `/${name}`
    config = testConfig({ ...overrides, DATABASE_URL: url.toString() })
    dropDatabase = async () => {
      const again = postgres(adminUrl, { max: 1, onnotice: () => {} })
      await again.unsafe(`drop database if exists ${name} with (force)`)
      await again.end()
    }
  } else {
    config = testConfig(overrides)
  }
  const deps = await createApiDeps(config, { dataDir: ':memory:', memoryTemplate: kind === 'pglite' ? await pgliteTemplate() : undefined, ...(options.purchase ? { purchase: options.purchase } : {}) })
  const api = buildApi(deps)
  return {
    api,
    deps,
    config,
    call: (path, init) => api.fetch(new Request(`http://test.local/api/v1${path}`, init)),
    sandbox,
    close: async () => {
      await sandbox?.close()
      await deps.quotes.idle()
      await deps.jobs.stop()
      await deps.database.close()
      await dropDatabase()
    },
  }
}

/**
 * What a buyer accepts for these offers, as the checkout shows it: every document the offers
 * list (the insurer's IPID and general conditions, the broker's notice), read as the offer view
 * reads them. For tests about something else than the documents.
 */
export async function acceptedDocumentsFor(t: Pick<TestApi, 'deps'>, ...offerIds: string[]): Promise<string[]> {
  const rows = await t.deps.database.db.select().from(offers).where(inArray(offers.id, offerIds))
  const notice = { version: t.deps.config.BROKER_NOTICE_VERSION, publicUrl: t.deps.config.PUBLIC_URL }
  return uniqueDocuments(rows.map((row) => offerDocuments(row, notice))).map((document) => document.id)
}

/**
 * Reads the development mailbox as the developer's own machine does: the tests play the one
 * trusted proxy (TRUST_PROXY_HOPS=1), so they say the client is the loopback address. Anyone
 * else is answered 404 (tests/integration/dev-mailbox.test.ts).
 */
export function readMailbox(t: TestApi, to: string, limit?: number): Promise<Response> {
  const query = new URLSearchParams({ to, ...(limit ? { limit: String(limit) } : {}) })
  return t.call(`/dev/mailbox?${query}`, { headers: { 'x-forwarded-for': '127.0.0.1' } })
}

export async function operator(t: TestApi, path: string, method: string, body?: unknown): Promise<Response> {
  return t.call(`/operator${path}`, {
    method,
    headers: { authorization: `Bearer ${t.config.OPERATOR_TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  })
}

/** A JSON request (POST unless told otherwise). */
export function json(body: unknown, headers: Record<string, string> = {}, method = 'POST'): RequestInit {
  return { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }
}

/** The `error` of an error body, checked against the contract. */
export async function errorOf(res: Response): Promise<ErrorBody['error']> {
  return ErrorBody.parse(await res.json()).error
}

/** The `x-site-product-statuses` header, checked against the contract (throws when it is missing). */
export function statusesOf(res: Response): ProductStatuses {
  return ProductStatuses.parse(JSON.parse(res.headers.get(PRODUCT_STATUSES_HEADER) ?? 'null'))
}

/** Serves a test API on a loopback port, for clients that speak HTTP (pusher-js's authorization calls). */
export async function serveOverHttp(t: TestApi): Promise<{ apiUrl: string; close(): Promise<void> }> {
  // As `npm run serve` serves it: straight from node:http (src/server/serve.ts).
  const server = createServer((req: IncomingMessage, res: ServerResponse) => void t.api.serveNode(new NodeRequest({ req, res }), res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  return {
    apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
