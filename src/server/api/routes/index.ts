import type { RouteDef } from '../route'
import { authRoutes } from './auth'
import { engagementRoutes, partnerOperatorRoutes } from './engagement'
import { metaRoutes } from './meta'
import { navigationRoutes } from './navigation'
import { operatorRoutes } from './operator'
import { productRoutes } from './products'
import { siteRoutes } from './site'

/** Every route of the provider API, grouped by domain. */
export function allRoutes(brand: string): RouteDef[] {
  const routes = [...siteRoutes, ...authRoutes, ...productRoutes, ...navigationRoutes, ...engagementRoutes, ...operatorRoutes, ...partnerOperatorRoutes]
  return [...routes, ...metaRoutes(routes, brand)]
}
