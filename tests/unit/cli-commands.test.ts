import { describe, expect, it } from 'vitest'
import { parseCommand } from '~/server/cli/commands'

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
})
