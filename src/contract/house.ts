import { z } from 'zod'
import { flatForm, formText, formWhole } from './flat-form'
import { isIsoDate } from './iso-date'

/** Exterior wall materials; the PAD type follows the material of the largest built area (Legea 260/2008, romania-insurance-facts.md §4.1). */
export const wallMaterials = ['reinforced_concrete', 'metal', 'wood', 'stone', 'brick', 'unfired_brick', 'other_untreated'] as const
export const seismicRiskClasses = ['I', 'II', 'III', 'IV'] as const
export const houseCovers = ['pad', 'pad_and_optional', 'optional'] as const
/** Cover starts at the latest this many days from today. */
export const HOUSE_START_MAX_DAYS = 60

const text = (key: 'house_address_county' | 'house_address_locality' | 'house_address_street', max: number) =>
  z.string({ error: key }).trim().min(1, key).max(max, key)

export const HouseQuoteInput = z
  .object({
    address: z.object({
      county: text('house_address_county', 40),
      locality: text('house_address_locality', 80),
      street: text('house_address_street', 200),
    }),
    building: z.object({
      wall_material: z.enum(wallMaterials, { error: 'house_wall_material' }),
      built_area_m2: z.number({ error: 'house_built_area' }).int('house_built_area').min(10, 'house_built_area').max(2000, 'house_built_area'),
      year_built: z.number({ error: 'house_year_built' }).int('house_year_built').min(1800, 'house_year_built').max(2100, 'house_year_built'),
      floors: z.number({ error: 'house_floors' }).int('house_floors').min(1, 'house_floors').max(60, 'house_floors'),
      seismic_risk_class: z.enum(seismicRiskClasses, { error: 'house_seismic_class' }).nullable().default(null),
    }),
    cover: z.enum(houseCovers, { error: 'house_cover' }),
    /** The number of a PAD policy still valid, when only optional cover is bought. */
    existing_pad_number: z
      .string({ error: 'house_pad_number' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9/-]{6,30}$/, 'house_pad_number')
      .nullable()
      .default(null),
    start_date: z.string({ error: 'product_date_format' }).refine(isIsoDate, 'product_date_format'),
    token: z.string({ error: 'product_captcha_required' }).max(4096, 'product_captcha_required'),
  })
  // Optional cover can only be bought with a valid PAD: one bought now, or an existing one's number (romania-insurance-facts.md §4.1).
  .refine((v) => v.cover !== 'optional' || v.existing_pad_number !== null, { message: 'house_pad_required', path: ['existing_pad_number'] })
  // A class I building cannot get PAD until it is consolidated, so it cannot get optional cover either.
  .refine((v) => v.building.seismic_risk_class !== 'I', { message: 'house_seismic_class_one', path: ['building', 'seismic_risk_class'] })
export type HouseQuoteInput = z.infer<typeof HouseQuoteInput>

/**
 * The house quote form (one page, flat text fields: `county`, `locality`, `street`,
 * `wall_material`, `built_area_m2`, …): read into the API's shape and checked by the API's own
 * schema; each failure is named by its form field, so the sentence shows beside it.
 */
export const houseFormField = (path: string): string => path.replace(/^(address|building)\./, '') || 'form'

export function houseFormToInput(values: Record<string, unknown>) {
  return {
    address: { county: formText(values.county), locality: formText(values.locality), street: formText(values.street) },
    building: {
      wall_material: formText(values.wall_material) || undefined,
      built_area_m2: formWhole(values.built_area_m2),
      year_built: formWhole(values.year_built),
      floors: formWhole(values.floors),
      seismic_risk_class: formText(values.seismic_risk_class) || null,
    },
    cover: formText(values.cover) || undefined,
    existing_pad_number: formText(values.existing_pad_number) || null,
    start_date: formText(values.start_date),
    token: typeof values.token === 'string' ? values.token : '',
  }
}

export const HouseQuoteForm = flatForm(HouseQuoteInput, houseFormToInput, houseFormField)
