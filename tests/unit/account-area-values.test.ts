import { describe, expect, it } from 'vitest'
import { bani, bucharestInstant, decimalOf, integerOf } from '~/contract/account-area-form-values'
import { diaryStats } from '~/server/account-area/diary-stats'

describe('form values of the account area', () => {
  it('reads lei as typed into bani, and leaves anything else for the API to refuse', () => {
    expect(bani('250,50')).toBe(25050)
    expect(bani('1 250.5')).toBe(125050)
    expect(bani('-3')).toBe(-300)
    expect(bani('abc')).toBe('abc')
    expect(integerOf('12.345')).toBe(12345)
    expect(integerOf('')).toBeNull()
    expect(decimalOf('45,5')).toBe(45.5)
  })

  it('reads a reminder time as Bucharest wall-clock time, summer and winter', () => {
    expect(bucharestInstant('2030-01-15T09:30')).toBe('2030-01-15T07:30:00.000Z')
    expect(bucharestInstant('2030-07-15T09:30')).toBe('2030-07-15T06:30:00.000Z')
    expect(bucharestInstant('')).toBeNull()
  })
})

describe('diary stats', () => {
  const fuel = (date: string, km: number | null, litres: number, full: boolean, amount = 1000) => ({ date, odometerKm: km, category: 'fuel', amount, centilitres: litres * 100, fullTank: full })

  it('measures consumption between full fills, counting partial fills in between', () => {
    const stats = diaryStats([fuel('2026-01-01', 1000, 50, true), fuel('2026-01-10', 1200, 10, false), fuel('2026-01-20', 1400, 18, true)])
    // 10 + 18 litres over 400 km.
    expect(stats.consumption_l_per_100km).toBe(7)
    expect(stats.fills).toEqual([{ date: '2026-01-20', odometer_km: 1400, distance_km: 400, litres: 28, l_per_100km: 7 }])
  })

  it('measures nothing before the first full fill or without readings', () => {
    expect(diaryStats([fuel('2026-01-01', 1000, 30, false), fuel('2026-01-05', 1300, 20, true)]).consumption_l_per_100km).toBeNull()
    const noReadings = diaryStats([fuel('2026-01-01', null, 30, true), fuel('2026-01-05', null, 20, true)])
    expect(noReadings.consumption_l_per_100km).toBeNull()
    expect(noReadings.cost_per_km).toBeNull()
    expect(noReadings.total_amount).toBe(2000)
  })
})
