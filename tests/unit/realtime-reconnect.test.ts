import { describe, expect, it } from 'vitest'
import { RETRY_MS, errorCode, isRefusal, retryDelayMs } from '~/features/realtime/reconnect'

describe('realtime reconnection', () => {
  it('reads the code of pusher-js errors: a pusher:error or close, and a refused handshake', () => {
    expect(errorCode({ type: 'PusherError', data: { code: 4009, message: 'Connection terminated by the server' } })).toBe(4009)
    expect(errorCode({ type: 'WebSocketError', error: { type: 'PusherError', data: { code: 4001, message: 'unknown app key' } } })).toBe(4001)
    expect(errorCode({ type: 'PusherError', data: { code: null, message: 'Invalid message' } })).toBeUndefined()
    expect(errorCode({ type: 'WebSocketError', error: { type: 'error' } })).toBeUndefined()
    expect(errorCode(undefined)).toBeUndefined()
  })

  it('takes 4000–4099 as refusals and nothing else', () => {
    expect([4001, 4003, 4004, 4009, 4099].every(isRefusal)).toBe(true)
    expect([undefined, 1006, 4100, 4200, 4201, 4301].some(isRefusal)).toBe(false)
  })

  it('tries again after a second when the connection was not refused', () => {
    for (const code of [undefined, 1006, 4301]) expect(retryDelayMs(code, 0)).toBe(RETRY_MS)
  })

  it('waits a minute after a refusal, doubling with each one in a row up to a quarter of an hour, spread at random', () => {
    const top = () => 1 - Number.EPSILON
    expect([1, 2, 3, 4, 5, 10].map((n) => retryDelayMs(4004, n, top))).toEqual([60_000, 120_000, 240_000, 480_000, 900_000, 900_000])
    expect(retryDelayMs(4003, 1, () => 0)).toBe(30_000)
    expect(retryDelayMs(4001, 2, () => 0.5)).toBe(90_000)
  })
})
