import { HouseQuoteInput } from '~/contract/house'
import { padRegisterUrl } from '../../outside-services'
import { ProductServiceUnavailable, type ProductDefinition } from '../definition'
import { otherProductInsurers, PAD_ISSUER } from '../insurers-data'
import { pick } from '../foreign-price'
import { refuseIf } from '../rules'
import { createPadRegisterClient, PadRegisterUnavailable } from './pad-register'
import { housePolicyPart, housePurchase } from './purchase'
import { existingPadProblem, houseAddress, houseEndDate, houseProblems } from './rules'

const money = (amount: unknown) => (typeof amount === 'number' ? { amount, currency: 'RON' as const } : undefined)

/**
 * House: the PAD from the PAID pool and optional cover from the insurers, asked as the visitor's
 * choice says (PAD only, optional only with an existing PAD, or both, bought together). The
 * address is SIRUTA's (kept by its official names) and an existing PAD is the pool's, for this
 * home, in force on the start date; the pool is asked only once the request is otherwise sound.
 */
export const houseDefinition: ProductDefinition<HouseQuoteInput> = {
  code: 'house-insurance',
  requestSchema: HouseQuoteInput,
  async prepare(asked, { config, now }) {
    const { request, problems } = houseAddress(asked)
    refuseIf([...houseProblems(asked, now), ...problems])
    if (request.existing_pad_number !== null) {
      const register = createPadRegisterClient({ baseUrl: padRegisterUrl(config) })
      const policy = await register.find(request.existing_pad_number).catch((error: unknown) => {
        throw error instanceof PadRegisterUnavailable ? new ProductServiceUnavailable('pad_register', error.message) : error
      })
      const problem = existingPadProblem(request, policy)
      refuseIf(problem ? [problem] : [])
    }
    const { token: _token, ...payload } = request
    const optional = otherProductInsurers.filter((i) => i.code !== PAD_ISSUER && (i.products as readonly string[]).includes('house-insurance')).map((i) => i.code)
    return {
      request,
      context: { cover: request.cover, policy: housePolicyPart(request) },
      payload,
      startDate: request.start_date,
      endDate: houseEndDate(request.start_date),
      months: 12,
      insurers: request.cover === 'pad' ? [PAD_ISSUER] : request.cover === 'optional' ? optional : [PAD_ISSUER, ...optional],
    }
  },
  offerDetails: (details) => pick(details, { cover: 'string', pad_type: 'string', sum_insured: 'int', contents_sum_insured: 'int', liability_cover: 'int', deductible_percent: 'int', deductible_minimum: 'int' }),
  subject: (request) => ({ product: 'house-insurance', address: request.address, cover: request.cover, existing_pad_number: request.existing_pad_number, start_date: request.start_date }),
  quoteView: () => ({}),
  offerView: (details) => {
    const view: Record<string, unknown> = {}
    if (details.cover === 'pad' || details.cover === 'optional') view.cover = details.cover
    if (details.pad_type === 'A' || details.pad_type === 'B') view.pad_type = details.pad_type
    for (const field of ['sum_insured', 'contents_sum_insured', 'liability_cover'] as const) if (money(details[field])) view[field] = money(details[field])
    const minimum = money(details.deductible_minimum)
    if (typeof details.deductible_percent === 'number' && minimum) view.deductible = { percent: details.deductible_percent, minimum }
    return view
  },
  oneOfferPerInsurer: true,
  renewal: { request: (previous, startDate) => ({ ...previous, start_date: startDate }) },
  purchase: housePurchase,
}
