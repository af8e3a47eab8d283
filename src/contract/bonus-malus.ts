/**
 * The RCA bonus-malus classes of Norma ASF 20/2017 and their coefficients on the base premium
 * (romania-insurance-facts.md §1.3): B0 for a new insured, B1–B8 bonus (−5 % … −50 %), M1–M8 malus (+10 % … +80 %).
 * Zod-free: the quote page shows "Your class: B4, −20 %".
 */
export const bonusMalusClasses = [
  { code: 'B8', percent: 50 },
  { code: 'B7', percent: 60 },
  { code: 'B6', percent: 70 },
  { code: 'B5', percent: 75 },
  { code: 'B4', percent: 80 },
  { code: 'B3', percent: 85 },
  { code: 'B2', percent: 90 },
  { code: 'B1', percent: 95 },
  { code: 'B0', percent: 100 },
  { code: 'M1', percent: 110 },
  { code: 'M2', percent: 120 },
  { code: 'M3', percent: 130 },
  { code: 'M4', percent: 140 },
  { code: 'M5', percent: 150 },
  // One page gives 165 % for M6; the ASF-derived lists give 160 % (romania-insurance-facts.md §1.3).
  { code: 'M6', percent: 160 },
  { code: 'M7', percent: 170 },
  { code: 'M8', percent: 180 },
] as const

export type BonusMalusClass = (typeof bonusMalusClasses)[number]['code']
export const bonusMalusCodes: readonly BonusMalusClass[] = bonusMalusClasses.map((c) => c.code)
/** The class of an insured without history. */
export const BONUS_MALUS_ENTRY: BonusMalusClass = 'B0'

export function isBonusMalusClass(value: unknown): value is BonusMalusClass {
  return typeof value === 'string' && (bonusMalusCodes as readonly string[]).includes(value)
}

/** The coefficient as a percentage of the base premium (B4 → 80). */
export function bonusMalusPercent(code: BonusMalusClass): number {
  return bonusMalusClasses.find((c) => c.code === code)?.percent ?? 100
}

/** The coefficient as a factor (B4 → 0.8). */
export function bonusMalusCoefficient(code: BonusMalusClass): number {
  return bonusMalusPercent(code) / 100
}

/** The change shown to the visitor, in percent: B4 → −20, M2 → +20, B0 → 0. */
export function bonusMalusChangePercent(code: BonusMalusClass): number {
  return bonusMalusPercent(code) - 100
}

/** Bonus classes are better the higher; malus classes worse. Order: B8 best … M8 worst. */
export function compareBonusMalus(a: BonusMalusClass, b: BonusMalusClass): number {
  return bonusMalusCodes.indexOf(a) - bonusMalusCodes.indexOf(b)
}
