import { isVin, normalizeVin } from './vehicle'

/**
 * What a VIN tells without a database (romania-insurance-facts.md §6.4, ISO 3779): the manufacturer from the World
 * Manufacturer Identifier (characters 1–3) for the makes common in Romania, and the model year
 * from character 10. Zod-free: the vehicle form pre-fills the make from it.
 */

/** WMI → make. Several WMIs per maker: plants, vans, SUVs and code changes (Mercedes W1K from 2019…). */
export const wmiMakes: Readonly<Record<string, string>> = {
  UU1: 'Dacia',
  UU6: 'Dacia',
  VF1: 'Renault',
  VF2: 'Renault',
  VF6: 'Renault Trucks',
  WVW: 'Volkswagen',
  WV1: 'Volkswagen',
  WV2: 'Volkswagen',
  WVG: 'Volkswagen',
  TMB: 'Škoda',
  WF0: 'Ford',
  VS6: 'Ford',
  NM0: 'Ford',
  '1FA': 'Ford',
  '1FM': 'Ford',
  W0L: 'Opel',
  W0V: 'Opel',
  VXK: 'Opel',
  WBA: 'BMW',
  WBS: 'BMW',
  WBY: 'BMW',
  WMW: 'MINI',
  WDB: 'Mercedes-Benz',
  WDD: 'Mercedes-Benz',
  WDC: 'Mercedes-Benz',
  WDF: 'Mercedes-Benz',
  W1K: 'Mercedes-Benz',
  W1N: 'Mercedes-Benz',
  W1V: 'Mercedes-Benz',
  JTD: 'Toyota',
  JTE: 'Toyota',
  JTM: 'Toyota',
  JTN: 'Toyota',
  SB1: 'Toyota',
  VNK: 'Toyota',
  NMT: 'Toyota',
  KMH: 'Hyundai',
  TMA: 'Hyundai',
  NLH: 'Hyundai',
  KNA: 'Kia',
  KNE: 'Kia',
  U5Y: 'Kia',
  VF3: 'Peugeot',
  VR3: 'Peugeot',
  VF7: 'Citroën',
  VR7: 'Citroën',
  VR1: 'DS',
  WAU: 'Audi',
  WUA: 'Audi',
  TRU: 'Audi',
  ZFA: 'Fiat',
  ZAR: 'Alfa Romeo',
  JSA: 'Suzuki',
  JS2: 'Suzuki',
  TSM: 'Suzuki',
  JN1: 'Nissan',
  SJN: 'Nissan',
  VSK: 'Nissan',
  VSS: 'SEAT',
  YV1: 'Volvo',
  SAL: 'Land Rover',
  JMZ: 'Mazda',
  JMB: 'Mitsubishi',
  JHM: 'Honda',
  JH2: 'Honda',
  WMA: 'MAN',
  WEB: 'Mercedes-Benz',
  WSM: 'Schmitz Cargobull',
  SHH: 'Honda',
  '5YJ': 'Tesla',
  XP7: 'Tesla',
  LRW: 'Tesla',
}

/** Character 10 → year in the 1980–2009 cycle; the code repeats every 30 years (2010–2039 …). */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789'

/**
 * The model year a VIN's 10th character encodes: the latest year of its 30-year cycle that is not
 * after next year (makers sell next year's models from the summer). European makers often put
 * something else there, so it is a hint for the form, never a rule.
 */
export function vinModelYear(vin: string, currentYear: number): number | undefined {
  const index = YEAR_CODES.indexOf(vin.toUpperCase()[9] ?? '')
  if (index < 0) return undefined
  let year = 1980 + index
  while (year + 30 <= currentYear + 1) year += 30
  return year
}

export type DecodedVin = { wmi: string; make: string | undefined; modelYear: number | undefined }

export function decodeVin(value: string, currentYear: number = new Date().getUTCFullYear()): DecodedVin | undefined {
  const vin = normalizeVin(value)
  if (!isVin(vin)) return undefined
  const wmi = vin.slice(0, 3)
  return { wmi, make: wmiMakes[wmi], modelYear: vinModelYear(vin, currentYear) }
}
