import type { RouteDef } from '../route'
import { metaRoutes } from './meta'
import { operatorRoutes } from './operator'
import { productRoutes } from './products'
import { siteRoutes } from './site'

/** Every route of the provider API, grouped by domain. */
export function allRoutes(brand: string): RouteDef[] {
  const routes = [...siteRoutes, ...productRoutes, ...operatorRoutes]
  return [...routes, ...metaRoutes(routes, brand)]
}
