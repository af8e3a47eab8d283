/**
 * The registry of products: one entry per product, each a `ProductDefinition` from its quote to
 * its policy document. The quote engine, its routes (`POST /api/v1/products/{code}/quotes`), the
 * orders, documents, reminders, account area and sandbox insurers take every product from here:
 * a new product is a new folder and one line below.
 */
import type { MessageDescriptor } from '@lingui/core'
import type { AnyProductDefinition, ProductPurchase, VehiclePaper, VehiclePaperOf } from './definition'
import { houseDefinition } from './house/definition'
import { rcaProduct } from './rca'
import { travelDefinition } from './travel/definition'
import { huVignetteDefinition, roVignetteDefinition } from './vignettes/definitions'

export const productDefinitions: Record<string, AnyProductDefinition> = {
  rca: rcaProduct as unknown as AnyProductDefinition,
  travel: travelDefinition as unknown as AnyProductDefinition,
  'house-insurance': houseDefinition as unknown as AnyProductDefinition,
  'ro-vignette': roVignetteDefinition as unknown as AnyProductDefinition,
  'hu-vignette': huVignetteDefinition as unknown as AnyProductDefinition,
}

/** What a product does after payment; undefined for a code no product has. */
export function purchaseOf(product: string): ProductPurchase | undefined {
  return Object.hasOwn(productDefinitions, product) ? productDefinitions[product]!.purchase : undefined
}

/** The products whose policies answer the public check by plate or VIN. */
export const publiclyCheckedProducts: readonly string[] = Object.keys(productDefinitions).filter((code) => productDefinitions[code]!.purchase.publicCheck)

/** The vehicle paper a product's purchase sets, if any. */
export const vehiclePaperOf = (product: string): VehiclePaper | undefined => purchaseOf(product)?.vehiclePaper?.field

/** The products whose purchase sets `paper` (the vehicle's RCA: the RCA product). */
export const productsSetting = (paper: VehiclePaper): string[] => Object.keys(productDefinitions).filter((code) => vehiclePaperOf(code) === paper)

/**
 * The products renewed from a vehicle's known end (decision 132): those that renew and feed a
 * vehicle paper (RCA: `rca_valid_until`), with that paper. Their end reminders go to vehicles
 * too (decision 160).
 */
export const vehicleRenewals: readonly { product: string; paper: VehiclePaperOf }[] = Object.entries(productDefinitions).flatMap(([product, d]) =>
  d.renewal && d.purchase.vehiclePaper ? [{ product, paper: d.purchase.vehiclePaper }] : [],
)

/** Every vehicle paper some product feeds, once, with the calendar title of its deadline (the first product's that feeds it). */
export const vehiclePapers: readonly (VehiclePaperOf & { calendarTitle: MessageDescriptor })[] = Object.values(productDefinitions)
  .flatMap(({ purchase }) => (purchase.vehiclePaper ? [{ ...purchase.vehiclePaper, calendarTitle: purchase.reminders.calendarTitle }] : []))
  .filter((paper, i, all) => all.findIndex((other) => other.field === paper.field) === i)
