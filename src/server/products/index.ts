/**
 * The registry of quotable products: one entry per product, each a `ProductDefinition`. The
 * quote engine, its routes (`POST /api/v1/products/{code}/quotes`) and the sandbox insurers
 * take every product from here; travel, house insurance and vignettes join by adding a line.
 */
import type { AnyProductDefinition } from './definition'
import { houseDefinition } from './house/definition'
import { rcaProduct } from './rca'
import { travelDefinition } from './travel/definition'
import { huVignetteDefinition, roVignetteDefinition } from './vignettes/definitions'

export const productDefinitions: Record<string, AnyProductDefinition> = {
  rca: rcaProduct as unknown as AnyProductDefinition,
  travel: travelDefinition as AnyProductDefinition,
  'house-insurance': houseDefinition as AnyProductDefinition,
  'ro-vignette': roVignetteDefinition as AnyProductDefinition,
  'hu-vignette': huVignetteDefinition as AnyProductDefinition,
}
