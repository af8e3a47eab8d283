import { describe, expect, it } from 'vitest'
import { parseCommand, usage } from '~/server/cli/commands'

describe('operator command line', () => {
  it('parses the three commands', () => {
    expect(parseCommand(['maintenance', 'on'])).toEqual({ kind: 'maintenance', active: true })
    expect(parseCommand(['maintenance', 'off', '--message', 'Back soon'])).toEqual({ kind: 'maintenance', active: false, message: 'Back soon' })
    expect(parseCommand(['product-status', 'house-insurance', 'off'])).toEqual({ kind: 'product-status', code: 'house-insurance', available: false })
    expect(parseCommand(['seed'])).toEqual({ kind: 'seed' })
  })

  it('explains what is wrong with bad input', () => {
    expect(() => parseCommand([])).toThrow('No command given')
    expect(() => parseCommand(['reboot'])).toThrow('Unknown command "reboot"')
    expect(() => parseCommand(['maintenance', 'maybe'])).toThrow('maintenance: expected "on" or "off", got "maybe"')
    expect(() => parseCommand(['product-status', 'life', 'on'])).toThrow('unknown product code "life"')
    expect(() => parseCommand(['product-status', 'rca'])).toThrow('got nothing')
    expect(() => parseCommand(['maintenance', 'on', '--message'])).toThrow('--message needs a text')
  })

  it('parses redirect and partner commands', () => {
    expect(parseCommand(['redirect', 'list'])).toEqual({ kind: 'redirect-list' })
    expect(parseCommand(['redirect', 'add', '/old', '/rca'])).toEqual({ kind: 'redirect-add', rule: { from_path: '/old', to: '/rca', status_code: 302 } })
    expect(parseCommand(['redirect', 'add', '/p', 'https://example.org/', '--status', '301'])).toEqual({
      kind: 'redirect-add',
      rule: { from_path: '/p', to: 'https://example.org/', status_code: 301 },
    })
    expect(parseCommand(['redirect', 'remove', '/old'])).toEqual({ kind: 'redirect-remove', from: '/old' })
    expect(parseCommand(['partner', 'add', 'autoclub', 'AutoClub', 'Moldova'])).toEqual({ kind: 'partner-add', partner: { code: 'autoclub', name: 'AutoClub Moldova' } })
    expect(parseCommand(['partner', 'remove', 'autoclub'])).toEqual({ kind: 'partner-remove', code: 'autoclub' })
  })

  it('parses insurer commands and refuses a missing or malformed code', () => {
    expect(parseCommand(['insurer', 'list'])).toEqual({ kind: 'insurer-list' })
    expect(parseCommand(['insurer', 'disable', 'grawe'])).toEqual({ kind: 'insurer-enable', code: 'grawe', enabled: false })
    expect(parseCommand(['insurer', 'enable', 'hellas-direct'])).toEqual({ kind: 'insurer-enable', code: 'hellas-direct', enabled: true })
    expect(() => parseCommand(['insurer', 'enable'])).toThrow('insurer enable: give the insurer code')
    expect(() => parseCommand(['insurer', 'disable', 'Bad Code'])).toThrow('insurer disable')
    expect(() => parseCommand(['insurer', 'remove', 'grawe'])).toThrow('insurer: expected list, enable or disable')
  })

  it('refuses bad redirect and partner input', () => {
    expect(() => parseCommand(['redirect', 'add', 'old', '/rca'])).toThrow('redirect add: from_path')
    expect(() => parseCommand(['redirect', 'add', '/old', 'ftp://x'])).toThrow('redirect add: to')
    expect(() => parseCommand(['redirect', 'add', '/old', '/rca', '--status', '200'])).toThrow('status_code')
    expect(() => parseCommand(['redirect', 'remove'])).toThrow('give the path')
    expect(() => parseCommand(['redirect'])).toThrow('expected list, add or remove')
    expect(() => parseCommand(['partner', 'add', 'Bad Code', 'X'])).toThrow('partner add: code')
    expect(() => parseCommand(['partner', 'add', 'ok'])).toThrow('partner add: name')
  })

  it('takes --status anywhere and refuses stray or missing arguments', () => {
    expect(parseCommand(['redirect', 'add', '--status', '308', '/a', '/b'])).toEqual({ kind: 'redirect-add', rule: { from_path: '/a', to: '/b', status_code: 308 } })
    expect(parseCommand(['redirect', 'add', '/a', '--status', '307', 'https://example.org/b'])).toEqual({
      kind: 'redirect-add',
      rule: { from_path: '/a', to: 'https://example.org/b', status_code: 307 },
    })
    expect(() => parseCommand(['redirect', 'add', '/a', '/b', '--status'])).toThrow('--status needs 301, 302, 307 or 308')
    expect(() => parseCommand(['redirect', 'add', '/a', '/b', 'extra'])).toThrow('expected <from> <to>, got 3 arguments')
    expect(() => parseCommand(['redirect', 'add', '/a'])).toThrow('redirect add: to')
    expect(() => parseCommand(['redirect', 'add', '/a?x=1', '/b'])).toThrow('redirect add: from_path')
  })

  it('refuses redirect rules that would loop or take over the API, as the API does', () => {
    expect(() => parseCommand(['redirect', 'add', '/same', '/same/'])).toThrow('redirect add: to: /same/ leads back to /same')
    expect(() => parseCommand(['redirect', 'add', '/same', '/same?x=1'])).toThrow('leads back to /same')
    expect(() => parseCommand(['redirect', 'add', '/api/v1/products', '/'])).toThrow('redirect add: from_path: /api/v1/products belongs to the API or the server functions')
    expect(() => parseCommand(['redirect', 'add', '/_serverFn/x', '/'])).toThrow('belongs to the API')
    expect(parseCommand(['redirect', 'add', '/same', 'https://example.org/same'])).toMatchObject({ kind: 'redirect-add' })
  })

  it('checks the partner code to remove and trims names', () => {
    expect(() => parseCommand(['partner', 'remove', 'Not Valid'])).toThrow('partner remove: code')
    expect(() => parseCommand(['partner', 'remove'])).toThrow('give the partner code')
    expect(() => parseCommand(['partner', 'list'])).toThrow('partner: expected add or remove')
    expect(parseCommand(['partner', 'add', 'acme', ' Acme ', ''])).toEqual({ kind: 'partner-add', partner: { code: 'acme', name: 'Acme' } })
    expect(() => parseCommand(['partner', 'add', 'acme', ' '])).toThrow('partner add: name')
  })

  it('lists every command in the usage text', () => {
    for (const command of ['maintenance on|off', 'product-status <code>', 'seed', 'redirect list', 'redirect add <from> <to> [--status N]', 'redirect remove <from>', 'partner add <code> <name>', 'partner remove <code>', 'insurer list', 'insurer enable|disable <code>']) {
      expect(usage).toContain(command)
    }
  })
})

describe('exchange-rate commands', () => {
  it('parses fx list, set and import, and explains bad input', () => {
    expect(parseCommand(['fx', 'list'])).toEqual({ kind: 'fx-list' })
    expect(parseCommand(['fx', 'set', 'EUR', '5.09'])).toEqual({ kind: 'fx-set', currency: 'EUR', rate: '5.09' })
    expect(parseCommand(['fx', 'set', 'HUF', '0.01315', '--date', '2026-11-24'])).toEqual({ kind: 'fx-set', currency: 'HUF', rate: '0.01315', date: '2026-11-24' })
    expect(() => parseCommand(['fx', 'set', 'eur', '5.09'])).toThrow('three capital letters')
    expect(() => parseCommand(['fx', 'set', 'EUR', 'five'])).toThrow('lei per unit')
    expect(() => parseCommand(['fx', 'set', 'EUR', '5.09', '--date', '24.11.2026'])).toThrow('YYYY-MM-DD')
    expect(() => parseCommand(['fx', 'import'])).toThrow('BNR XML')
  })
})
