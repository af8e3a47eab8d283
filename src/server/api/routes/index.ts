import type { RouteDef } from '../route'
import { accountRoutes } from './account'
import { addressRoutes } from './addresses'
import { accountSettingsRoutes } from './account-settings'
import { vehicleRoutes } from './vehicles'
import { directBookingOperatorRoutes, directBookingRoutes } from './direct-bookings'
import { authRoutes } from './auth'
import { fxRoutes } from './fx'
import { googleRoutes } from './google'
import { engagementRoutes, partnerOperatorRoutes } from './engagement'
import { metaRoutes } from './meta'
import { navigationRoutes } from './navigation'
import { operatorRoutes } from './operator'
import { paymentRoutes } from './payments'
import { orderOperatorRoutes, orderRoutes } from './orders'
import { productRoutes } from './products'
import { quoteRoutes } from './quotes'
import { productDefinitions } from '../../products'
import { realtimeRoutes } from './realtime'
import { renewalRoutes } from './renewals'
import { siteRoutes } from './site'
import { twoFactorRoutes } from './two-factor'

/** Every route of the provider API, grouped by domain. */
export function allRoutes(brand: string): RouteDef[] {
  const routes = [...siteRoutes, ...authRoutes, ...twoFactorRoutes, ...googleRoutes, ...accountRoutes, ...productRoutes, ...quoteRoutes(productDefinitions), ...navigationRoutes, ...engagementRoutes, ...operatorRoutes, ...partnerOperatorRoutes, ...fxRoutes, ...paymentRoutes, ...realtimeRoutes, ...orderRoutes, ...orderOperatorRoutes, ...vehicleRoutes, ...accountSettingsRoutes, ...directBookingRoutes, ...directBookingOperatorRoutes, ...addressRoutes, ...renewalRoutes]
  return [...routes, ...metaRoutes(routes, brand)]
}
