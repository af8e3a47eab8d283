import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, parseConfig, publicConfig, publicNames, secretNames, settings } from '../../app.config'
import { loadConfig } from '~/server/config'

// Production also needs a real card processor (the sandbox is refused there).
const netopia = { PAYMENT_PROVIDER: 'netopia', NETOPIA_API_URL: 'https://secure.sandbox.netopia-payments.com', NETOPIA_API_KEY: 'api-key', NETOPIA_POS_SIGNATURE: 'POS1-SIGN-ATUR-E234', NETOPIA_PUBLIC_KEY: 'public-key-pem' }
const secrets = { SESSION_SECRET: 's'.repeat(40), OPERATOR_TOKEN: 'o'.repeat(40), PUSHER_APP_SECRET: 'p'.repeat(40), CAPTCHA_SECRET: 'c'.repeat(40), ...netopia }
// …and the origin it is reached at.
const production = { APP_ENV: 'production', PUBLIC_URL: 'https://asiguro.example', ...secrets }

describe('app.config', () => {
  it('has defaults for every non-secret setting', () => {
    const config = parseConfig({}, secrets)
    expect(config.PORT).toBe(3000)
    expect(config.DATA_DIR).toBe('.data')
    expect(config.DATABASE_URL).toBeUndefined()
    expect(config.PUSHER_APP_CLUSTER).toBe('eu')
    expect(config.APP_ENV).toBe('development')
  })

  it('refuses to start production without real secrets and names each missing one', () => {
    const attempt = () => parseConfig({ APP_ENV: 'production' }, secrets)
    expect(attempt).toThrow(ConfigError)
    try {
      attempt()
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n')
      for (const name of secretNames) expect(problems).toContain(name)
    }
  })

  it('starts production with real secrets, but not with CAPTCHA_PROVIDER=none', () => {
    expect(parseConfig({ ...production, CAPTCHA_PROVIDER: 'altcha' }).APP_ENV).toBe('production')
    expect(() => parseConfig({ ...production, CAPTCHA_PROVIDER: 'none' })).toThrow(/CAPTCHA_PROVIDER=none/)
  })

  it('refuses the sandbox processor in production, and NETOPIA without its settings', () => {
    expect(() => parseConfig({ ...production, PAYMENT_PROVIDER: 'sandbox', CAPTCHA_PROVIDER: 'altcha' })).toThrow(/PAYMENT_PROVIDER=sandbox/)
    expect(() => parseConfig({ ...production, NETOPIA_PUBLIC_KEY: '', CAPTCHA_PROVIDER: 'altcha' })).toThrow(/NETOPIA_PUBLIC_KEY is required/)
  })

  it('needs a site key in production for the reCAPTCHA and Turnstile widgets', () => {
    for (const provider of ['recaptcha', 'turnstile']) {
      expect(() => parseConfig({ ...production, CAPTCHA_PROVIDER: provider })).toThrow(/CAPTCHA_SITE_KEY is required/)
      expect(parseConfig({ ...production, CAPTCHA_PROVIDER: provider, CAPTCHA_SITE_KEY: 'site-key' }).CAPTCHA_SITE_KEY).toBe('site-key')
    }
  })

  it('refuses to start production without PUBLIC_URL', () => {
    const { PUBLIC_URL: _, ...withoutUrl } = production
    for (const env of [withoutUrl, { ...withoutUrl, PUBLIC_URL: '' }]) {
      expect(() => parseConfig({ ...env, CAPTCHA_PROVIDER: 'altcha' })).toThrow(/PUBLIC_URL is required in production/)
    }
    expect(parseConfig({ ...production, CAPTCHA_PROVIDER: 'altcha' }).PUBLIC_URL).toBe('https://asiguro.example')
  })

  it('takes the origin the server listens on when PUBLIC_URL is unset outside production', () => {
    expect(parseConfig({}, secrets).PUBLIC_URL).toBe('http://localhost:3000')
    expect(parseConfig({ PORT: '3960' }, secrets).PUBLIC_URL).toBe('http://localhost:3960')
    expect(parseConfig({ PORT: '3960', HOST: '::' }, secrets).PUBLIC_URL).toBe('http://localhost:3960')
    expect(parseConfig({ PORT: '3960', HOST: '127.0.0.1', APP_ENV: 'test' }, secrets).PUBLIC_URL).toBe('http://127.0.0.1:3960')
    expect(parseConfig({ PORT: '8080', HOST: '::1' }, secrets).PUBLIC_URL).toBe('http://[::1]:8080')
    // A set PUBLIC_URL wins over the listening address (a proxy in front).
    expect(parseConfig({ PORT: '3960', PUBLIC_URL: 'https://staging.asiguro.example' }, secrets).PUBLIC_URL).toBe('https://staging.asiguro.example')
    expect(() => parseConfig({ PUBLIC_URL: 'not a url' }, secrets)).toThrow(/PUBLIC_URL/)
  })

  it('keeps Google sign-in off until a client id is set, with Google’s endpoints by default', () => {
    const off = parseConfig({}, secrets)
    expect(off.GOOGLE_CLIENT_ID).toBeUndefined()
    expect(off.GOOGLE_AUTH_URL).toBe('https://accounts.google.com/o/oauth2/v2/auth')
    expect(off.GOOGLE_JWKS_URL).toBe('https://www.googleapis.com/oauth2/v3/certs')
    expect(publicConfig(off)).toHaveProperty('GOOGLE_CLIENT_ID', undefined)
    const on = parseConfig({ GOOGLE_CLIENT_ID: ' 123-abc.apps.googleusercontent.com ' }, secrets)
    expect(on.GOOGLE_CLIENT_ID).toBe('123-abc.apps.googleusercontent.com')
    expect(() => parseConfig({ GOOGLE_JWKS_URL: 'not a url' }, secrets)).toThrow(/GOOGLE_JWKS_URL/)
    expect(() => parseConfig({ CAPTCHA_MIN_SCORE: '1.5' }, secrets)).toThrow(/CAPTCHA_MIN_SCORE/)
  })

  it('rejects malformed values with the setting’s name', () => {
    expect(() => parseConfig({ PORT: 'eighty' }, secrets)).toThrow(/PORT/)
    expect(() => parseConfig({ SESSION_SECRET: 'short' }, secrets)).toThrow(/SESSION_SECRET: must be at least 32 characters/)
    expect(() => parseConfig({ DATABASE_URL: 'not a url' }, secrets)).toThrow(/DATABASE_URL/)
  })

  it('exposes only public settings to the browser, never a secret', () => {
    const pub = publicConfig(parseConfig({}, secrets))
    expect(Object.keys(pub).sort()).toEqual([...publicNames].sort())
    for (const name of secretNames) expect(pub).not.toHaveProperty(name)
    for (const name of publicNames) expect('secret' in settings[name]).toBe(false)
  })

  it('generates development secrets once per data folder, readable by the owner only', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'asiguro-config-'))
    try {
      const a = loadConfig({ DATA_DIR: dir })
      const b = loadConfig({ DATA_DIR: dir })
      expect(a.SESSION_SECRET).toHaveLength(43)
      expect(b.SESSION_SECRET).toBe(a.SESSION_SECRET)
      expect(a.OPERATOR_TOKEN).not.toBe(a.SESSION_SECRET)
      const file = path.join(dir, 'secrets.json')
      expect(statSync(file).mode & 0o777).toBe(0o600)
      expect(JSON.parse(readFileSync(file, 'utf8'))).toHaveProperty('OPERATOR_TOKEN', a.OPERATOR_TOKEN)
      expect(() => loadConfig({ DATA_DIR: dir, APP_ENV: 'production' })).toThrow(ConfigError)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
