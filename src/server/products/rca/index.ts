import { bonusMalusCoefficient, isBonusMalusClass, type BonusMalusClass } from '~/contract/bonus-malus'
import { RcaQuoteInput, rcaPolicyEndDate } from '~/contract/rca'
import { BAAR_HIGH_RISK_URL, BAAR_OFFERS_ABOVE_REFERENCE } from '~/contract/rca-constants'
import type { Offer, ReferenceTariff } from '~/contract/quotes'
import { parsePlate } from '~/contract/vehicle'
import { claimsHistoryUrl } from '../../outside-services'
import { ProductServiceUnavailable, type PreparedQuote, type ProductDefinition } from '../definition'
import { ClaimsHistoryUnavailable, createClaimsHistoryClient } from './claims-client'
import { referenceCell, type ReferenceCell } from './reference-tariff'
import { withOfficialOwnerPlace } from './owner-place'
import { rcaPolicyPart, rcaPurchase } from './purchase'
import { rcaRisk } from './risk'

/**
 * RCA as the quote engine sees it: the request of `src/contract/rca.ts`; before insurers are
 * asked the owner's bonus-malus class comes from the claims history (romania-insurance-facts.md §1.3); every insurer
 * is sent the vehicle, owner and policy with that class, and answers a premium and the price of
 * the direct settlement clause (romania-insurance-facts.md §1.5), kept apart so the visitor can toggle it.
 */
export const rcaProduct: ProductDefinition<RcaQuoteInput> = {
  code: 'rca',
  requestSchema: RcaQuoteInput,
  oneOfferPerInsurer: true,
  purchase: rcaPurchase,
  renewal: {
    // The same vehicle, owner and cover; the class is asked again of the claims history by `prepare`.
    request: (previous, startDate) => ({ ...previous, policy: { ...previous.policy, start_date: startDate } }),
    ratingClass: (context) => (isBonusMalusClass(context.bonus_malus) ? context.bonus_malus : undefined),
    // A renewal batch asks the claims history once (its batch lookups), not once per policy.
    async prepareMany(asked, deps) {
      const requests = asked.map(withOfficialOwnerPlace)
      const claims = createClaimsHistoryClient({ baseUrl: claimsHistoryUrl(deps.config) })
      const classes = await claimsFailure(() => claims.classesFor(requests.map((r) => ({ owner: r.owner, vin: r.vehicle.vin }))))
      return requests.map((request, i) => {
        const bonusMalus = classes[i]
        return bonusMalus ? preparedWith(request, bonusMalus) : new ProductServiceUnavailable('claims_history', 'no class for this owner')
      })
    },
  },
  async prepare(asked, deps) {
    const request = withOfficialOwnerPlace(asked)
    const claims = createClaimsHistoryClient({ baseUrl: claimsHistoryUrl(deps.config) })
    return preparedWith(request, await claimsFailure(() => claims.classFor(request.owner, request.vehicle.vin)))
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
  quoteView(context, offers) {
    const code = context.bonus_malus
    return {
      ...(isBonusMalusClass(code) ? { bonus_malus: { class: code, coefficient: bonusMalusCoefficient(code) } } : {}),
      ...('reference_tariff' in context ? { reference_tariff: referenceView(context.reference_tariff as ReferenceCell | null, context.months, offers) } : {}),
    }
  },
  offerView(details, currency) {
    const price = details.direct_settlement_premium
    return { direct_settlement: typeof price === 'number' ? { amount: price, currency: currency as 'RON' } : null }
  },
}

/** A claims-history failure as the product's "outside service unavailable" (the API answers 503). */
async function claimsFailure<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (error) {
    if (error instanceof ClaimsHistoryUnavailable) throw new ProductServiceUnavailable('claims_history', error.message)
    throw error
  }
}

/** The quote's context and the insurers' payload once the owner's class is known. */
function preparedWith(request: RcaQuoteInput, bonusMalus: BonusMalusClass): PreparedQuote {
  const { token: _token, ...sent } = request
  const plateKind = parsePlate(request.vehicle.registration_plate)?.kind ?? 'standard'
  const reference = referenceCell(rcaRisk(request, { bonusMalus }), request.policy.start_date) ?? null
  return {
    context: { bonus_malus: bonusMalus, reference_tariff: reference, policy: rcaPolicyPart(request, bonusMalus) },
    request,
    payload: { ...sent, bonus_malus: bonusMalus },
    startDate: request.policy.start_date,
    endDate: rcaPolicyEndDate(request.policy.start_date, request.policy.months, plateKind),
    months: request.policy.months,
  }
}

/**
 * The reference tariff beside the offers, and whether the buyer may ask BAAR for an insurer:
 * BAAR compares 12-month offers, without the direct settlement clause, with the cell's tariff
 * times the bonus-malus coefficient (romania-insurance-facts.md §1.7, https://www.baar.ro/asigurati-cu-risc-ridicat/).
 */
function referenceView(cell: ReferenceCell | null, months: unknown, offers: readonly Offer[]): ReferenceTariff | null {
  if (!cell) return null
  const above = months === 12 ? offers.filter((o) => o.status === 'offered' && o.premium !== null && o.premium.amount > cell.annualForClass).length : 0
  return {
    annual: { amount: cell.annual, currency: 'RON' },
    for_class: { amount: cell.annualForClass, currency: 'RON' },
    zone: cell.zone,
    age_band: cell.ageBand,
    power_band: cell.powerBand.replace(/^car\//, ''),
    valid_from: cell.validFrom,
    offers_above: above,
    baar_allocation: above >= BAAR_OFFERS_ABOVE_REFERENCE,
    baar_url: BAAR_HIGH_RISK_URL,
  }
}
