import { describe, expect, it } from 'vitest'
import { ConfigError, isRomanianPhone, parseConfig, settings } from '../../app.config'
import { checkCui } from '~/contract/cui'

const secrets = { SESSION_SECRET: 's'.repeat(40), OPERATOR_TOKEN: 'o'.repeat(40), PUSHER_APP_SECRET: 'p'.repeat(40), CAPTCHA_SECRET: 'c'.repeat(40), APP_ENV: 'test' }

describe('the broker’s legal data (configuration)', () => {
  it('has defaults that pass their own checks: the CUI’s check digit, the register formats, a Romanian phone', () => {
    const config = parseConfig(secrets)
    expect(checkCui(config.BROKER_FISCAL_CODE)).toEqual({ ok: true, cui: '48712038' })
    expect(config.BROKER_ASF_REGISTRATION).toMatch(/^RBK-\d+$/)
    expect(config.BROKER_TRADE_REGISTER).toMatch(/^J40\/\d+\/\d{4}$/)
    expect(isRomanianPhone(config.SUPPORT_PHONE)).toBe(true)
    for (const name of ['BROKER_LEGAL_NAME', 'BROKER_ADDRESS', 'BROKER_COMPLAINTS_EMAIL', 'SUPPORT_EMAIL', 'BROKER_NOTICE_VERSION'] as const) expect(config[name]).not.toBe('')
    // Clearly fictional: a made-up street, the 555 01xx numbers of films, a register number beyond those issued.
    expect(config.BROKER_ADDRESS).toContain('Exemplului')
    expect(config.SUPPORT_PHONE).toContain('555 01')
    expect(settings.BROKER_ASF_REGISTRATION.default).toBe('RBK-9999')
  })

  it('refuses a fiscal code whose check digit does not match, and one of the wrong shape', () => {
    expect(() => parseConfig({ ...secrets, BROKER_FISCAL_CODE: 'RO48712039' })).toThrow(ConfigError)
    expect(() => parseConfig({ ...secrets, BROKER_FISCAL_CODE: 'RO00000000' })).toThrow(/BROKER_FISCAL_CODE: must be a Romanian fiscal code/)
    expect(parseConfig({ ...secrets, BROKER_FISCAL_CODE: '18547290' }).BROKER_FISCAL_CODE).toBe('18547290')
  })

  it('refuses other legal data that is not well-formed', () => {
    expect(() => parseConfig({ ...secrets, BROKER_ASF_REGISTRATION: 'RBK-000X' })).toThrow(/BROKER_ASF_REGISTRATION/)
    expect(() => parseConfig({ ...secrets, BROKER_TRADE_REGISTER: 'J99/1/2020' })).toThrow(/BROKER_TRADE_REGISTER/)
    expect(() => parseConfig({ ...secrets, SUPPORT_PHONE: '000 0000' })).toThrow(/SUPPORT_PHONE/)
    expect(() => parseConfig({ ...secrets, BROKER_COMPLAINTS_EMAIL: 'not-an-address' })).toThrow(/BROKER_COMPLAINTS_EMAIL/)
    expect(parseConfig({ ...secrets, SUPPORT_PHONE: '031 425 1100', BROKER_TRADE_REGISTER: 'J12/345/2021' }).SUPPORT_PHONE).toBe('031 425 1100')
  })
})
