import { cnpCheckDigit } from '~/contract/cnp'
import type { RcaQuoteInputRaw } from '~/contract/rca'

/** A CNP with a right check digit for a man born on `birthDate` (YYYY-MM-DD) in Cluj. */
export function cnpBornOn(birthDate: string, serial = '345'): string {
  const [y = '', m = '', d = ''] = birthDate.split('-')
  const s = Number(y) >= 2000 ? '5' : '1'
  const first12 = `${s}${y.slice(2)}${m}${d}12${serial}`
  return first12 + cnpCheckDigit(first12)
}

/** The reference risk of docs/tariffs.md: a 66 kW Dacia, owner aged 56 in Cluj, 12 months from 25 November 2026. */
export function rcaRequest(overrides: { vehicle?: Partial<RcaQuoteInputRaw['vehicle']>; owner?: RcaQuoteInputRaw['owner']; policy?: Partial<RcaQuoteInputRaw['policy']> } = {}): RcaQuoteInputRaw {
  return {
    vehicle: {
      registration_plate: 'CJ 12 ABC',
      vin: 'UU1HSDAC5L5123456',
      category: 'car',
      make: 'Dacia',
      model: 'Duster',
      engine_capacity_cc: 1461,
      power_kw: 66,
      total_mass_kg: 1_800,
      seats: 5,
      fuel: 'diesel',
      first_registration: '2020-03-15',
      usage: 'personal',
      ...overrides.vehicle,
    },
    owner: overrides.owner ?? { type: 'person', cnp: cnpBornOn('1970-01-01'), driving_licence_since: '1990-05-01', county: 'CJ', locality: 'Cluj-Napoca' },
    policy: { start_date: '2026-11-25', months: 12, direct_settlement: false, ...overrides.policy },
    token: 'test-token',
  }
}

/** 10:00 in Bucharest on 24 November 2026: tomorrow is the 25th. */
export const RCA_TEST_NOW = new Date('2026-11-24T08:00:00Z')
