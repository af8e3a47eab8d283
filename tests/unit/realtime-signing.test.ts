import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { channelAuth, md5Hex, userAuth, verifyRequest, webhookSignature } from '~/server/realtime/signing'

// The vectors of Pusher's documentation (auth-signatures.md, rest-api.md).
const key = '278d425bdf160c739803'
const secret = '7ad3773142a6692b25b8'

describe('realtime signing', () => {
  it('signs a private channel as the docs do', () => {
    expect(channelAuth(key, secret, '1234.1234', 'private-foobar')).toBe(`${key}:58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4`)
  })

  it('signs presence channel_data byte for byte (the docs’ text, with its corrected digest)', () => {
    const channelData = '{"user_id":10,"user_info":{"name":"Mr. Channels"}}'
    expect(channelAuth(key, secret, '1234.1234', 'presence-foobar', channelData)).toBe(`${key}:31935e7d86dba64c2a90aed31fdc61869f9b22ba9d8863bba239c03ca481bc80`)
    // The digest printed in the docs belongs to the older "Mr. Pusher" text.
    expect(channelAuth(key, secret, '1234.1234', 'presence-foobar', '{"user_id":10,"user_info":{"name":"Mr. Pusher"}}')).toMatch(/:afaed369.*304c$/)
  })

  it('signs a user sign-in as the docs do', () => {
    expect(userAuth(key, secret, '1234.1234', '{"id":"12345"}')).toBe(`${key}:4708d583dada6a56435fb8bc611c77c359a31eebde13337c16ab43aa6de336ba`)
  })

  const body = '{"name":"foo","channels":["project-3"],"data":"{\\"some\\":\\"data\\"}"}'
  const query = `auth_key=${key}&auth_timestamp=1353088179&auth_version=1.0&body_md5=ec365a775a4cd0599faeb73354201b6f&auth_signature=da454824c97ba181a32ccc17a72625ba02771f50b50e1e7430e47a1f3f457e6c`
  const request = (over: Partial<Parameters<typeof verifyRequest>[0]> = {}) =>
    verifyRequest({ method: 'POST', path: '/apps/3/events', rawQuery: `?${query}`, body: Buffer.from(body), key, secret, nowS: 1353088179, toleranceS: 600, ...over })

  it('verifies the REST API worked example', () => {
    expect(md5Hex(body)).toBe('ec365a775a4cd0599faeb73354201b6f')
    expect(request()).toMatchObject({ ok: true, params: { auth_key: key, body_md5: 'ec365a775a4cd0599faeb73354201b6f' } })
  })

  it('refuses a request 600 s off or more, a changed body, path, method or key, and missing parameters', () => {
    expect(request({ nowS: 1353088179 + 600 }).ok).toBe(true)
    expect(request({ nowS: 1353088179 + 601 })).toMatchObject({ ok: false, status: 401, message: expect.stringMatching(/Timestamp/) })
    expect(request({ nowS: 1353088179 - 601 }).ok).toBe(false)
    expect(request({ body: Buffer.from(body.replace('foo', 'bar')) })).toMatchObject({ ok: false, message: expect.stringMatching(/body_md5/) })
    expect(request({ path: '/apps/4/events' })).toMatchObject({ ok: false, message: expect.stringMatching(/signature/) })
    expect(request({ method: 'PUT' }).ok).toBe(false)
    expect(request({ key: 'another-key' })).toMatchObject({ ok: false, message: expect.stringMatching(/auth_key/) })
    expect(request({ secret: 'another-secret' }).ok).toBe(false)
    expect(request({ rawQuery: query.replace(/&auth_signature=.*/, '') })).toMatchObject({ ok: false, message: expect.stringMatching(/Missing/) })
  })

  it('reads query values unescaped, as they were signed, whatever their encoding on the wire', () => {
    const signed = verifyRequest({ method: 'GET', path: '/apps/3/channels', rawQuery: '', body: new Uint8Array(), key, secret, nowS: 1, toleranceS: 600 })
    expect(signed.ok).toBe(false)
    // The same request with the comma escaped or not.
    const base = `auth_key=${key}&auth_timestamp=1353088179&auth_version=1.0&info=user_count,subscription_count`
    const signature = createHmac('sha256', secret).update(`GET\n/apps/3/channels\n${base}`).digest('hex')
    for (const wire of [base, base.replace(',', '%2C')]) {
      const check = verifyRequest({ method: 'GET', path: '/apps/3/channels', rawQuery: `${wire}&auth_signature=${signature}`, body: new Uint8Array(), key, secret, nowS: 1353088179, toleranceS: 600 })
      expect(check).toMatchObject({ ok: true, params: { info: 'user_count,subscription_count' } })
    }
  })

  it('signs webhook bodies with HMAC-SHA256 of the raw body', () => {
    expect(webhookSignature(secret, '{"time_ms":1,"events":[]}')).toMatch(/^[0-9a-f]{64}$/)
    expect(webhookSignature(secret, 'a')).not.toBe(webhookSignature(secret, 'b'))
  })
})
