/** Vehicle identifiers as they appear in deep links (`/rca/{plate}/{vin}`). Zod-free: used in the browser. */

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

/** A VIN: 17 characters, digits and letters except I, O and Q (ISO 3779). */
export function isVin(value: string): boolean {
  return /^[A-HJ-NPR-Z0-9]{17}$/.test(value.toUpperCase())
}
