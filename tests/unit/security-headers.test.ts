import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../app.config'
import { realtimeSocketEndpoint } from '~/contract/realtime'
import {
  cacheControl,
  createNonce,
  DATA_CONTENT_SECURITY_POLICY,
  documentContentSecurityPolicy,
  requestHasCookie,
  responseSetsCookie,
  securityHeaders,
  SONNER_STYLE_HASHES,
} from '~/server/http/security-headers'

const HTTPS = 'https://asiguro.ro'
const HTTP = 'http://localhost:3000'
const NONCE = 'q1HWx2wQeFz3mtaL9R0S7g=='

/** The policy as a map of directive → source list. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/)
      return [name, sources] as const
    }),
  )
}

describe('createNonce', () => {
  it('is 16 random bytes in base64, different every time', () => {
    const nonces = new Set(Array.from({ length: 50 }, createNonce))
    expect(nonces.size).toBe(50)
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16)
    }
  })
})

describe('document Content-Security-Policy', () => {
  const csp = directives(documentContentSecurityPolicy({ nonce: NONCE, publicUrl: HTTPS }))

  it('runs scripts only with the nonce or when a nonced script loads them, never inline', () => {
    expect(csp.get('script-src')).toEqual(["'self'", `'nonce-${NONCE}'`, "'strict-dynamic'"])
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'")
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'")
  })

  it('allows styles from the site, with the nonce, or sonner’s by hash, never any inline style', () => {
    expect(csp.get('style-src')).toEqual(["'self'", `'nonce-${NONCE}'`, ...SONNER_STYLE_HASHES.map((h) => `'${h}'`)])
    expect(csp.get('style-src')).not.toContain("'unsafe-inline'")
  })

  it('has the other fetch and navigation directives of the policy', () => {
    expect(csp.get('default-src')).toEqual(["'self'"])
    expect(csp.get('img-src')).toEqual(["'self'", 'data:'])
    expect(csp.get('font-src')).toEqual(["'self'"])
    expect(csp.get('worker-src')).toEqual(["'self'"])
    expect(csp.get('connect-src')).toEqual(["'self'", 'wss://asiguro.ro'])
    expect(csp.get('frame-ancestors')).toEqual(["'none'"])
    expect(csp.get('base-uri')).toEqual(["'none'"])
    expect(csp.get('object-src')).toEqual(["'none'"])
    expect(csp.get('form-action')).toEqual(["'self'"])
  })

  it('lets pages open the realtime WebSocket where the settings put it, and only there', async () => {
    const { realtimeSocketEndpoint } = await import('~/contract/realtime')
    const hosted = realtimeSocketEndpoint({ PUSHER_APP_CLUSTER: 'eu', PUSHER_HOST: 'api-eu.pusher.com', PUSHER_SCHEME: 'https', PUSHER_PORT: '', PUSHER_WS_PORT: '' })
    expect(directives(documentContentSecurityPolicy({ nonce: NONCE, publicUrl: HTTPS, realtime: hosted })).get('connect-src')).toEqual(["'self'", 'wss://ws-eu.pusher.com'])
    const nodes = realtimeSocketEndpoint({ PUSHER_APP_CLUSTER: 'eu', PUSHER_HOST: 'rt.internal', PUSHER_PORT: 6001, PUSHER_SCHEME: 'http' })
    expect(directives(documentContentSecurityPolicy({ nonce: NONCE, publicUrl: HTTP, realtime: nodes })).get('connect-src')).toEqual(["'self'", 'ws://rt.internal:6001'])
    expect(realtimeSocketEndpoint({ PUSHER_APP_CLUSTER: 'eu', PUSHER_SCHEME: 'https', PUSHER_HOST: '' })).toBeUndefined()
  })

  it('upgrades insecure requests on HTTPS only', () => {
    expect(csp.get('upgrade-insecure-requests')).toEqual([])
    const http = directives(documentContentSecurityPolicy({ nonce: NONCE, publicUrl: HTTP }))
    expect(http.has('upgrade-insecure-requests')).toBe(false)
    expect(http.get('connect-src')).toEqual(["'self'", 'ws://localhost:3000'])
    expect(http.get('script-src')).toContain(`'nonce-${NONCE}'`)
  })

  it('refuses a nonce that is not base64 (it is written into a header and into HTML)', () => {
    for (const nonce of ['', 'short', "abc'; script-src *", 'a b c d e f g h i j k l', 'x'.repeat(16) + '\r\n']) {
      expect(() => documentContentSecurityPolicy({ nonce, publicUrl: HTTPS })).toThrow(/nonce/)
    }
  })

  it('lists the hashes of the stylesheet the installed sonner inserts', () => {
    const require = createRequire(import.meta.url)
    const source = readFileSync(require.resolve('sonner').replace(/index\.js$/, 'index.mjs'), 'utf8')
    const literal = /__insertCSS\(("(?:[^"\\]|\\.)*")\)/.exec(source)?.[1]
    expect(literal, 'sonner no longer inserts its CSS with __insertCSS: check how it styles toasts').toBeDefined()
    const css = JSON.parse(literal ?? '""') as string
    const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`
    expect([...SONNER_STYLE_HASHES]).toEqual([sha256(css), sha256('')])
  })
})

describe('securityHeaders', () => {
  it('gives a page over HTTPS the document policy, HSTS and the other headers', () => {
    const headers = securityHeaders({ publicUrl: HTTPS, nonce: NONCE })
    expect(headers).toEqual({
      'content-security-policy': documentContentSecurityPolicy({ nonce: NONCE, publicUrl: HTTPS }),
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
      'cross-origin-opener-policy': 'same-origin',
      'permissions-policy': 'camera=(), microphone=(), geolocation=(self), payment=()',
    })
    expect(headers).not.toHaveProperty('content-security-policy-report-only')
  })

  it('never sends HSTS on plain HTTP', () => {
    const headers = securityHeaders({ publicUrl: HTTP, nonce: NONCE })
    expect(headers).not.toHaveProperty('strict-transport-security')
    expect(headers['content-security-policy']).toContain(`'nonce-${NONCE}'`)
    expect(headers['x-frame-options']).toBe('DENY')
  })

  it('gives a response without a nonce (a server function) the data policy', () => {
    const headers = securityHeaders({ publicUrl: HTTPS })
    expect(headers['content-security-policy']).toBe(DATA_CONTENT_SECURITY_POLICY)
    expect(directives(DATA_CONTENT_SECURITY_POLICY).get('default-src')).toEqual(["'none'"])
    expect(directives(DATA_CONTENT_SECURITY_POLICY).get('frame-ancestors')).toEqual(["'none'"])
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
  })
})

describe('cacheControl', () => {
  it('never stores server-function answers or anything tied to a session', () => {
    expect(cacheControl({ serverFunction: true, session: false })).toBe('no-store')
    expect(cacheControl({ serverFunction: false, session: true })).toBe('no-store')
    expect(cacheControl({ serverFunction: true, session: true })).toBe('no-store')
  })

  it('lets the browser alone keep a public page, revalidated on every use', () => {
    expect(cacheControl({ serverFunction: false, session: false })).toBe('private, no-cache')
  })
})

describe('session cookie detection', () => {
  it('finds the cookie in a Cookie header by exact name', () => {
    expect(requestHasCookie('theme=dark; asiguro_session=Fe26.2*abc; lang=ro', 'asiguro_session')).toBe(true)
    expect(requestHasCookie('__Host-asiguro_session=Fe26.2*abc', '__Host-asiguro_session')).toBe(true)
    expect(requestHasCookie('__Host-asiguro_session=Fe26.2*abc', 'asiguro_session')).toBe(false)
    expect(requestHasCookie('x_asiguro_session=1; asiguro_session_old=2', 'asiguro_session')).toBe(false)
    expect(requestHasCookie('asiguro_session=', 'asiguro_session')).toBe(false)
    expect(requestHasCookie(null, 'asiguro_session')).toBe(false)
  })

  it('finds a Set-Cookie that sets or clears it', () => {
    expect(responseSetsCookie(['cookie_consent=1.p0a0m0; Path=/', 'asiguro_session=Fe26.2*x; Path=/; HttpOnly'], 'asiguro_session')).toBe(true)
    expect(responseSetsCookie(['asiguro_session=; Max-Age=0; Path=/'], 'asiguro_session')).toBe(true)
    expect(responseSetsCookie(['cookie_consent=1.p0a0m0; Path=/'], 'asiguro_session')).toBe(false)
    expect(responseSetsCookie([], 'asiguro_session')).toBe(false)
  })
})

describe('captcha widgets in the document policy', () => {
  const policy = (captcha?: { provider: string; scriptUrl?: string }) =>
    directives(documentContentSecurityPolicy({ nonce: NONCE, publicUrl: HTTPS, ...(captcha ? { captcha } : {}) }))
  const withoutCaptcha = policy()

  it('allows no third party for ALTCHA, none, or when no captcha is given', () => {
    for (const provider of ['altcha', 'none']) expect(policy({ provider })).toEqual(withoutCaptcha)
    expect(policy({ provider: 'altcha', scriptUrl: 'https://cdn.example.com/api.js' })).toEqual(withoutCaptcha)
    expect(withoutCaptcha.has('frame-src')).toBe(false)
    const text = documentContentSecurityPolicy({ nonce: NONCE, publicUrl: HTTPS, captcha: { provider: 'altcha' } })
    for (const host of ['google.com', 'gstatic.com', 'cloudflare.com']) expect(text).not.toContain(host)
  })

  it('allows exactly reCAPTCHA’s script, frame and connect origins with reCAPTCHA', () => {
    const csp = policy({ provider: 'recaptcha' })
    expect(csp.get('script-src')).toEqual(["'self'", `'nonce-${NONCE}'`, "'strict-dynamic'", 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'])
    expect(csp.get('frame-src')).toEqual(["'self'", 'https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'])
    expect(csp.get('connect-src')).toEqual(["'self'", 'wss://asiguro.ro', 'https://www.google.com/recaptcha/'])
    expect(JSON.stringify([...csp])).not.toContain('cloudflare')
  })

  it('allows exactly Turnstile’s origin with Turnstile', () => {
    const csp = policy({ provider: 'turnstile' })
    expect(csp.get('script-src')).toEqual(["'self'", `'nonce-${NONCE}'`, "'strict-dynamic'", 'https://challenges.cloudflare.com'])
    expect(csp.get('frame-src')).toEqual(["'self'", 'https://challenges.cloudflare.com'])
    expect(csp.get('connect-src')).toEqual(["'self'", 'wss://asiguro.ro', 'https://challenges.cloudflare.com'])
    expect(JSON.stringify([...csp])).not.toContain('google')
  })

  it('allows the origin of CAPTCHA_SCRIPT_URL instead of the provider’s when it is set', () => {
    const csp = policy({ provider: 'turnstile', scriptUrl: 'http://127.0.0.1:4321/turnstile/v0/api.js' })
    expect(csp.get('script-src')?.slice(3)).toEqual(['http://127.0.0.1:4321'])
    expect(csp.get('frame-src')).toEqual(["'self'", 'http://127.0.0.1:4321'])
    expect(csp.get('connect-src')?.slice(2)).toEqual(['http://127.0.0.1:4321'])
  })

  it('keeps every other directive as it is without a widget, and the data policy untouched', () => {
    const csp = policy({ provider: 'recaptcha' })
    for (const name of ['default-src', 'style-src', 'img-src', 'font-src', 'worker-src', 'frame-ancestors', 'base-uri', 'object-src', 'form-action', 'upgrade-insecure-requests']) {
      expect(csp.get(name), name).toEqual(withoutCaptcha.get(name))
    }
    expect(securityHeaders({ publicUrl: HTTPS, captcha: { provider: 'recaptcha' } })['content-security-policy']).toBe(DATA_CONTENT_SECURITY_POLICY)
    expect(securityHeaders({ publicUrl: HTTPS, nonce: NONCE, captcha: { provider: 'turnstile' } })['content-security-policy']).toContain('frame-src')
  })
})

describe('the page policy of a server without PUBLIC_URL', () => {
  it('names the WebSocket origin of the port the server runs on, not port 3000', () => {
    // As src/start.ts builds it, from the configuration of a server started with PORT=3960 only.
    const config = parseConfig({ APP_ENV: 'test', PORT: '3960', SESSION_SECRET: 's'.repeat(40), OPERATOR_TOKEN: 'o'.repeat(40), PUSHER_APP_SECRET: 'p'.repeat(40), CAPTCHA_SECRET: 'c'.repeat(40) })
    const policy = directives(documentContentSecurityPolicy({ nonce: NONCE, publicUrl: config.PUBLIC_URL, realtime: realtimeSocketEndpoint(config) }))
    expect(policy.get('connect-src')).toEqual(["'self'", 'ws://localhost:3960'])
  })
})
