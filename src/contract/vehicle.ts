import { countyCodes, type CountyCode } from './counties'

/**
 * Vehicle identifiers and their rules (romania-insurance-facts.md §6.3 plates, §6.4 VIN). Zod-free: deep links
 * (`/rca/{plate}/{vin}`) and forms use these in the browser; `src/contract/rca.ts` wraps them.
 */

/** Plate without spaces or dashes, upper case: `B 123 ABC` → `B123ABC`. */
export function normalizePlate(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase()
}

/**
 * A plausible plate: 2–10 letters and digits once normalised. Lenient on purpose: red
 * (provisional), export, diplomatic and foreign plates all exist; the quote form checks more.
 */
export function isPlausiblePlate(value: string): boolean {
  return /^[A-Z0-9]{2,10}$/.test(normalizePlate(value))
}

/**
 * The kinds of Romanian plates (romania-insurance-facts.md §6.3):
 * - `standard`: `CC NN LLL`, Bucharest `B NN(N) LLL`;
 * - `provisional`: red characters, county + 3–6 digits, the first `0` and the second not;
 * - `test`: county + 3 digits + `PROBE` (test vehicles, provisional as well);
 * - `temporary`: black characters with a red expiry strip, county + up to 6 digits (leasing, foreigners);
 * - `diplomatic`: `CD` / `TC` / `CO` + 6 digits.
 */
export type PlateKind = 'standard' | 'provisional' | 'test' | 'temporary' | 'diplomatic'
export type PlateFacts = { plate: string; kind: PlateKind; county: CountyCode | undefined }

/** Not issued (romania-insurance-facts.md §6.3 names these; the full list is not public). */
const RESERVED_LETTER_GROUPS = new Set(['POL', 'DEP', 'SNT', 'SRI', 'MAI'])
/** The 3-letter group: no Q anywhere, never starting with I or O. */
const LETTERS = '[A-HJ-NPR-Z][A-PR-Z]{2}'
const COUNTY = `(${countyCodes.filter((c) => c !== 'B').join('|')})`

const patterns: { kind: PlateKind; regex: RegExp }[] = [
  { kind: 'standard', regex: new RegExp(`^${COUNTY}([0-9]{2})(${LETTERS})$`) },
  { kind: 'standard', regex: new RegExp(`^(B)([0-9]{2,3})(${LETTERS})$`) },
  { kind: 'test', regex: new RegExp(`^(${countyCodes.join('|')})([0-9]{3})PROBE$`) },
  { kind: 'provisional', regex: new RegExp(`^(${countyCodes.join('|')})(0[1-9][0-9]{1,4})$`) },
  { kind: 'temporary', regex: new RegExp(`^(${countyCodes.join('|')})([1-9][0-9]{0,5})$`) },
  { kind: 'diplomatic', regex: /^(CD|TC|CO)([0-9]{6})$/ },
]

/** What a plate is, or undefined when no Romanian plate looks like it. */
export function parsePlate(value: string): PlateFacts | undefined {
  const plate = normalizePlate(value)
  for (const { kind, regex } of patterns) {
    const m = regex.exec(plate)
    if (!m) continue
    if (kind === 'standard' && RESERVED_LETTER_GROUPS.has(plate.slice(-3))) return undefined
    const county = kind === 'diplomatic' ? undefined : countyCodes.find((c) => plate.startsWith(c) && /\d/.test(plate[c.length] ?? ''))
    return { plate, kind, county }
  }
  return undefined
}

export function isRomanianPlate(value: string): boolean {
  return parsePlate(value) !== undefined
}

/**
 * Provisional ("red") and test plates are insured in 30-day periods of at most 90 days in all
 * (romania-insurance-facts.md §1.2): the quote takes 1–3 such periods instead of 1–12 months.
 */
export function isProvisionalPlate(kind: PlateKind): boolean {
  return kind === 'provisional' || kind === 'test'
}
export const PROVISIONAL_MAX_PERIODS = 3
export const PROVISIONAL_PERIOD_DAYS = 30

/** A VIN: 17 characters, digits and letters except I, O and Q (ISO 3779). */
export function isVin(value: string): boolean {
  return /^[A-HJ-NPR-Z0-9]{17}$/.test(value.toUpperCase())
}

export function normalizeVin(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase()
}

/**
 * The series of a Romanian registration certificate (certificat de înmatriculare), as printed on
 * it: a letter or two, then six or seven digits (`J 123456`). Spaces, dashes and dots are dropped.
 * Our own rule, lenient on the lengths (docs/products.md): it catches a VIN or a plate typed in
 * the wrong field, not every impossible series.
 */
export function normalizeCertificateSeries(value: string): string {
  return value.replace(/[\s.-]+/g, '').toUpperCase()
}

export function isCertificateSeries(value: string): boolean {
  return /^[A-Z]{1,2}[0-9]{6,7}$/.test(normalizeCertificateSeries(value))
}

const TRANSLITERATION: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8, J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9, S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
}
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2]

/** The North-American check digit (position 9) a VIN should carry: `0`–`9` or `X` (49 CFR 565.15). */
export function vinCheckDigit(vin: string): string {
  const sum = [...vin.toUpperCase()].reduce((acc, ch, i) => acc + (/\d/.test(ch) ? Number(ch) : (TRANSLITERATION[ch] ?? 0)) * (WEIGHTS[i] ?? 0), 0)
  const c = sum % 11
  return c === 10 ? 'X' : String(c)
}

/**
 * Whether the check digit must hold: only for VINs made for North America (first character 1–5),
 * where it is law. European and Asian makers mostly do not use it, so a mismatch there is no
 * error (romania-insurance-facts.md §6.4: `KNEJC524585810962` is a real Kia VIN that fails it).
 */
export function vinCheckDigitRequired(vin: string): boolean {
  return /^[1-5]/.test(vin)
}

export type VinProblem = 'format' | 'check_digit'
export function checkVin(value: string): { ok: true; vin: string; checkDigitMatches: boolean } | { ok: false; problem: VinProblem } {
  const vin = normalizeVin(value)
  if (!isVin(vin)) return { ok: false, problem: 'format' }
  const checkDigitMatches = vin[8] === vinCheckDigit(vin)
  if (!checkDigitMatches && vinCheckDigitRequired(vin)) return { ok: false, problem: 'check_digit' }
  return { ok: true, vin, checkDigitMatches }
}

/** What the RCA tariff distinguishes; the registration certificate's J code maps onto it. */
export const vehicleCategories = ['car', 'motorcycle', 'goods-vehicle', 'bus', 'tractor', 'trailer'] as const
export type VehicleCategory = (typeof vehicleCategories)[number]

/** Registration certificate field P.3, simplified. */
export const vehicleFuels = ['petrol', 'diesel', 'lpg', 'hybrid', 'electric', 'other'] as const
export type VehicleFuel = (typeof vehicleFuels)[number]

/** How the vehicle is used; insurers surcharge or decline the professional uses (romania-insurance-facts.md §1.4). */
export const vehicleUsages = ['personal', 'taxi', 'ride-sharing', 'rent-a-car', 'driving-school', 'courier', 'dangerous-goods'] as const
export type VehicleUsage = (typeof vehicleUsages)[number]

/** Categories that have no engine of their own: power, capacity and fuel do not apply. */
export function isTowed(category: VehicleCategory): boolean {
  return category === 'trailer'
}

/**
 * The tariff category of an EU vehicle category (certificate field J): M1 car, M2/M3 bus,
 * N1–N3 goods vehicle, L motorcycles and mopeds, O trailers, T tractors.
 */
export function categoryOfRegistrationCode(j: string): VehicleCategory | undefined {
  const code = j.toUpperCase().replace(/\s+/g, '')
  if (code.startsWith('M1')) return 'car'
  if (code.startsWith('M2') || code.startsWith('M3')) return 'bus'
  if (code.startsWith('N')) return 'goods-vehicle'
  if (code.startsWith('L')) return 'motorcycle'
  if (code.startsWith('O')) return 'trailer'
  if (code.startsWith('T')) return 'tractor'
  return undefined
}
