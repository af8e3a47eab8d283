import { getIronSession, sealData, unsealData } from 'iron-session'
import { describe, expect, it } from 'vitest'
import { sessionCookieName, sessionOptions, type SessionData } from '~/server/session/options'

const config = { SESSION_SECRET: 'k'.repeat(40), PUBLIC_URL: 'https://asiguro.ro', APP_ENV: 'production' as const }

/** A cookie jar recording what the session writes, as Start's setCookie would. */
function jar(initial?: string) {
  const written: { name: string; value: string; options: Record<string, unknown> }[] = []
  return {
    written,
    cookies: {
      read: (name: string) => (name === '__Host-asiguro_session' ? initial : undefined),
      write: (name: string, value: string, options: Record<string, unknown>) => void written.push({ name, value, options }),
    },
  }
}

describe('sealed session cookie', () => {
  it('is __Host- prefixed, httpOnly, SameSite=Lax, Secure on HTTPS, and holds no readable token', async () => {
    const { written, cookies } = jar()
    const session = await getIronSession<SessionData>(cookies as never, sessionOptions(config, 120))
    session.accessToken = 'secret-access-token'
    await session.save()
    const cookie = written[0]
    expect(cookie?.name).toBe('__Host-asiguro_session')
    expect(cookie?.options).toMatchObject({ httpOnly: true, sameSite: 'lax', secure: true, path: '/', maxAge: 60 })
    expect(cookie?.options).not.toHaveProperty('domain') // `__Host-` forbids a Domain attribute
    expect(cookie?.value).toMatch(/^Fe26\.2\*/)
    expect(cookie?.value).not.toContain('secret-access-token')
    expect(Buffer.from(cookie?.value ?? '', 'base64').toString('latin1')).not.toContain('secret-access-token')
  })

  it('opens only with the same secret', async () => {
    const sealed = await sealData({ accessToken: 't' }, { password: config.SESSION_SECRET, ttl: 60 })
    const { cookies } = jar(sealed)
    const session = await getIronSession<SessionData>(cookies as never, sessionOptions(config))
    expect(session.accessToken).toBe('t')
    const other = await getIronSession<SessionData>(jar(sealed).cookies as never, sessionOptions({ ...config, SESSION_SECRET: 'x'.repeat(40) }))
    expect(other.accessToken).toBeUndefined()
    await expect(unsealData(sealed, { password: 'y'.repeat(40) })).resolves.toEqual({})
  })

  it('is plain `asiguro_session`, not Secure, on plain-HTTP development and tests', () => {
    for (const APP_ENV of ['development', 'test'] as const) {
      const options = sessionOptions({ ...config, APP_ENV, PUBLIC_URL: 'http://localhost:3000' })
      expect(options.cookieName).toBe('asiguro_session')
      expect(options.cookieOptions?.secure).toBe(false)
    }
  })

  it('is __Host- prefixed and Secure whenever the site is on HTTPS, and always in production', () => {
    expect(sessionCookieName({ APP_ENV: 'development', PUBLIC_URL: 'https://staging.asiguro.ro' })).toBe('__Host-asiguro_session')
    expect(sessionCookieName({ APP_ENV: 'test', PUBLIC_URL: 'https://localhost:3000' })).toBe('__Host-asiguro_session')
    const production = sessionOptions({ ...config, PUBLIC_URL: 'http://asiguro.internal' })
    expect(production.cookieName).toBe('__Host-asiguro_session')
    expect(production.cookieOptions).toMatchObject({ secure: true, path: '/' })
  })
})
