import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { InsurerRecord, InsurerRecordList, QuoteEnvelope } from '~/contract/quotes'
import { RegisteredVehicle } from '~/contract/rca'
import { insurers, offers, quotes } from '~/server/db/schema'
import { InsurerUnavailable } from '~/server/insurers/adapter'
import { SandboxInsurerAdapter } from '~/server/insurers/sandbox-adapter'
import { createInsurerSandbox, quoteBehaviour, quoteReference } from '~/server/sandbox/insurers'
import { newCapabilityId } from '~/server/quotes/service'
import { databaseKinds, errorOf, operator, startTestApi, type TestApi } from '../support/api'
import { TEST_SANDBOX_CLOCK } from '../support/sandbox'
import { insurerPayloadOf, outcomesOf, pollUntilComplete, postRcaQuote, rcaRequestFromTomorrow } from '../support/quotes'
import { z } from 'zod'

/** A payload whose draw at `insurer` is `outcome`, by varying the plate. */
function payloadWith(insurer: string, outcome: 'answer' | 'error' | 'hang'): Record<string, unknown> {
  for (let n = 10; n < 100; n++) {
    for (const county of ['CJ', 'BV', 'IS', 'TM']) {
      const raw = rcaRequestFromTomorrow({ vehicle: { registration_plate: `${county} ${n} ABC` } })
      if (outcomesOf(raw, [insurer], { tries: 1 })[insurer] === outcome) return insurerPayloadOf(raw)
    }
  }
  throw new Error(`no payload makes ${insurer} ${outcome}`)
}

describe.each(databaseKinds)('quote engine on %s', (kind) => {
  let t: TestApi
  let sandboxUrl: string
  beforeAll(async () => {
    t = await startTestApi(kind, { INSURER_QUOTE_TIMEOUT_MS: '2000' }, { sandbox: { latencyScale: 0.02 } })
    sandboxUrl = t.sandbox?.url ?? ''
  })
  afterAll(async () => {
    await t?.close()
  })

  describe('the sandbox insurer service, through the HTTP adapter', () => {
    it('prices the same request the same way every time, with a reference bound to it', async () => {
      const payload = payloadWith('generali', 'answer')
      const adapter = new SandboxInsurerAdapter(sandboxUrl, 'generali')
      const first = await adapter.quote('rca', payload, AbortSignal.timeout(5000))
      const second = await adapter.quote('rca', payload, AbortSignal.timeout(5000))
      expect(first).toEqual(second)
      expect(first).toMatchObject({ status: 'offered', reference: quoteReference('generali', 'rca', payload) })
    })

    it('fails with a 5xx or hangs past the timeout as its draw says', async () => {
      const adapter = new SandboxInsurerAdapter(sandboxUrl, 'omniasig')
      await expect(adapter.quote('rca', payloadWith('omniasig', 'error'), AbortSignal.timeout(5000))).rejects.toMatchObject({ name: 'InsurerUnavailable', reason: 'insurer_error' })
      const hang = adapter.quote('rca', payloadWith('omniasig', 'hang'), AbortSignal.timeout(300))
      await expect(hang).rejects.toBeInstanceOf(InsurerUnavailable)
      await expect(hang).rejects.toMatchObject({ reason: 'timeout' })
    })

    it('with failures off (SANDBOX_INSURER_FAILURES=none) prices the requests its draw would fail or leave unanswered', async () => {
      const answering = createInsurerSandbox({ latencyScale: 0, clock: () => TEST_SANDBOX_CLOCK, failures: 'none' })
      for (const outcome of ['error', 'hang'] as const) {
        const payload = payloadWith('omniasig', outcome)
        // A hang would hold the request until this signal ends it with a 504.
        const request = new Request(`${sandboxUrl}/sandbox/insurers/omniasig/quotes/rca`, { method: 'POST', body: JSON.stringify(payload), headers: { 'content-type': 'application/json' }, signal: AbortSignal.timeout(5000) })
        const answer = await answering.handle(request, '/insurers/omniasig/quotes/rca')
        expect(answer?.status, outcome).toBe(200)
        expect(await answer?.json()).toMatchObject({ status: 'offered', reference: quoteReference('omniasig', 'rca', payload) })
      }
    })

    it('spreads latencies over 100 ms–3 s and fails about one request in twenty', () => {
      const draws = Array.from({ length: 2000 }, (_, i) => quoteBehaviour('asirom', 'rca', { n: i }, { attempt: 1, at: TEST_SANDBOX_CLOCK }))
      const latencies = draws.map((d) => d.latencyMs)
      expect(Math.min(...latencies)).toBeGreaterThanOrEqual(100)
      expect(Math.max(...latencies)).toBeLessThanOrEqual(3000)
      const failing = draws.filter((d) => d.outcome !== 'answer').length / draws.length
      expect(failing).toBeGreaterThan(0.02)
      expect(failing).toBeLessThan(0.09)
    })

    it('refuses requests that do not follow the product format, and unknown insurers', async () => {
      const bad = await fetch(`${sandboxUrl}/sandbox/insurers/generali/quotes/rca`, { method: 'POST', body: '{"vehicle":{}}', headers: { 'content-type': 'application/json' } })
      expect(bad.status).toBe(400)
      const unknown = await fetch(`${sandboxUrl}/sandbox/insurers/nobody/quotes/rca`, { method: 'POST', body: '{}' })
      expect(unknown.status).toBe(404)
    })

    it('issues once per idempotency key; a documented e-mail makes it refuse, another makes it unavailable', async () => {
      const payload = payloadWith('groupama', 'answer')
      const adapter = new SandboxInsurerAdapter(sandboxUrl, 'groupama')
      const quote = await adapter.quote('rca', payload, AbortSignal.timeout(5000))
      if (quote.status !== 'offered') throw new Error('expected a price')
      const request = { product: 'rca', reference: quote.reference, payload, customer: { email: 'ana@example.ro', name: 'Ana Pop' }, start_date: '2026-12-01', end_date: '2027-11-30' }
      const key = newCapabilityId()
      const first = await adapter.issue({ ...request, idempotencyKey: key }, AbortSignal.timeout(5000))
      expect(first.status).toBe('issued')
      expect(await adapter.issue({ ...request, idempotencyKey: key }, AbortSignal.timeout(5000))).toEqual(first)
      const other = await adapter.issue({ ...request, idempotencyKey: newCapabilityId() }, AbortSignal.timeout(5000))
      expect(other.status === 'issued' && first.status === 'issued' && other.policy.number !== first.policy.number).toBe(true)
      // The same key for a different policy is refused.
      expect(await adapter.issue({ ...request, end_date: '2027-05-31', idempotencyKey: key }, AbortSignal.timeout(5000))).toEqual({ status: 'refused', reason: 'idempotency_key_reused' })
      expect(await adapter.issue({ ...request, reference: 'groupama-rca-forged-reference', idempotencyKey: newCapabilityId() }, AbortSignal.timeout(5000))).toEqual({ status: 'refused', reason: 'reference_unknown' })
      expect(await adapter.issue({ ...request, customer: { ...request.customer, email: 'refuse-issue@example.ro' }, idempotencyKey: newCapabilityId() }, AbortSignal.timeout(5000))).toEqual({
        status: 'refused',
        reason: 'customer_refused',
      })
      await expect(adapter.issue({ ...request, customer: { ...request.customer, email: 'unavailable-issue@example.ro' }, idempotencyKey: newCapabilityId() }, AbortSignal.timeout(5000))).rejects.toMatchObject({
        reason: 'insurer_error',
      })
    })
  })

  describe('passing failures', () => {
    /** A request whose first try at `insurer` draws `outcome` and whose second try answers. */
    function retriedRequest(insurer: string, outcome: 'error' | 'hang') {
      for (let n = 10; n < 100; n++) {
        for (const county of ['CJ', 'BV', 'IS', 'TM', 'CT', 'AG', 'BH', 'SB', 'DJ', 'GL']) {
          const raw = rcaRequestFromTomorrow({ vehicle: { registration_plate: `${county} ${n} KLM` } })
          if (outcomesOf(raw, [insurer], { tries: 1 })[insurer] === outcome && outcomesOf(raw, [insurer])[insurer] === 'answer') return raw
        }
      }
      throw new Error(`no request makes ${insurer} ${outcome} once`)
    }

    // The insurer's own budget (its catalogue timeout), roomy enough for both tries on a busy machine.
    const BUDGET_MS = 6_000
    beforeAll(async () => {
      await t.deps.database.db.update(insurers).set({ quoteTimeoutMs: BUDGET_MS }).where(eq(insurers.code, 'groupama'))
      t.deps.insurers.forgetEnabled()
    })
    afterAll(async () => {
      await t.deps.database.db.update(insurers).set({ quoteTimeoutMs: null }).where(eq(insurers.code, 'groupama'))
      t.deps.insurers.forgetEnabled()
    })

    it.each(['error', 'hang'] as const)('asks an insurer once more after a %s, inside its time budget, and shows its price', async (outcome) => {
      const raw = retriedRequest('groupama', outcome)
      const res = await postRcaQuote(t, raw, {}, outcome === 'error' ? '192.0.2.70' : '192.0.2.71')
      const quote = await pollUntilComplete(t, QuoteEnvelope.parse(await res.json()).data.id)
      // Priced: both tries fit in the budget (a hang costs the first try's 70 % of it); the second
      // try is cut at what is left of it (`withOneRetry`), so a price is the proof, not a stopwatch.
      expect(quote.offers.find((o) => o.insurer.code === 'groupama')).toMatchObject({ status: 'offered', reason: null })
    })
  })

  describe('offers at the checkout (offerForCheckout)', () => {
    it('gives an offered price with its quote and insurer; refuses unknown, declined and expired offers', async () => {
      const raw = rcaRequestFromTomorrow({ vehicle: { usage: 'taxi', registration_plate: 'IS 10 ABC' } })
      const res = await postRcaQuote(t, raw, {}, '192.0.2.50')
      const quote = await pollUntilComplete(t, QuoteEnvelope.parse(await res.json()).data.id)
      const offered = quote.offers.find((o) => o.status === 'offered')
      const declined = quote.offers.find((o) => o.status === 'declined')
      if (!offered || !declined) throw new Error('expected an offer and a refusal')

      const checkout = await t.deps.quotes.offerForCheckout(offered.id)
      if (!checkout.ok) throw new Error(checkout.error)
      expect(checkout.offer).toEqual(offered)
      expect(checkout.quote).toMatchObject({ id: quote.id, product: 'rca', userId: null })
      expect(checkout.quote.insurerPayload).toEqual(insurerPayloadOf(raw))
      expect(checkout.reference).toBe(quoteReference(offered.insurer.code, 'rca', checkout.quote.insurerPayload))
      expect(checkout.premium).toEqual(offered.premium)
      expect(checkout.insurer).toMatchObject({ code: offered.insurer.code, adapter: 'sandbox' })

      expect(await t.deps.quotes.offerForCheckout(declined.id)).toEqual({ ok: false, error: 'not_offered' })
      expect(await t.deps.quotes.offerForCheckout(newCapabilityId())).toEqual({ ok: false, error: 'not_found' })
      const later = new Date(new Date(quote.expires_at).getTime() + 1000)
      expect(await t.deps.quotes.offerForCheckout(offered.id, later)).toEqual({ ok: false, error: 'expired' })
      // The quote still reads after expiry; only buying is refused.
      expect((await t.call(`/quotes/${quote.id}`)).status).toBe(200)
    })
  })

  describe('the catalogue', () => {
    it('stops asking a disabled insurer and asks it again once enabled (operator API)', async () => {
      const off = await operator(t, '/insurers/grawe', 'PUT', { enabled: false })
      expect(off.status).toBe(200)
      expect(InsurerRecord.parse(await off.json())).toMatchObject({ code: 'grawe', enabled: false })
      const res = await postRcaQuote(t, rcaRequestFromTomorrow(), {}, '192.0.2.51')
      const created = QuoteEnvelope.parse(await res.json()).data
      expect(created.insurers_total).toBe(8)
      expect(created.offers.map((o) => o.insurer.code)).not.toContain('grawe')
      expect(((await (await t.call('/insurers')).json()) as { data: { code: string }[] }).data.map((i) => i.code)).not.toContain('grawe')
      expect((await operator(t, '/insurers/grawe', 'PUT', { enabled: true })).status).toBe(200)
      const list = InsurerRecordList.parse(await (await operator(t, '/insurers', 'GET')).json())
      expect(list.data.find((i) => i.code === 'grawe')).toMatchObject({ enabled: true, products: ['rca'], adapter: 'sandbox' })
      expect((await operator(t, '/insurers/nobody', 'PUT', { enabled: false })).status).toBe(404)
      expect((await t.call('/operator/insurers')).status).toBe(401)
    })

    it('gives a quote with nobody to ask a complete status at once', async () => {
      await t.deps.database.db.update(insurers).set({ enabled: false })
      t.deps.insurers.forgetEnabled() // changed behind the catalogue's back, as another node would
      try {
        const res = await postRcaQuote(t, rcaRequestFromTomorrow(), {}, '192.0.2.52')
        expect(QuoteEnvelope.parse(await res.json()).data).toMatchObject({ status: 'complete', insurers_total: 0, offers: [] })
      } finally {
        await t.deps.database.db.update(insurers).set({ enabled: true })
        t.deps.insurers.forgetEnabled()
      }
    })
  })

  it('marks offers left pending by a node that stopped as failed (timeout) once every timeout has passed', async () => {
    const id = newCapabilityId()
    const long = new Date(Date.now() - 5 * 60_000)
    await t.deps.database.db.insert(quotes).values({ id, product: 'rca', request: {}, context: { bonus_malus: 'B0', months: 12 }, insurersTotal: 1, expiresAt: new Date(Date.now() + 60_000), createdAt: long })
    await t.deps.database.db.insert(offers).values({ id: newCapabilityId(), quoteId: id, insurerCode: 'asirom', startDate: '2026-12-01', endDate: '2027-11-30', createdAt: long })
    const quote = QuoteEnvelope.parse(await (await t.call(`/quotes/${id}`)).json()).data
    expect(quote).toMatchObject({ status: 'complete', insurers_answered: 1 })
    expect(quote.offers[0]).toMatchObject({ status: 'failed', reason: 'timeout' })
    const [row] = await t.deps.database.db.select().from(quotes).where(eq(quotes.id, id))
    expect(row?.completedAt).not.toBeNull()
  })

  describe('vehicle look-up', () => {
    it('answers the registration-certificate fields of a vehicle the registry knows', async () => {
      const res = await t.call('/vehicles/lookup?registration_plate=B%20123%20ABC&vin=UU1HSDAC5L5123456', { headers: { 'x-forwarded-for': '192.0.2.60' } })
      expect(res.status, await res.clone().text()).toBe(200)
      const { data } = z.object({ data: RegisteredVehicle }).parse(await res.json())
      expect(data).toMatchObject({ registration_plate: 'B123ABC', vin: 'UU1HSDAC5L5123456', category: 'car', make: expect.stringMatching(/dacia/i), power_kw: 85, fuel: 'diesel' })
    })

    it('answers 404 for an unknown vehicle and 422 with sentences for a bad plate or VIN', async () => {
      const unknown = await t.call('/vehicles/lookup?registration_plate=B999ZZZ&vin=UU1HSDAC5L5123456', { headers: { 'x-forwarded-for': '192.0.2.61', 'accept-language': 'en' } })
      expect(unknown.status).toBe(404)
      expect((await errorOf(unknown)).pretty_message).toMatch(/registration certificate/)
      const bad = await t.call('/vehicles/lookup?registration_plate=XX&vin=123', { headers: { 'x-forwarded-for': '192.0.2.61', 'accept-language': 'en' } })
      expect(bad.status).toBe(422)
      const fields = (await errorOf(bad)).message as Record<string, string[]>
      expect(fields.registration_plate?.[0]).toMatch(/registration plate/)
      expect(fields.vin?.[0]).toMatch(/VIN/)
      const missing = await t.call('/vehicles/lookup', { headers: { 'x-forwarded-for': '192.0.2.61' } })
      expect(Object.keys((await errorOf(missing)).message as object).sort()).toEqual(['registration_plate', 'vin'])
    })
  })
})
