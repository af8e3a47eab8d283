import { z } from 'zod'
import { productCodes, statusFlagOf } from './constants'

export { PRODUCT_STATUSES_HEADER, statusFlagOf } from './constants'

const timestamp = z.iso.datetime({ offset: true })

/** The availability switches carried as JSON by the `x-site-product-statuses` header. */
export const ProductStatuses = z.object({
  id: z.number().int(),
  is_ro_vignette_available: z.boolean(),
  is_hu_vignette_available: z.boolean(),
  is_rca_available: z.boolean().default(true),
  is_travel_available: z.boolean().default(true),
  is_house_insurance_available: z.boolean().default(true),
  created_at: timestamp,
  updated_at: timestamp,
  deleted_at: timestamp.nullable(),
})
export type ProductStatuses = z.infer<typeof ProductStatuses>

export const ProductCode = z.enum(productCodes)
export type ProductCode = z.infer<typeof ProductCode>
statusFlagOf satisfies Record<ProductCode, keyof ProductStatuses>

export const Product = z.object({
  id: z.number().int(),
  code: ProductCode,
  name: z.string(),
  category: z.enum(['insurance', 'vignette']),
  is_available: z.boolean(),
})
export type Product = z.infer<typeof Product>
export const ProductList = z.object({ data: z.array(Product) })

export const Language = z.object({ code: z.string().length(2), name: z.string(), is_default: z.boolean() })
export type Language = z.infer<typeof Language>
export const LanguageList = z.object({ data: z.array(Language) })

export const MaintenanceStatus = z.object({
  is_active: z.boolean(),
  message: z.string().nullable(),
  started_at: timestamp.nullable(),
})
export type MaintenanceStatus = z.infer<typeof MaintenanceStatus>

export const ConsentChoices = z.object({
  necessary: z.literal(true),
  preferences: z.boolean(),
  analytics: z.boolean(),
  marketing: z.boolean(),
})
export type ConsentChoices = z.infer<typeof ConsentChoices>

export const CookieConsentRequest = z.object({
  consent: ConsentChoices,
  /** Anti-abuse (captcha) token; may be empty. */
  token: z.string().max(4096),
})
export const CookieConsent = z.object({ id: z.uuid(), consent: ConsentChoices, created_at: timestamp })

export const Health = z.object({ status: z.literal('ok') })
/** `GET /ready`: the status for anyone; the details only for the operator token (they help an attacker too). */
export const Readiness = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['pglite', 'postgres']).optional(),
  /** Milliseconds the database took to answer the check. */
  database_ms: z.number().nonnegative().optional(),
  /** Seconds since this process started. */
  uptime_s: z.number().int().nonnegative().optional(),
})
