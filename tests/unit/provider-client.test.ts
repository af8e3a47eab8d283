import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { answerOf, MaintenanceError, ProviderClient, ProviderError, type Transport } from '~/server/provider/client'

/** A scripted transport: the insurer-facing network boundary, replayed. */
function scripted(...statuses: number[]) {
  const calls: { path: string; init: RequestInit }[] = []
  const transport: Transport = async (path, init) => {
    calls.push({ path, init })
    const status = statuses[Math.min(calls.length - 1, statuses.length - 1)] ?? 200
    const body = status < 400 ? { ok: true } : { error: { code: status, message: 'x', pretty_message: 'x' } }
    return answerOf(new Response(JSON.stringify(body), { status }))
  }
  return { calls, transport }
}

const Ok = z.object({ ok: z.literal(true) })

describe('provider client retries', () => {
  it('retries a body-less call once on a transient status', async () => {
    for (const status of [408, 409, 425, 429, 500, 502, 504]) {
      const { calls, transport } = scripted(status, 200)
      await expect(new ProviderClient(transport).call('/x', { schema: Ok })).resolves.toEqual({ ok: true })
      expect(calls).toHaveLength(2)
    }
  })

  it('gives up after one retry', async () => {
    const { calls, transport } = scripted(502, 502, 200)
    await expect(new ProviderClient(transport).call('/x', { schema: Ok })).rejects.toBeInstanceOf(ProviderError)
    expect(calls).toHaveLength(2)
  })

  it('never retries a call with a body', async () => {
    const { calls, transport } = scripted(500, 200)
    await expect(new ProviderClient(transport).call('/x', { method: 'POST', json: {}, schema: Ok })).rejects.toMatchObject({ status: 500 })
    expect(calls).toHaveLength(1)
  })

  it('does not retry other errors', async () => {
    const { calls, transport } = scripted(404, 200)
    await expect(new ProviderClient(transport).call('/x', { schema: Ok })).rejects.toMatchObject({ status: 404 })
    expect(calls).toHaveLength(1)
  })

  const answering = (status: number, message: string): Transport => async () =>
    answerOf(new Response(JSON.stringify({ error: { code: status, message, pretty_message: 'x' } }), { status }))

  it('turns code 503 maintenance into a maintenance error', async () => {
    await expect(new ProviderClient(answering(503, 'maintenance')).call('/x', { schema: Ok })).rejects.toBeInstanceOf(MaintenanceError)
  })

  it('keeps a service of ours that is down (503 with its own reason) apart from maintenance', async () => {
    const refused = new ProviderClient(answering(503, 'quote_service_unavailable')).call('/x', { method: 'POST', json: {}, schema: Ok })
    await expect(refused).rejects.toBeInstanceOf(ProviderError)
    await expect(refused).rejects.not.toBeInstanceOf(MaintenanceError)
  })

  it('sends a form as urlencoded and the query string', async () => {
    const { calls, transport } = scripted(200)
    await new ProviderClient(transport).call('/auth/login', { method: 'POST', form: { email: 'a@b.ro', password: 'p w' }, query: { a: '1', b: undefined }, schema: Ok })
    expect(calls[0]?.path).toBe('/auth/login?a=1')
    expect(calls[0]?.init.body).toBe('email=a%40b.ro&password=p+w')
    expect(new Headers(calls[0]?.init.headers).get('content-type')).toBe('application/x-www-form-urlencoded')
  })

  it('rejects an answer that does not match the schema', async () => {
    const transport: Transport = async () => answerOf(new Response(JSON.stringify({ ok: 'yes' }), { status: 200 }))
    await expect(new ProviderClient(transport).call('/x', { schema: Ok })).rejects.toThrow()
  })
})
