import { isBonusMalusClass, type BonusMalusClass } from '~/contract/bonus-malus'
import { RcaQuoteInput } from '~/contract/rca'
import { rcaInsurers } from '~/server/products/rca/insurers'
import { rcaRisk } from '~/server/products/rca/risk'
import { isDecline, rcaPremium } from './rca-tariff'
import { isRcaInsurerCode, rcaTariffs } from './rca-tariffs'
import type { SandboxPricer } from './service'

interface RcaSandboxRequest {
  request: RcaQuoteInput
  bonusMalus: BonusMalusClass
}

/**
 * RCA at the sandbox insurers: the broker sends the vehicle, owner and policy as the visitor
 * gave them and the bonus-malus class it found; each insurer rates the risk with its own
 * tariff (`rcaTariffs`), as its pricing engine would. The direct settlement clause's price is
 * in the details, or null where the insurer does not sell it for this vehicle.
 */
export const rcaSandboxPricer: SandboxPricer<RcaSandboxRequest> = {
  insurers: rcaInsurers.map((insurer) => insurer.code),
  parse(payload) {
    if (!payload || typeof payload !== 'object') return undefined
    const { bonus_malus: bonusMalus, ...rest } = payload as Record<string, unknown>
    if (!isBonusMalusClass(bonusMalus)) return undefined
    // The insurer checks the fields by the same rules the broker did; the captcha token is the broker's business.
    const request = RcaQuoteInput.safeParse({ ...rest, token: '' })
    return request.success ? { request: request.data, bonusMalus } : undefined
  },
  price(insurer, { request, bonusMalus }) {
    if (!isRcaInsurerCode(insurer)) return { status: 'declined', reason: 'category_not_covered' }
    const price = rcaPremium(rcaTariffs[insurer], rcaRisk(request, { bonusMalus }))
    if (isDecline(price)) return { status: 'declined', reason: price.declined }
    return { status: 'offered', premium: price.premium, details: { direct_settlement_premium: price.directSettlement } }
  },
}
