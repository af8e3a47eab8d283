import type { RouteDef } from '../route'
import { accountRoutes } from './account'
import { authRoutes } from './auth'
import { googleRoutes } from './google'
import { engagementRoutes, partnerOperatorRoutes } from './engagement'
import { metaRoutes } from './meta'
import { navigationRoutes } from './navigation'
import { operatorRoutes } from './operator'
import { productRoutes } from './products'
import { realtimeRoutes } from './realtime'
import { siteRoutes } from './site'
import { twoFactorRoutes } from './two-factor'

/** Every route of the provider API, grouped by domain. */
export function allRoutes(brand: string): RouteDef[] {
  const routes = [...siteRoutes, ...authRoutes, ...twoFactorRoutes, ...googleRoutes, ...accountRoutes, ...productRoutes, ...navigationRoutes, ...engagementRoutes, ...operatorRoutes, ...partnerOperatorRoutes, ...realtimeRoutes]
  return [...routes, ...metaRoutes(routes, brand)]
}
