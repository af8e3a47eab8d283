import { describe, expect, it } from 'vitest'
import { serovalNode, serovalPayload, serovalValue } from '../../fuzz/seroval'
import { judge, type Answer } from '../../fuzz/verdict'

/** What the fuzzer (`npm run fuzz`) counts as a failure: the rules of docs/security.md, "Fuzzing". */
const answer = (status: number, text: string, headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' }, ms = 20): Answer => ({ status, text, headers: new Headers(headers), ms })
const api = { method: 'POST', url: '/api/v1/auth/login' }
const fn = { method: 'POST', url: `/_serverFn/${'a'.repeat(64)}` }
const envelope = (code: number) => JSON.stringify({ error: { code, message: 'bad_request', pretty_message: 'Cererea nu a putut fi citită.' } })
const serialised = (value: unknown) => JSON.stringify(serovalNode(value))
const kinds = (request: { method: string; url: string }, a: Answer) => judge(request, a).map((p) => p.kind)

describe('the fuzzer’s verdict', () => {
  it('accepts a 4xx in the envelope and refuses a 5xx, a slow answer and no answer', () => {
    expect(kinds(api, answer(422, envelope(422)))).toEqual([])
    expect(kinds(api, answer(500, envelope(500)))).toEqual(['server_error'])
    expect(kinds(api, answer(200, '{}', {}, 5_001))).toEqual(['slow'])
    expect(kinds(api, { ...answer(0, ''), failure: 'socket hang up' })).toEqual(['no_answer'])
  })

  it('refuses an API 4xx outside the envelope: plain text, another JSON, a code that is not the status', () => {
    expect(kinds(api, answer(400, 'Bad Request', { 'content-type': 'text/plain; charset=UTF-8' }))).toEqual(['not_enveloped'])
    expect(kinds(api, answer(401, '{"received":false}'))).toEqual(['not_enveloped'])
    expect(kinds(api, answer(404, envelope(400)))).toEqual(['not_enveloped'])
  })

  it('refuses a runtime’s or a parser’s words and stack frames in any answer, a 200 too', () => {
    expect(kinds(fn, answer(200, 'Cannot read properties of undefined (reading \u0027email\u0027)'))).toEqual(['leak'])
    expect(kinds(api, answer(400, JSON.stringify({ error: { code: 400, message: 'x', pretty_message: 'Seroval Error (step: 3)' } })))).toEqual(['leak'])
    expect(kinds(api, answer(200, '    at handleServerAction (file:///srv/dist/server/server.js:938:65)'))).toEqual(['leak'])
    expect(kinds(api, answer(200, 'Open at Bucharest 10:00:00, closes at 18:00:00'))).toEqual([])
  })

  it('accepts the server-function shapes: the envelope, a shallow error with a sentence, null, a form’s refusal, a redirect to the site', () => {
    const tss = { 'content-type': 'application/json', 'x-tss-serialized': 'true' }
    const shallowError = JSON.stringify({ t: 10, i: 0, p: { k: ['error'], v: [{ t: 25, i: 1, s: { message: { t: 1, s: 'Enter your e-mail address.' } }, c: '$TSR/Error' }] }, o: 0 })
    expect(kinds(fn, answer(400, envelope(400)))).toEqual([])
    expect(kinds(fn, answer(422, shallowError, tss))).toEqual([])
    expect(kinds(fn, answer(404, serialised({ result: null }), tss))).toEqual([])
    expect(kinds(fn, answer(422, serialised({ result: { ok: false, fields: { email: ['Enter your e-mail address.'] } } }), tss))).toEqual([])
    expect(kinds(fn, answer(401, JSON.stringify({ to: '/authenticate', statusCode: 307, href: '/authenticate?reason=signed_out', isSerializedRedirect: true })))).toEqual([])
    expect(kinds(fn, answer(401, '', { location: '/authenticate?reason=signed_out' }))).toEqual([])
  })

  it('refuses other server-function 4xx: plain text, an error carrying more than its message, a redirect off the site', () => {
    const tss = { 'content-type': 'application/json', 'x-tss-serialized': 'true' }
    const withStack = JSON.stringify({ t: 10, i: 0, p: { k: ['error'], v: [{ t: 13, i: 1, s: 0, m: 'x', p: { k: ['stack'], v: [{ t: 1, s: 'y' }] } }] }, o: 0 })
    expect(kinds(fn, answer(405, 'Method not allowed', { 'content-type': 'text/plain;charset=UTF-8' }))).toEqual(['not_enveloped'])
    expect(kinds(fn, answer(400, withStack, tss))).toEqual(['not_enveloped'])
    expect(kinds(fn, answer(422, serialised({ result: { ok: true } }), tss))).toEqual(['not_enveloped'])
    expect(kinds(fn, answer(401, JSON.stringify({ href: '//evil.example/', isSerializedRedirect: true })))).toEqual(['not_enveloped'])
    expect(kinds(fn, answer(401, '', { location: 'https://evil.example/' }))).toEqual(['not_enveloped'])
  })
})

describe('the fuzzer’s Seroval', () => {
  it('writes plain values as Start’s client does and reads them back, odd strings and numbers included', () => {
    const value = { email: 'a"<b>\\\u0000\u2028é', n: -1.5, nan: NaN, inf: -Infinity, zero: -0, list: [null, undefined, true, false], nested: { k: '' } }
    expect(serovalValue(serovalNode(value))).toEqual(value)
    expect(JSON.parse(serovalPayload({ a: 1 }))).toEqual({ t: { t: 10, i: 0, p: { k: ['data'], v: [{ t: 10, i: 1, p: { k: ['a'], v: [{ t: 0, s: 1 }] }, o: 0 }] }, o: 0 }, f: 127, m: [] })
    // Seroval's own escape of `<`.
    expect(serovalValue({ t: 1, s: 'a\\x3Cb' })).toBe('a<b')
  })
})
