import { describe, expect, it } from 'vitest'
import { RateWindow } from '~/server/realtime/rate-window'

describe('RateWindow', () => {
  it('allows the given number of actions a second, then refuses until the next second', () => {
    const window = new RateWindow(3)
    const t = 1_000_000
    expect([t, t + 10, t + 20, t + 30, t + 999].map((now) => window.take(now))).toEqual([true, true, true, false, false])
    expect(window.take(t + 1000)).toBe(true)
    expect(window.take(t + 1001)).toBe(true)
  })

  it('says how many whole seconds remain before the next window, never 0', () => {
    const window = new RateWindow(1)
    const t = 5_000_000
    window.take(t)
    expect(window.retryAfterS(t)).toBe(1)
    expect(window.retryAfterS(t + 999)).toBe(1)
    expect(window.retryAfterS(t + 5000)).toBe(1)
  })
})
