import { z } from 'zod'
import { isIsoDate } from './iso-date'
import { isCertificateSeries, isPlausiblePlate, isRomanianPlate, isVin, normalizeCertificateSeries, normalizePlate } from './vehicle'

/** Rovinietă categories (OG 15/2002 as amended, romania-insurance-facts.md §2.1) and the periods sold online. */
export const roVignetteCategories = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] as const
export const roVignettePeriods = ['1d', '7d', '10d', '30d', '60d', '12m'] as const
/** Hungarian e-vignette categories and products (45/2020 ITM rendelet, romania-insurance-facts.md §3). */
export const huVignetteCategories = ['D1M', 'D1', 'D2', 'U'] as const
export const huVignettePeriods = ['daily', '10d', 'monthly', 'annual', 'county'] as const
/** The 19 Hungarian counties (vármegye) sold as annual county vignettes (romania-insurance-facts.md §3.3). */
export const huCounties = [
  'bacs-kiskun', 'baranya', 'bekes', 'borsod-abauj-zemplen', 'csongrad-csanad', 'fejer', 'gyor-moson-sopron', 'hajdu-bihar', 'heves',
  'jasz-nagykun-szolnok', 'komarom-esztergom', 'nograd', 'pest', 'somogy', 'szabolcs-szatmar-bereg', 'tolna', 'vas', 'veszprem', 'zala',
] as const

/** Nationality signs of the countries whose vehicles most often buy here (ISO 3166-1 alpha-2). */
export const vehicleCountries = ['RO', 'MD', 'HU', 'BG', 'UA', 'RS', 'DE', 'AT', 'IT', 'ES', 'FR', 'GB', 'PL', 'CZ', 'SK', 'NL', 'BE', 'TR', 'GR'] as const

const plate = z
  .string({ error: 'vignette_plate_required' })
  .trim()
  .min(1, 'vignette_plate_required')
  .max(16, 'vignette_plate_format')
  .transform(normalizePlate)
  .refine(isPlausiblePlate, 'vignette_plate_format')
const country = z.enum(vehicleCountries, { error: 'vignette_country' })
const startDate = z.string({ error: 'product_date_format' }).refine(isIsoDate, 'product_date_format')
const captchaToken = z.string({ error: 'product_captcha_required' }).max(4096, 'product_captcha_required')

/** A Romanian plate must look Romanian when the country says RO (a wrong country code makes the vignette invalid). */
export function plateMatchesCountry(vehicle: { registration_plate: string; country: string }) {
  return vehicle.country !== 'RO' || isRomanianPlate(vehicle.registration_plate)
}

/** The rovinietă names the vehicle by its VIN or by its registration certificate's series (either, or both). */
export function vehicleIdentified(vehicle: { vin: string | null; certificate_series: string | null }) {
  return vehicle.vin !== null || vehicle.certificate_series !== null
}

export const RoVignetteQuoteInput = z.object({
  vehicle: z
    .object({
      registration_plate: plate,
      country,
      vin: z.string({ error: 'vignette_vin_format' }).trim().toUpperCase().refine(isVin, 'vignette_vin_format').nullable().default(null),
      /** The registration certificate's series (`J123456`), when the VIN is not given. */
      certificate_series: z
        .string({ error: 'vignette_certificate_series' })
        .max(20, 'vignette_certificate_series')
        .transform(normalizeCertificateSeries)
        .refine(isCertificateSeries, 'vignette_certificate_series')
        .nullable()
        .default(null),
      category: z.enum(roVignetteCategories, { error: 'ro_vignette_category' }),
    })
    .refine(plateMatchesCountry, { message: 'vignette_plate_not_romanian', path: ['registration_plate'] })
    .refine(vehicleIdentified, { message: 'vignette_vin_or_series', path: ['vin'] }),
  period: z.enum(roVignettePeriods, { error: 'vignette_period' }),
  start_date: startDate,
  /** Passes over the Fetești–Cernavodă bridge bought with the vignette (cars and vans only). */
  bridge_passes: z.number({ error: 'bridge_passes' }).int('bridge_passes').min(0, 'bridge_passes').max(20, 'bridge_passes').default(0),
  token: captchaToken,
})
export type RoVignetteQuoteInput = z.infer<typeof RoVignetteQuoteInput>

export const HuVignetteQuoteInput = z
  .object({
    vehicle: z
      .object({
        registration_plate: plate,
        country,
        category: z.enum(huVignetteCategories, { error: 'hu_vignette_category' }),
      })
      .refine(plateMatchesCountry, { message: 'vignette_plate_not_romanian', path: ['registration_plate'] }),
    period: z.enum(huVignettePeriods, { error: 'vignette_period' }),
    counties: z.array(z.enum(huCounties, { error: 'hu_county' }), { error: 'hu_county' }).max(huCounties.length, 'hu_county').default([]),
    start_date: startDate,
    token: captchaToken,
  })
  .refine((v) => countiesGiven(v), { message: 'hu_counties_required', path: ['counties'] })
  .refine((v) => new Set(v.counties).size === v.counties.length, { message: 'hu_county_twice', path: ['counties'] })
  .refine((v) => motorcyclePeriodSold(v.vehicle.category, v.period), { message: 'hu_motorcycle_annual', path: ['period'] })
export type HuVignetteQuoteInput = z.infer<typeof HuVignetteQuoteInput>

function countiesGiven(v: { period: string; counties: readonly string[] }) {
  return v.period !== 'county' || v.counties.length > 0
}
function motorcyclePeriodSold(category: string, period: string) {
  return category !== 'D1M' || (period !== 'annual' && period !== 'county')
}

/**
 * The quote forms of `/instantRo` and `/lih`: one flat form each, checked with
 * the request's own field schemas and rules. A form sends text, so the bridge passes are read as a
 * number and the county boxes (`county_<slug>`) become the `counties` list first.
 */
const fromVignetteForm = (value: unknown) => {
  if (value === null || typeof value !== 'object') return value
  const read: Record<string, unknown> = { ...(value as Record<string, unknown>) }
  if (typeof read.bridge_passes === 'string') read.bridge_passes = /^\s*\d{1,2}\s*$/.test(read.bridge_passes) ? Number(read.bridge_passes) : read.bridge_passes.trim() === '' ? 0 : read.bridge_passes
  // An identifier left empty is one not given: the other may name the vehicle.
  for (const key of ['vin', 'certificate_series']) if (typeof read[key] === 'string' && read[key].trim() === '') read[key] = null
  if (huCounties.some((c) => `county_${c}` in read)) read.counties = huCounties.filter((c) => read[`county_${c}`] === true || read[`county_${c}`] === 'true' || read[`county_${c}`] === 'on')
  return read
}
const formToken = z.string().max(4096).optional()

const roShape = RoVignetteQuoteInput.shape
export const RoVignetteForm = z.preprocess(
  fromVignetteForm,
  z
    .object({ ...roShape.vehicle.shape, period: roShape.period, start_date: roShape.start_date, bridge_passes: roShape.bridge_passes, token: formToken })
    .refine(plateMatchesCountry, { message: 'vignette_plate_not_romanian', path: ['registration_plate'] })
    .refine(vehicleIdentified, { message: 'vignette_vin_or_series', path: ['vin'] }),
)
export type RoVignetteForm = z.output<typeof RoVignetteForm>

const huShape = HuVignetteQuoteInput.shape
export const HuVignetteForm = z.preprocess(
  fromVignetteForm,
  z
    .object({ ...huShape.vehicle.shape, period: huShape.period, counties: huShape.counties, start_date: huShape.start_date, token: formToken })
    .refine(plateMatchesCountry, { message: 'vignette_plate_not_romanian', path: ['registration_plate'] })
    .refine((v) => countiesGiven(v), { message: 'hu_counties_required', path: ['counties'] })
    .refine((v) => motorcyclePeriodSold(v.category, v.period), { message: 'hu_motorcycle_annual', path: ['period'] }),
)
export type HuVignetteForm = z.output<typeof HuVignetteForm>

/** A vignette price table: bani by category and period, only for the periods a category is sold for. */
const priceTable = <C extends readonly [string, ...string[]], P extends readonly [string, ...string[]]>(categories: C, periods: P) =>
  z.partialRecord(z.enum(categories), z.partialRecord(z.enum(periods), z.number().int().nonnegative()))

/** `GET /vignettes/tariffs`: the official vignette tariffs the forms offer (Romanian, and Hungarian by the year they apply in). */
export const VignetteTariffsEnvelope = z.object({
  data: z.object({
    ro: z.object({
      prices: priceTable(roVignetteCategories, roVignettePeriods),
      bridge_pass_prices: z.partialRecord(z.enum(roVignetteCategories), z.number().int().nonnegative()),
    }),
    hu: z.object({ prices_by_year: z.record(z.string().regex(/^\d{4}$/), priceTable(huVignetteCategories, huVignettePeriods)) }),
  }),
})
export type VignetteTariffsBody = z.infer<typeof VignetteTariffsEnvelope>['data']
