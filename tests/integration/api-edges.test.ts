import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorBody } from '~/contract/errors'
import { databaseKinds, startTestApi, type TestApi } from '../support/api'

/** Malformed requests a fuzz run found answering 500 or outside the envelope. */
describe.each(databaseKinds)('API edges (%s)', (kind) => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi(kind)
  })
  afterAll(() => t.close())

  const enveloped = async (res: Response, status: number) => {
    expect(res.status).toBe(status)
    expect(res.headers.get('content-type')).toContain('application/json')
    const body = ErrorBody.parse(await res.json())
    expect(JSON.stringify(body)).not.toMatch(/TypeError|Cannot read|at Object|node_modules/)
    return body.error
  }

  it('answers a multipart body on the auth calls with a 4xx in the envelope, never a 500', async () => {
    for (const path of ['/auth/login', '/auth/register', '/auth/social/authentications/google']) {
      const form = new FormData()
      form.set('email', 'a@example.com')
      form.set('password', 'x')
      const res = await t.call(path, { method: 'POST', body: form })
      expect([400, 415, 422]).toContain(res.status)
      await enveloped(res, res.status)
    }
  })

  it('answers a multipart body that does not parse (no boundary, cut short) with 400 in the envelope', async () => {
    const broken: [string, string][] = [
      ['multipart/form-data; boundary=x', 'garbage'],
      ['multipart/form-data', '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na\r\n--x--\r\n'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nunterminated'],
    ]
    for (const path of ['/auth/login', '/auth/register', '/auth/social/authentications/google']) {
      for (const [type, body] of broken) {
        const error = await enveloped(await t.call(path, { method: 'POST', headers: { 'content-type': type }, body }), 400)
        expect(error.message, `${path} ${type}`).toBe('bad_request')
      }
    }
  })

  it('answers a NUL byte in a query with 400 in the envelope', async () => {
    await enveloped(await t.call('/dev/mailbox?to=a%00b'), 400)
    await enveloped(await t.call('/quotes/abc?after=%00'), 400)
    await enveloped(await t.call('/contact-messages', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'a\u0000b' }) }), 400)
  })

  it('answers a malformed escape in a path parameter with 400 in the envelope', async () => {
    await enveloped(await t.call('/partners/%ff'), 400)
    await enveloped(await t.call('/quotes/%E0%A4%A'), 400)
  })
})
