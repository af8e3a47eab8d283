import { describe, expect, it } from 'vitest'
import { isRealtimeEventName, realtimeEventNames } from '~/contract/realtime'
import { realtimeEventSchemas } from '~/contract/realtime-events'

describe('realtime event catalogue', () => {
  it('has one schema per event name, and only those', () => {
    expect(Object.keys(realtimeEventSchemas).sort()).toEqual([...realtimeEventNames].sort())
    expect(isRealtimeEventName('account.signed-in')).toBe(true)
    expect(isRealtimeEventName('account.deleted')).toBe(false)
  })

  it('checks account.signed-in: device, ip (or null), ISO time', () => {
    const schema = realtimeEventSchemas['account.signed-in']
    expect(schema.safeParse({ device: 'Chrome on Android', ip: '2001:db8::1', at: '2026-01-02T03:04:05.000Z' }).success).toBe(true)
    expect(schema.safeParse({ device: 'Chrome on Android', ip: null, at: '2026-01-02T03:04:05+02:00' }).success).toBe(true)
    expect(schema.safeParse({ device: '', ip: null, at: '2026-01-02T03:04:05Z' }).success).toBe(false)
    expect(schema.safeParse({ device: 'x', ip: '999.1.1.1', at: '2026-01-02T03:04:05Z' }).success).toBe(false)
    expect(schema.safeParse({ device: 'x', ip: null, at: 'yesterday' }).success).toBe(false)
  })

  it('checks account.two-factor-changed: enabled, optional provider, ISO time', () => {
    const schema = realtimeEventSchemas['account.two-factor-changed']
    expect(schema.safeParse({ enabled: true, provider_code: 'email', at: '2026-01-02T03:04:05Z' }).success).toBe(true)
    expect(schema.safeParse({ enabled: false, at: '2026-01-02T03:04:05Z' }).success).toBe(true)
    expect(schema.safeParse({ enabled: true, provider_code: 'sms', at: '2026-01-02T03:04:05Z' }).success).toBe(false)
    expect(schema.safeParse({ enabled: 'yes', at: '2026-01-02T03:04:05Z' }).success).toBe(false)
  })
})
