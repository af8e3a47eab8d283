/** The quote engine's offers and insurer adapters, as the order service's ports. */
import type { InsurerCatalogue } from '../insurers/catalogue'
import type { QuoteService } from '../quotes/service'
import { InsurerRefusal, type CheckoutOffer, type IssuedPolicy, type OfferSource, type PolicyIssueRequest, type PolicyIssuer } from './ports'

const ISSUE_TIMEOUT_MS = 30_000

export class QuoteEngineOffers implements OfferSource {
  constructor(private readonly quotes: QuoteService) {}

  async offerForCheckout(offerId: string): Promise<CheckoutOffer | 'expired' | null> {
    const found = await this.quotes.offerForCheckout(offerId)
    if (!found.ok) return found.error === 'expired' ? 'expired' : null
    const request = found.quote.request
    const vehicle = (typeof request.vehicle === 'object' && request.vehicle ? request.vehicle : request) as Record<string, unknown>
    return {
      id: offerId,
      quoteId: found.quote.id,
      quoteOwnerId: found.quote.userId,
      product: found.quote.product,
      insurerCode: found.insurer.code,
      insurerName: found.insurer.name,
      premium: found.premium,
      insurerReference: found.reference,
      startDate: found.offer.start_date ?? null,
      endDate: found.offer.end_date ?? null,
      expiresAt: found.quote.expiresAt,
      partnerCode: found.quote.partnerCode,
      registrationPlate: typeof vehicle.registration_plate === 'string' ? vehicle.registration_plate.replace(/[\s-]+/g, '').toUpperCase() : null,
      vin: typeof vehicle.vin === 'string' ? vehicle.vin.toUpperCase() : null,
      details: found.details,
      policy: found.quote.context.policy,
      insurerPayload: found.quote.insurerPayload,
    }
  }
}

export class QuoteEngineIssuer implements PolicyIssuer {
  constructor(private readonly insurers: InsurerCatalogue) {}

  async issue(request: PolicyIssueRequest): Promise<IssuedPolicy> {
    const insurer = await this.insurers.get(request.insurerCode)
    if (!insurer) throw new InsurerRefusal('insurer_unknown')
    const payload = (request.extras.insurer_payload ?? {}) as Record<string, unknown>
    const result = await this.insurers.adapterFor(insurer).issue(
      {
        product: request.product,
        reference: request.insurerReference ?? '',
        payload,
        customer: { email: request.customer.email, name: `${request.customer.first_name} ${request.customer.last_name}` },
        start_date: request.startDate ?? '',
        end_date: request.endDate ?? '',
        idempotencyKey: request.idempotencyKey,
      },
      AbortSignal.timeout(ISSUE_TIMEOUT_MS),
    )
    if (result.status === 'refused') throw new InsurerRefusal(result.reason)
    return result.policy
  }
}
