import type { ProductCode } from '~/contract/constants'

/** The page of each product. */
export const productPath = {
  rca: '/rca/{-$registration_plate}/{-$vin}',
  travel: '/travel',
  'house-insurance': '/house',
  'ro-vignette': '/instantRo',
  'hu-vignette': '/lih',
} as const satisfies Record<ProductCode, string>
