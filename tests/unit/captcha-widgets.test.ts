import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CAPTCHA_SCRIPT_URLS, captchaCspSources, captchaScriptUrl, isWidgetProvider } from '~/contract/captcha-widgets'
import type { Database } from '~/server/db/client'
import { verifyCaptcha } from '~/server/captcha/captcha'

describe('captcha widget scripts', () => {
  it('loads the providers’ public scripts with the render parameter each expects', () => {
    expect(captchaScriptUrl('recaptcha', 'site-key-1')).toBe('https://www.google.com/recaptcha/api.js?render=site-key-1')
    expect(captchaScriptUrl('turnstile', 'site-key-2')).toBe('https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit')
    expect(CAPTCHA_SCRIPT_URLS.turnstile).toMatch(/^https:\/\/challenges\.cloudflare\.com\//)
  })

  it('loads CAPTCHA_SCRIPT_URL instead when it is set, keeping its own query', () => {
    expect(captchaScriptUrl('recaptcha', 'k y', 'http://127.0.0.1:4000/recaptcha/api.js?hl=ro')).toBe('http://127.0.0.1:4000/recaptcha/api.js?hl=ro&render=k+y')
    expect(captchaScriptUrl('turnstile', 'k', '')).toBe('https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit')
  })

  it('knows which providers have a widget', () => {
    expect(['altcha', 'recaptcha', 'turnstile', 'none'].filter(isWidgetProvider)).toEqual(['recaptcha', 'turnstile'])
    expect(captchaCspSources('altcha')).toBeUndefined()
    expect(captchaCspSources('none', 'http://127.0.0.1:1/api.js')).toBeUndefined()
  })
})

describe('reCAPTCHA v3 score', () => {
  let server: Server
  let url = ''
  const db = {} as Database // reCAPTCHA and Turnstile never touch the database
  beforeAll(async () => {
    // A siteverify endpoint answering the score named by the token.
    server = createServer((req, res) => {
      let body = ''
      req.on('data', (chunk: Buffer) => (body += chunk.toString()))
      req.on('end', () => {
        const score = Number(new URLSearchParams(body).get('response'))
        res.setHeader('content-type', 'application/json')
        res.end(JSON.stringify({ success: true, score, action: 'contact', hostname: 'localhost' }))
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`
  })
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
  })

  const check = (provider: 'recaptcha' | 'turnstile', token: string, min?: number) =>
    verifyCaptcha(token, { config: { CAPTCHA_PROVIDER: provider, CAPTCHA_SECRET: 'secret-of-some-length', CAPTCHA_VERIFY_URL: url, ...(min === undefined ? {} : { CAPTCHA_MIN_SCORE: min }) }, db })

  it('refuses a successful reCAPTCHA answer whose score is under CAPTCHA_MIN_SCORE (0.5 unless set)', async () => {
    expect(await check('recaptcha', '0.9')).toEqual({ ok: true })
    expect(await check('recaptcha', '0.5')).toEqual({ ok: true })
    expect(await check('recaptcha', '0.3')).toEqual({ ok: false, reason: 'score 0.3' })
    expect(await check('recaptcha', '0.3', 0.2)).toEqual({ ok: true })
    expect(await check('recaptcha', '0.7', 0.8)).toEqual({ ok: false, reason: 'score 0.7' })
  })

  it('ignores scores for Turnstile, which has none', async () => {
    expect(await check('turnstile', '0.1')).toEqual({ ok: true })
  })
})
