/**
 * Two nodes behave as one: the cluster of `npm run start:cluster`, from the build
 * (`dist/node/*.js`, so `npm run build` first), two web nodes and two realtime nodes on a
 * PostgreSQL database made for this run and the test Redis under a key prefix of this run, the
 * proxy in front. Requests name their node with `x-cluster-node` where it matters ("made on A,
 * used on B"); everything else goes round-robin, as a load balancer sends it.
 *
 * Needs TEST_DATABASE_URL (an admin URL: the test creates and drops its own database) and
 * TEST_REDIS_URL; without them it is skipped, saying so.
 */
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import PusherServer from 'pusher'
import Pusher from 'pusher-js'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuthSession, UserLookup } from '~/contract/auth'
import { privateUserChannel } from '~/contract/realtime'
import { startLocalCluster, type LocalCluster, type NodeName } from '~/server/cluster/local-cluster'
import { PIN_HEADER } from '~/server/cluster/proxy'
import { SANDBOX_TEST_CARDS } from '~/server/sandbox/payments'
import type { TestApi } from '../support/api'
import { login, registerUser, strongPassword } from '../support/accounts'
import { pollUntilComplete, postRcaQuote, rcaRequestFromTomorrow } from '../support/quotes'
import { eventually, record, subscribe } from '../realtime/support'

const adminUrl = process.env.TEST_DATABASE_URL
const redisUrl = process.env.TEST_REDIS_URL
const missing = [...(adminUrl ? [] : ['TEST_DATABASE_URL']), ...(redisUrl ? [] : ['TEST_REDIS_URL'])]

/** A port nobody listens on now (the nodes are separate processes: each needs its own, known in advance). */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** The JSON log lines a node printed with `event` (every process logs JSON lines). */
function events(cluster: LocalCluster, node: NodeName, event: string): Record<string, unknown>[] {
  return cluster
    .node(node)
    .lines.filter((line) => line.includes(`"event":"${event}"`))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
}

/** Waits until `check` holds (every 100 ms, `ms` at most). */
async function until(check: () => Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  for (const deadline = Date.now() + ms; ; await new Promise((resolve) => setTimeout(resolve, 100))) {
    if (await check()) return
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
  }
}

if (missing.length > 0) {
  process.stderr.write(`tests/cluster skipped: ${missing.join(' and ')} not set (PostgreSQL and Redis; .ci/run sets them)\n`)
  describe(`two nodes behave as one: skipped, ${missing.join(' and ')} not set (PostgreSQL and Redis; .ci/run sets them)`, () => {
    it.skip('needs PostgreSQL and Redis', () => {})
  })
} else {
  describe('two nodes behave as one', () => {
    const database = `asiguro_cluster_${randomBytes(5).toString('hex')}`
    const prefix = `asiguro-cluster-test:${randomBytes(4).toString('hex')}:`
    let cluster: LocalCluster
    let dataDir: string
    let sql: postgres.Sql

    /** The provider API through the proxy, on `node` when named: the shape the shared helpers take. */
    const api = (node?: NodeName) =>
      ({
        call: (apiPath: string, init: RequestInit = {}) => {
          const headers = new Headers(init.headers)
          if (node) headers.set(PIN_HEADER, node)
          return fetch(`${cluster.url}/api/v1${apiPath}`, { ...init, headers, redirect: 'manual' })
        },
      }) as unknown as TestApi

    beforeAll(async () => {
      const admin = postgres(adminUrl!, { max: 1, onnotice: () => {} })
      await admin.unsafe(`create database ${database}`)
      await admin.end()
      const url = new URL(adminUrl!)
      url.pathname = `/${database}`
      dataDir = await mkdtemp(path.join(tmpdir(), 'asiguro-cluster-'))
      const ports = { 'web-1': await freePort(), 'web-2': await freePort(), 'realtime-1': await freePort(), 'realtime-2': await freePort(), sandbox: await freePort(), proxy: 0 }
      cluster = await startLocalCluster({
        ports,
        env: {
          ...process.env,
          APP_ENV: 'test',
          DATA_DIR: dataDir,
          DATABASE_URL: url.toString(),
          REDIS_URL: redisUrl,
          REALTIME_REDIS_PREFIX: prefix,
          LOG_LEVEL: 'info', // the nodes' lines are evidence here (vitest sets silent for in-process code)
          CAPTCHA_PROVIDER: 'none',
          // The test stands where a TLS terminator would, in front of the proxy: the last address
          // it sends in X-Forwarded-For is the client's, so each case can speak from its own.
          TRUST_PROXY_HOPS: '1',
          REALTIME_API_RATE_LIMIT: '5',
          SANDBOX_LATENCY_SCALE: '0.05',
          INSURER_QUOTE_TIMEOUT_MS: '3000',
          SHUTDOWN_GRACE_SECONDS: '5',
        },
      })
      sql = postgres(url.toString(), { max: 2, onnotice: () => {} })
    }, 240_000)

    afterAll(async () => {
      await cluster?.stop()
      await sql?.end()
      const admin = postgres(adminUrl!, { max: 1, onnotice: () => {} })
      await admin.unsafe(`drop database if exists ${database} with (force)`)
      await admin.end()
      const redis = new Redis(redisUrl!)
      const left = await redis.keys(`${prefix}*`)
      if (left.length > 0) await redis.del(...left)
      redis.disconnect()
      if (dataDir) await rm(dataDir, { recursive: true, force: true })
    }, 60_000)

    it('ran the migrations once although both web nodes started together, and seeded the reference data once', async () => {
      const journal = JSON.parse(readFileSync('src/server/db/migrations/meta/_journal.json', 'utf8')) as { entries: unknown[] }
      const migrated = (['web-1', 'web-2'] as const).map((node) => events(cluster, node, 'db.migrated'))
      // Each node opened the database once; one applied every migration, the other found none left.
      expect(migrated.map((lines) => lines.length)).toEqual([1, 1])
      expect(migrated.map((lines) => lines[0]!.applied).sort()).toEqual([0, journal.entries.length])
      const [recorded] = await sql<{ count: number; distinct: number }[]>`select count(*)::int as count, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`
      expect(recorded).toEqual({ count: journal.entries.length, distinct: journal.entries.length })
      const [statuses] = await sql<{ count: number }[]>`select count(*)::int as count from product_statuses where deleted_at is null`
      expect(statuses!.count).toBe(1)
      const [products] = await sql<{ count: number }[]>`select count(*)::int as count from products`
      expect(products!.count).toBe(5)
    })

    it('honours on node B a session made on node A, and ends it everywhere when B signs it out', async () => {
      const { email } = await registerUser(api('web-1'))
      const signedIn = await login(api('web-1'), email, strongPassword, '203.0.113.61')
      expect(signedIn.status).toBe(200)
      const session = AuthSession.parse(await signedIn.json())
      const bearer = { authorization: `Bearer ${session.access_token}` }
      const userOn = async (node: NodeName) => UserLookup.parse(await (await api(node).call('/auth/user', { headers: bearer })).json()).data
      expect((await userOn('web-2'))?.email).toBe(email)
      expect((await api('web-2').call('/auth/logout', { method: 'POST', headers: bearer })).status).toBe(200)
      expect(await userOn('web-1')).toBeNull()

      // The web app's own session, a sealed cookie: signed in by a form post on A, read by a page on B.
      const bundle = readFileSync('dist/server/server.js', 'utf8')
      const signInId = /"([0-9a-f]{64})":\s*\{\s*functionName:\s*"signIn_createServerFn_handler"/.exec(bundle)?.[1]
      expect(signInId).toBeDefined()
      const form = new FormData()
      for (const [name, value] of Object.entries({ email, password: strongPassword, token: '' })) form.set(name, value)
      const posted = await fetch(`${cluster.url}/_serverFn/${signInId}`, {
        method: 'POST',
        body: form,
        redirect: 'manual',
        headers: { [PIN_HEADER]: 'web-1', origin: cluster.publicUrl, 'sec-fetch-site': 'same-origin', 'x-forwarded-for': '203.0.113.62' },
      })
      expect(posted.status, await posted.clone().text()).toBeLessThan(400)
      const cookie = posted.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ')
      expect(cookie).not.toBe('')
      // Pages on the name a browser opens (PUBLIC_URL): any other name is first sent there.
      const page = (node: NodeName, withCookie: boolean) => fetch(`${cluster.publicUrl}/account/profile`, { redirect: 'manual', headers: { [PIN_HEADER]: node, ...(withCookie ? { cookie } : {}) } })
      const signedOut = await page('web-2', false)
      expect(signedOut.status).toBeGreaterThanOrEqual(300)
      const onPageB = await page('web-2', true)
      expect(onPageB.status).toBe(200)
      expect(await onPageB.text()).toContain(email)
    })

    it('delivers an event published on realtime node A to a browser connected to node B, directly or through the proxy', async () => {
      const { email, session } = await registerUser(api('web-2'))
      const device = (wsPort: number) =>
        new Pusher(cluster.config.PUSHER_APP_KEY, {
          cluster: 'eu',
          wsHost: '127.0.0.1',
          wsPort,
          forceTLS: false,
          enabledTransports: ['ws'],
          channelAuthorization: { endpoint: `${cluster.url}/api/v1/pusher/auth`, transport: 'ajax', headers: { Authorization: `Bearer ${session.access_token}` } },
        })
      const onB = device(cluster.node('realtime-2').port)
      const throughProxy = device(cluster.proxy.port)
      try {
        const seen = [record(await subscribe(onB, privateUserChannel(session.user.id), 15_000)), record(await subscribe(throughProxy, privateUserChannel(session.user.id), 15_000))]
        // A sign-in on web node 1, which publishes to realtime node 1.
        expect((await login(api('web-1'), email, strongPassword, '203.0.113.63')).status).toBe(200)
        await eventually(() => seen.every((events) => events.some((e) => e.name === 'account.signed-in')), 15_000, 'the sign-in event on both devices')

        // And straight from the server SDK to node A, for a public channel a device on B listens to.
        const news = record(await subscribe(onB, 'cluster-news', 15_000))
        const sdk = new PusherServer({ appId: cluster.config.PUSHER_APP_ID, key: cluster.config.PUSHER_APP_KEY, secret: cluster.config.PUSHER_APP_SECRET, host: '127.0.0.1', port: String(cluster.node('realtime-1').port), useTLS: false })
        await sdk.trigger('cluster-news', 'published-on-a', { n: 1 })
        await eventually(() => news.some((e) => e.name === 'published-on-a'), 15_000, 'the event published on node A')
      } finally {
        onB.disconnect()
        throughProxy.disconnect()
      }
    })

    it('counts rate limits across the nodes: sign-in attempts in the database, realtime API requests in Redis', async () => {
      const { email } = await registerUser(api('web-1'))
      // Ten failed sign-ins per account in 15 minutes (authLimits), spread over both nodes.
      const statuses: number[] = []
      for (let i = 0; i < 11; i++) statuses.push((await login(api(i % 2 === 0 ? 'web-1' : 'web-2'), email, 'not the password at all', `198.51.100.${100 + i}`)).status)
      expect(statuses.slice(0, 10).every((status) => status === 401 || status === 422)).toBe(true)
      expect(statuses[10]).toBe(429)

      // REALTIME_API_RATE_LIMIT=5 a second for the cluster, not five for each node.
      const sdk = new PusherServer({ appId: cluster.config.PUSHER_APP_ID, key: cluster.config.PUSHER_APP_KEY, secret: cluster.config.PUSHER_APP_SECRET, host: '127.0.0.1', port: '1', useTLS: false })
      const trigger = (node: NodeName, name: string) => {
        const apiPath = `/apps/${cluster.config.PUSHER_APP_ID}/events`
        const body = JSON.stringify({ name, channel: 'cluster-limited', data: '{}' })
        return fetch(`${cluster.node(node).url}${apiPath}?${sdk.createSignedQueryString({ method: 'POST', path: apiPath, body })}`, { method: 'POST', body, headers: { 'content-type': 'application/json' } })
      }
      // A burst early in a second of the clock that ends within it meets one window; one that
      // ran over the second's end (a busy machine) is tried again.
      for (let attempt = 0; ; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 20))
        const second = Math.floor(Date.now() / 1000)
        const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => trigger(i % 2 === 0 ? 'realtime-1' : 'realtime-2', `burst-${attempt}-${i}`)))
        if (Math.floor(Date.now() / 1000) !== second && attempt < 4) continue
        // Five in all (counted per node it would be ten); an event a web node happened to publish
        // in the same second would take one of them.
        const accepted = answers.filter((answer) => answer.status === 200).length
        expect(accepted).toBeGreaterThanOrEqual(4)
        expect(accepted).toBeLessThanOrEqual(5)
        expect(answers.filter((answer) => answer.status === 429)).toHaveLength(12 - accepted)
        break
      }
    })

    it('issues each paid order once while both nodes run job workers, and serves its PDF from either node', async () => {
      const round = api() // round-robin, as a load balancer sends them
      const res = await postRcaQuote(round, rcaRequestFromTomorrow({ vehicle: { registration_plate: 'B 14 CLU' } }), {}, '198.51.100.140')
      expect(res.status, await res.clone().text()).toBe(201)
      const quote = await pollUntilComplete(round, ((await res.json()) as { data: { id: string } }).data.id)
      const offer = quote.offers.find((o) => o.status === 'offered')
      expect(offer).toBeDefined()

      // Four orders, two made on each node; each node hears the payment of the orders it made.
      const bought = await Promise.all(
        [0, 1, 2, 3].map(async (i) => {
          const node: NodeName = i % 2 === 0 ? 'web-1' : 'web-2'
          const email = `cluster.buyer${i}.${randomBytes(3).toString('hex')}@example.ro`
          const created = await api(node).call('/orders', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'idempotency-key': `cluster-${i}-${randomBytes(4).toString('hex')}` },
            body: JSON.stringify({ offer_id: offer!.id, accepted_documents: offer!.documents.map((d) => d.id), token: '', customer: { first_name: 'Maria', last_name: 'Ionescu', email, phone: '0722123456', address: { county: 'Cluj', city: 'Cluj-Napoca', street: 'Str. Horea 12' } } }),
          })
          expect(created.status, await created.clone().text()).toBe(201)
          const { data } = (await created.json()) as { data: { id: string; access_token: string; payment: { url: string } } }
          const paid = await fetch(data.payment.url, { method: 'POST', body: new URLSearchParams({ card_number: SANDBOX_TEST_CARDS.approved, expiry: '12/34', cvc: '123', holder: 'Maria Ionescu' }), redirect: 'manual' })
          expect(paid.status).toBeLessThan(400)
          return { ...data, email }
        }),
      )
      const read = async (id: string, token: string, node?: NodeName) => (await (await api(node).call(`/orders/${id}`, { headers: { 'x-order-token': token } })).json()) as { data: { status: string } }
      await until(async () => (await Promise.all(bought.map((o) => read(o.id, o.access_token)))).every((o) => o.data.status === 'issued'), 'every order issued', 60_000)
      const ids = bought.map((o) => o.id)

      // Once each: one issuance job, run once (attempt 1), by one node: the two nodes' lines together name each order's job once.
      const issueJobs = await sql<{ dedupe_key: string; status: string; attempts: number; id: string }[]>`select dedupe_key, status, attempts, id from jobs where dedupe_key in ${sql(ids.map((id) => `order.issue:${id}`))}`
      expect(issueJobs).toHaveLength(4)
      for (const job of issueJobs) expect(job).toMatchObject({ status: 'done', attempts: 1 })
      const ranBy = (['web-1', 'web-2'] as const).flatMap((node) => events(cluster, node, 'jobs.done').filter((line) => issueJobs.some((job) => job.id === line.jobId)))
      expect(ranBy.map((line) => line.jobId).sort()).toEqual(issueJobs.map((job) => job.id).sort())
      const policies = await sql<{ order_id: string; status: string }[]>`select order_id, status from order_policies where order_id in ${sql(ids)}`
      expect(policies.map((p) => p.status)).toEqual(['issued', 'issued', 'issued', 'issued'])
      await until(async () => (await sql`select 1 from mail_outbox where kind = 'policy-issued' and to_address in ${sql(bought.map((o) => o.email))}`).length >= 4, 'the policy mails')
      const mails = await sql<{ to: string }[]>`select to_address as "to" from mail_outbox where kind = 'policy-issued' and to_address in ${sql(bought.map((o) => o.email))}`
      expect(mails.map((m) => m.to).sort()).toEqual(bought.map((o) => o.email).sort())

      // The PDF lives in the database, so the node that did not issue it serves it too.
      for (const node of ['web-1', 'web-2'] as const) {
        const pdf = await api(node).call(`/orders/${bought[0]!.id}/document`, { headers: { 'x-order-token': bought[0]!.access_token } })
        expect(pdf.status).toBe(200)
        expect(pdf.headers.get('content-type')).toContain('application/pdf')
      }
    })
  })
}
