import { describe, expect, it } from 'vitest'
import { internalPath, pageNotFoundMessage } from '~/contract/paths'
import { decodeConsent, encodeConsent, necessaryOnly, parseTheme } from '~/contract/preferences'
import { anonymousSession, type SessionView } from '~/contract/session'
import { isPlausiblePlate, isVin, normalizePlate } from '~/contract/vehicle'
import { classifyNavigation } from '~/features/analytics/page-views'
import { pendingSecondStep, requireGuest, requireSignedIn, termsGate, twoFactorGate } from '~/features/auth/guards'
import { isChunkLoadError, noteFrameworkReload, reloadOnce, RELOAD_GUARD_MS } from '~/features/shell/chunk-reload'
import { splitLocalePrefix } from '~/i18n/locale-prefix'
import { easeInOut, SCROLL_MS } from '~/ui/smooth-scroll'

const user = { id: '1', email: 'ana@example.ro', first_name: 'Ana', last_name: 'Pop' }
const twoFactor = (over: Partial<NonNullable<SessionView['twoFactor']>>): SessionView => ({
  user,
  twoFactor: { is_two_factor_auth_enabled: false, is_two_factor_enabled_for_user: false, is_active: false, is_two_factor_auth_required: false, ...over },
})

describe('guards', () => {
  it('sends anonymous visitors of account pages to sign in, remembering the page', () => {
    expect(requireSignedIn(anonymousSession, '/account/vehicles/3?tab=notes')).toEqual({ to: '/authenticate', search: { last_url: '/account/vehicles/3?tab=notes' } })
    expect(requireSignedIn({ user, twoFactor: null }, '/account/orders')).toBeUndefined()
    expect(requireSignedIn(anonymousSession, '/account/orders', 'inactivity')).toEqual({ to: '/authenticate', search: { last_url: '/account/orders', reason: 'inactivity' } })
    expect(requireSignedIn(anonymousSession, '/account/orders', 'signed_out')).toEqual({ to: '/authenticate', search: { last_url: '/account/orders', reason: 'signed_out' } })
  })

  it('keeps signed-in users away from /authenticate', () => {
    expect(requireGuest(anonymousSession)).toBeUndefined()
    expect(requireGuest({ user, twoFactor: null })).toEqual({ to: '/account/orders' })
  })

  it('asks for the code when two-factor is on for the user but the session is not confirmed', () => {
    const session = twoFactor({ is_two_factor_auth_enabled: true, is_two_factor_enabled_for_user: true, is_active: false })
    expect(twoFactorGate(session, '/account/orders', '/account/orders')).toEqual({ to: '/account/2fa-check', search: { last_url: '/account/orders' } })
    expect(twoFactorGate({ ...session, twoFactor: { ...session.twoFactor!, is_active: true } }, '/', '/')).toBeUndefined()
    // Off globally: no gate even if the user enabled it.
    expect(twoFactorGate(twoFactor({ is_two_factor_enabled_for_user: true }), '/', '/')).toBeUndefined()
  })

  it('asks to set two-factor up when it is required and not enabled', () => {
    expect(twoFactorGate(twoFactor({ is_two_factor_auth_required: true }), '/travel', '/travel?x=1')).toEqual({ to: '/account/2fa', search: { last_url: '/travel?x=1' } })
  })

  it('never gates the two 2fa pages, nor anonymous visitors', () => {
    const session = twoFactor({ is_two_factor_auth_enabled: true, is_two_factor_enabled_for_user: true, is_two_factor_auth_required: true })
    expect(twoFactorGate(session, '/account/2fa', '/account/2fa')).toBeUndefined()
    expect(twoFactorGate(session, '/account/2fa-check/', '/account/2fa-check/')).toBeUndefined()
    expect(twoFactorGate(anonymousSession, '/account/orders', '/account/orders')).toBeUndefined()
  })

  it('asks an account that owes the terms on any page but the terms page, the legal texts and the pages a session passes through', () => {
    for (const pending of ['never_accepted', 'changed'] as const) {
      const session: SessionView = { user: { ...user, terms_pending: pending }, twoFactor: null }
      expect(termsGate(session, '/travel', '/travel?x=1')).toEqual({ to: '/account/terms', search: { last_url: '/travel?x=1' } })
      expect(termsGate(session, '/account/orders/', '/account/orders/')).toEqual({ to: '/account/terms', search: { last_url: '/account/orders/' } })
      for (const open of ['/account/terms', '/info/terms', '/info/privacy', '/account/2fa-check', '/confirm-email', '/maintenance']) expect(termsGate(session, open, open)).toBeUndefined()
    }
    expect(termsGate({ user, twoFactor: null }, '/travel', '/travel')).toBeUndefined()
    expect(termsGate(anonymousSession, '/account/orders', '/account/orders')).toBeUndefined()
  })

  it('tells which second step a session still owes, even on the 2fa pages (live updates wait for it)', () => {
    const pending = twoFactor({ is_two_factor_auth_enabled: true, is_two_factor_enabled_for_user: true })
    expect(pendingSecondStep(pending)).toBe('/account/2fa-check')
    expect(pendingSecondStep(twoFactor({ is_two_factor_auth_required: true }))).toBe('/account/2fa')
    expect(pendingSecondStep({ ...pending, twoFactor: { ...pending.twoFactor!, is_active: true } })).toBeUndefined()
    expect(pendingSecondStep(anonymousSession)).toBeUndefined()
  })
})

describe('paths', () => {
  it('accepts only paths of this site as return targets', () => {
    expect(internalPath('/account/orders?x=1')).toBe('/account/orders?x=1')
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', 'account', '/a\nb', undefined, 42]) expect(internalPath(bad)).toBeUndefined()
  })

  it('strips a known language prefix only', () => {
    expect(splitLocalePrefix('/en/faq')).toEqual({ locale: 'en', rest: '/faq' })
    expect(splitLocalePrefix('/fr')).toEqual({ locale: 'fr', rest: '/' })
    expect(splitLocalePrefix('/ro/rca/B1ABC')).toEqual({ locale: 'ro', rest: '/rca/B1ABC' })
    expect(splitLocalePrefix('/de/faq')).toBeUndefined()
    expect(splitLocalePrefix('/english')).toBeUndefined()
    expect(splitLocalePrefix('/faq')).toBeUndefined()
  })

  it('names the path in a failed validity check', () => {
    expect(pageNotFoundMessage('/info/x')).toBe('Page Not Found: /info/x')
  })
})

describe('preferences', () => {
  it('round-trips consent choices and refuses other versions or garbage', () => {
    const choices = { necessary: true, preferences: false, analytics: true, marketing: false } as const
    expect(decodeConsent(encodeConsent(choices))).toEqual(choices)
    expect(decodeConsent(encodeConsent(necessaryOnly))).toEqual(necessaryOnly)
    for (const bad of [undefined, '', '2.p1a1m1', '1.p1a1', 'x']) expect(decodeConsent(bad)).toBeNull()
  })

  it('defaults the theme to light', () => {
    expect(parseTheme('dark')).toBe('dark')
    expect(parseTheme('light')).toBe('light')
    expect(parseTheme('purple')).toBe('light')
    expect(parseTheme(undefined)).toBe('light')
  })
})

describe('vehicle identifiers in deep links', () => {
  it('accepts plausible plates and real VIN alphabets', () => {
    expect(normalizePlate('b 123-abc')).toBe('B123ABC')
    expect(isPlausiblePlate('CJ 12 XYZ')).toBe(true)
    expect(isPlausiblePlate('B!23')).toBe(false)
    expect(isVin('WVWZZZ1JZXW000001')).toBe(true)
    expect(isVin('WVWZZZ1JZXW00000I')).toBe(false) // I is not used in VINs
    expect(isVin('SHORT')).toBe(false)
  })
})

describe('page views', () => {
  it('counts pushes and history moves, not replacements, and hash changes only in hash mode', () => {
    expect(classifyNavigation('PUSH', false, false)).toBe('push')
    expect(classifyNavigation('BACK', false, false)).toBe('back_forward')
    expect(classifyNavigation('FORWARD', false, false)).toBe('back_forward')
    expect(classifyNavigation('GO', false, false)).toBe('back_forward')
    expect(classifyNavigation('REPLACE', false, false)).toBeUndefined()
    expect(classifyNavigation('PUSH', true, false)).toBeUndefined()
    expect(classifyNavigation('PUSH', true, true)).toBe('hash')
  })
})

describe('chunk reload guard', () => {
  const memory = () => {
    const map = new Map<string, string>()
    return {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      key: (i: number) => [...map.keys()][i] ?? null,
      get length() {
        return map.size
      },
    }
  }

  it('recognises chunk errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js'))).toBe(true)
    expect(isChunkLoadError(new Error('boom'))).toBe(false)
  })

  it('reloads at most once per 10 seconds', () => {
    const storage = memory()
    let now = 1_000_000
    let reloads = 0
    const clock = { now: () => now }
    expect(reloadOnce(storage, () => reloads++, clock)).toBe(true)
    now += RELOAD_GUARD_MS - 1
    expect(reloadOnce(storage, () => reloads++, clock)).toBe(false)
    now += 1
    expect(reloadOnce(storage, () => reloads++, clock)).toBe(true)
    expect(reloads).toBe(2)
  })

  it('counts the router’s own reload, so ours does not follow it within 10 seconds', () => {
    const storage = memory()
    let now = 5_000_000
    const clock = { now: () => now }
    expect(noteFrameworkReload(storage, clock)).toBe(false)
    storage.setItem('tanstack_router_reload:Failed to fetch dynamically imported module: x', '1')
    expect(noteFrameworkReload(storage, clock)).toBe(true)
    expect(noteFrameworkReload(storage, clock)).toBe(false) // the same mark counts once
    now += 1000
    expect(reloadOnce(storage, () => {}, clock)).toBe(false)
  })
})

describe('in-page scrolling', () => {
  it('eases in and out over 300 ms', () => {
    expect(SCROLL_MS).toBe(300)
    expect(easeInOut(0)).toBe(0)
    expect(easeInOut(1)).toBe(1)
    expect(easeInOut(0.5)).toBeCloseTo(0.5)
    expect(easeInOut(0.25)).toBeLessThan(0.25) // slow start
    expect(easeInOut(0.75)).toBeGreaterThan(0.75) // slow end
    expect(easeInOut(0.2) + easeInOut(0.8)).toBeCloseTo(1) // symmetric
  })
})
