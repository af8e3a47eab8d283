import { describe, expect, it } from 'vitest'
import { clientAddress, isLoopback } from '~/server/http/client-address'

describe('client address (decision 40)', () => {
  it('is the peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddress('192.0.2.1', '203.0.113.9', 0)).toBe('192.0.2.1')
    expect(clientAddress('192.0.2.1', null, 0)).toBe('192.0.2.1')
  })

  it('reads one entry from the right per trusted proxy, never the ones a client wrote before them', () => {
    const chain = '198.51.100.66, 203.0.113.9, 10.0.0.2'
    expect(clientAddress('10.0.0.1', chain, 1)).toBe('10.0.0.2')
    expect(clientAddress('10.0.0.1', chain, 2)).toBe('203.0.113.9')
    expect(clientAddress('10.0.0.1', '2001:db8::5', 1)).toBe('2001:db8::5')
  })

  it('keeps the last vouched address when the chain is shorter than the trusted hops or malformed', () => {
    expect(clientAddress('10.0.0.1', '203.0.113.9', 3)).toBe('203.0.113.9')
    expect(clientAddress('10.0.0.1', null, 1)).toBe('10.0.0.1')
    expect(clientAddress('10.0.0.1', '203.0.113.9, <script>', 2)).toBe('10.0.0.1')
    expect(clientAddress('10.0.0.1', '203.0.113.9,', 1)).toBe('10.0.0.1')
    expect(clientAddress(undefined, 'not-an-ip', 1)).toBeUndefined()
  })

  it('knows the loopback addresses, also IPv4-mapped, and nothing else', () => {
    for (const local of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '::FFFF:127.0.0.1']) expect(isLoopback(local), local).toBe(true)
    for (const other of [undefined, '', '10.0.0.1', '192.0.2.1', '::ffff:10.0.0.1', '2001:db8::1', 'localhost', '127.0.0.1.example', '1127.0.0.1']) expect(isLoopback(other), String(other)).toBe(false)
  })
})
