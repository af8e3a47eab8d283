import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serve } from 'srvx/node'
import { LanguageList, MaintenanceStatus, ProductList } from '~/contract/site'
import { httpTransport, inProcessTransport, MaintenanceError, ProviderClient, ProviderError } from '~/server/provider/client'
import { CookieConsent } from '~/contract/site'
import { registerUser } from '../support/accounts'
import { databaseKinds, operator, startTestApi, type TestApi } from '../support/api'

type Server = ReturnType<typeof serve>

describe.each(databaseKinds)('provider client against the API on %s', (kind) => {
  let t: TestApi
  let server: Server
  const transports: Record<string, () => ProviderClient> = {}

  beforeAll(async () => {
    t = await startTestApi(kind)
    server = serve({ fetch: t.api.fetch, port: 0, hostname: '127.0.0.1', silent: true })
    await server.ready()
    transports['in-process'] = () => new ProviderClient(inProcessTransport(async () => t.api))
    transports['HTTP'] = () => new ProviderClient(httpTransport(`${server.url!.replace(/\/$/, '')}/api/v1`))
  })
  afterAll(async () => {
    await server?.close(true)
    await t?.close()
  })

  for (const transport of ['in-process', 'HTTP']) {
    describe(transport, () => {
      it('reads typed answers and keeps the statuses of the header', async () => {
        const client = transports[transport]!()
        expect(client.statuses.current).toBeUndefined()
        const { data } = await client.call('/products', { schema: ProductList })
        expect(data).toHaveLength(5)
        expect(client.statuses.current?.is_rca_available).toBe(true)
        const languages = await client.call('/languages', { schema: LanguageList })
        expect(languages.data[0]).toEqual({ code: 'ro', name: 'Română', is_default: true })
      })

      it('replaces the stored statuses when updated_at changes, and only then', async () => {
        const client = transports[transport]!()
        const seen: string[] = []
        client.statuses.subscribe((s) => seen.push(s.updated_at))
        await client.call('/products', { schema: ProductList })
        await client.call('/languages', { schema: LanguageList })
        expect(seen).toHaveLength(1)
        await operator(t, '/product-statuses/hu-vignette', 'PUT', { available: false })
        const { data } = await client.call('/products', { schema: ProductList })
        expect(seen).toHaveLength(2)
        expect(client.statuses.current?.is_hu_vignette_available).toBe(false)
        expect(data.find((p) => p.code === 'hu-vignette')?.is_available).toBe(false)
        await operator(t, '/product-statuses/hu-vignette', 'PUT', { available: true })
      })

      it('sends forms, bearer, language and client address', async () => {
        const client = transports[transport]!()
        const { session } = await registerUser(t)
        const consent = await client.call('/cookie-consents', {
          method: 'POST',
          json: { consent: { necessary: true, preferences: true, analytics: true, marketing: true }, token: '' },
          bearer: session.access_token,
          clientIp: '192.0.2.44',
          schema: CookieConsent,
        })
        const row = (await t.deps.database.db.query.cookieConsents.findMany()).find((r) => r.id === consent.id)
        expect(row).toMatchObject({ ip: '192.0.2.44', authenticated: true, userId: session.user.id })
      })

      it('raises the error body: field errors on 422, maintenance on 503', async () => {
        const client = transports[transport]!()
        const invalid = await client.call('/cookie-consents', { method: 'POST', json: { token: 1 }, locale: 'ro', schema: CookieConsent }).catch((e: unknown) => e)
        expect(invalid).toBeInstanceOf(ProviderError)
        expect((invalid as ProviderError).status).toBe(422)
        expect(Object.keys((invalid as ProviderError).fieldErrors ?? {})).toContain('token')

        await operator(t, '/maintenance', 'PUT', { active: true })
        try {
          const down = await client.call('/products', { schema: ProductList }).catch((e: unknown) => e)
          expect(down).toBeInstanceOf(MaintenanceError)
          expect((down as MaintenanceError).body.error.code).toBe(503)
          const status = await client.call('/maintenances/status', { schema: MaintenanceStatus })
          expect(status.is_active).toBe(true)
        } finally {
          await operator(t, '/maintenance', 'PUT', { active: false })
        }
        await expect(client.call('/products', { schema: ProductList })).resolves.toBeDefined()
      })
    })
  }
})
