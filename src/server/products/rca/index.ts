import { bonusMalusCoefficient, isBonusMalusClass } from '~/contract/bonus-malus'
import { RcaQuoteInput, rcaPolicyEndDate } from '~/contract/rca'
import { parsePlate } from '~/contract/vehicle'
import { sandboxBaseUrl } from '../../sandbox'
import { ProductServiceUnavailable, type ProductDefinition } from '../definition'
import { ClaimsHistoryUnavailable, createClaimsHistoryClient } from './claims-client'

/**
 * RCA as the quote engine sees it: the request of `src/contract/rca.ts`; before insurers are
 * asked the owner's bonus-malus class comes from the claims history (facts §1.3); every insurer
 * is sent the vehicle, owner and policy with that class, and answers a premium and the price of
 * the direct settlement clause (facts §1.5), kept apart so the visitor can toggle it.
 */
export const rcaProduct: ProductDefinition<RcaQuoteInput> = {
  code: 'rca',
  requestSchema: RcaQuoteInput,
  oneOfferPerInsurer: true,
  async prepare(request, deps) {
    const claims = createClaimsHistoryClient({ baseUrl: sandboxBaseUrl(deps.config) })
    let bonusMalus
    try {
      bonusMalus = await claims.classFor(request.owner, request.vehicle.vin)
    } catch (error) {
      if (error instanceof ClaimsHistoryUnavailable) throw new ProductServiceUnavailable('claims_history', error.message)
      throw error
    }
    const { token: _token, ...asked } = request
    const plateKind = parsePlate(request.vehicle.registration_plate)?.kind ?? 'standard'
    return {
      context: { bonus_malus: bonusMalus },
      payload: { ...asked, bonus_malus: bonusMalus },
      startDate: request.policy.start_date,
      endDate: rcaPolicyEndDate(request.policy.start_date, request.policy.months, plateKind),
      months: request.policy.months,
    }
  },
  offerDetails(details) {
    const price = details.direct_settlement_premium
    return typeof price === 'number' && Number.isInteger(price) && price >= 0 ? { direct_settlement_premium: price } : {}
  },
  subject: (request) => ({
    product: 'rca',
    registration_plate: request.vehicle.registration_plate,
    vin: request.vehicle.vin,
    start_date: request.policy.start_date,
    months: request.policy.months,
  }),
  quoteView(context) {
    const code = context.bonus_malus
    return isBonusMalusClass(code) ? { bonus_malus: { class: code, coefficient: bonusMalusCoefficient(code) } } : {}
  },
  offerView(details, currency) {
    const price = details.direct_settlement_premium
    return { direct_settlement: typeof price === 'number' ? { amount: price, currency: currency as 'RON' } : null }
  },
}
