import { expect } from 'vitest'
import { addDays } from '~/contract/iso-date'
import { QuoteEnvelope, type Quote } from '~/contract/quotes'
import { RcaQuoteInput, type RcaQuoteInputRaw } from '~/contract/rca'
import { todayInBucharest } from '~/i18n/dates'
import { sandboxClassOf } from '~/server/sandbox/claims-history'
import { quoteBehaviour } from '~/server/sandbox/insurers'
import { json, type TestApi } from './api'
import { TEST_SANDBOX_CLOCK } from './sandbox'
import { rcaRequest } from './rca'

/** `rcaRequest` starting tomorrow (Bucharest), so it is valid whenever the test runs. */
export function rcaRequestFromTomorrow(overrides: Parameters<typeof rcaRequest>[0] = {}): RcaQuoteInputRaw {
  return rcaRequest({ ...overrides, policy: { start_date: addDays(todayInBucharest(), 1), ...overrides.policy } })
}

/** What every sandbox insurer is sent for `raw`: the request as validated, without the token, with the class the claims history keeps. */
export function insurerPayloadOf(raw: RcaQuoteInputRaw): Record<string, unknown> {
  const { token: _token, ...request } = RcaQuoteInput.parse(raw)
  const owner = request.owner
  const key = owner.type === 'person' ? `person:${owner.cnp}` : `company:${owner.cui}:${request.vehicle.vin}`
  return { ...request, bonus_malus: sandboxClassOf(key) }
}

export type Outcome = 'answer' | 'error' | 'hang'

/**
 * The test sandbox's draw for each insurer on this request (answer, 5xx or hang): what the quote
 * engine ends with (the second try's draw when the first failed: it asks once more), or with
 * `{ tries: 1 }` the first try's alone (an adapter called directly).
 */
export function outcomesOf(raw: RcaQuoteInputRaw, insurers: readonly string[], { tries = 2 }: { tries?: 1 | 2 } = {}): Record<string, Outcome> {
  const payload = insurerPayloadOf(raw)
  const draw = (code: string, attempt: number) => quoteBehaviour(code, 'rca', payload, { attempt, at: TEST_SANDBOX_CLOCK }).outcome
  return Object.fromEntries(
    insurers.map((code) => {
      const first = draw(code, 1)
      return [code, first === 'answer' || tries === 1 ? first : draw(code, 2)]
    }),
  )
}

/** Posts an RCA quote request from `ip`; answers the response. */
export function postRcaQuote(t: TestApi, raw: unknown, headers: Record<string, string> = {}, ip = '198.51.100.7'): Promise<Response> {
  return t.call('/products/rca/quotes', json(raw, { 'x-forwarded-for': ip, ...headers }))
}

/** Long-polls a quote until it is complete (each call waits for the next answer). */
export async function pollUntilComplete(t: TestApi, id: string, headers: Record<string, string> = {}): Promise<Quote> {
  let answered = 0
  for (let round = 0; round < 50; round++) {
    const res = await t.call(`/quotes/${id}?after=${answered}&wait=10`, { headers })
    expect(res.status).toBe(200)
    const { data } = QuoteEnvelope.parse(await res.json())
    if (data.status === 'complete') return data
    answered = data.insurers_answered
  }
  throw new Error(`quote ${id} did not complete`)
}
