/**
 * Contract constants without zod, so browser code can use them without pulling the
 * schema library into the client bundle.
 */
export const PRODUCT_STATUSES_HEADER = 'x-site-product-statuses'

export const productCodes = ['rca', 'travel', 'house-insurance', 'ro-vignette', 'hu-vignette'] as const
export type ProductCode = (typeof productCodes)[number]

/** Which status switch governs each product. */
export const statusFlagOf = {
  rca: 'is_rca_available',
  travel: 'is_travel_available',
  'house-insurance': 'is_house_insurance_available',
  'ro-vignette': 'is_ro_vignette_available',
  'hu-vignette': 'is_hu_vignette_available',
} as const satisfies Record<ProductCode, string>

/** Topics of the contact form. */
export const contactTopics = ['rca', 'travel', 'house-insurance', 'vignette', 'claim', 'account', 'other'] as const

/** The second factors of two-step sign-in: an authenticator app (TOTP) or a code by e-mail. */
export const TWO_FACTOR_PROVIDERS = ['authenticator', 'email'] as const
export type TwoFactorProviderCode = (typeof TWO_FACTOR_PROVIDERS)[number]

/**
 * The public id of a quote, an offer or a policy check: 128 random bits in base64url, 22
 * characters. Here without zod for browser code (search parameters); the schema is `publicId`
 * (src/contract/public-id.ts).
 */
export const PUBLIC_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/

export function isPublicId(value: unknown): value is string {
  return typeof value === 'string' && PUBLIC_ID_PATTERN.test(value)
}
