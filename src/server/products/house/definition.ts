import { HouseQuoteInput } from '~/contract/house'
import type { ProductDefinition } from '../definition'
import { PAD_ISSUER } from '../insurers-data'
import { pick } from '../foreign-price'
import { refuseIf } from '../rules'
import { houseEndDate, houseProblems } from './rules'
import { houseInsurerTariffs } from './tariffs'

const money = (amount: unknown) => (typeof amount === 'number' ? { amount, currency: 'RON' as const } : undefined)

/**
 * House: the PAD from the PAID pool and optional cover from the insurers, asked as the visitor's
 * choice says (PAD only, optional only with an existing PAD, or both, bought together).
 */
export const houseDefinition: ProductDefinition<HouseQuoteInput> = {
  code: 'house-insurance',
  requestSchema: HouseQuoteInput,
  async prepare(request, { now }) {
    refuseIf(houseProblems(request, now))
    const { token: _token, ...payload } = request
    const optional = Object.keys(houseInsurerTariffs)
    return {
      context: { cover: request.cover },
      payload,
      startDate: request.start_date,
      endDate: houseEndDate(request.start_date),
      months: 12,
      insurers: request.cover === 'pad' ? [PAD_ISSUER] : request.cover === 'optional' ? optional : [PAD_ISSUER, ...optional],
    }
  },
  offerDetails: (details) => pick(details, { cover: 'string', pad_type: 'string', sum_insured: 'int', contents_sum_insured: 'int', liability_cover: 'int' }),
  subject: (request) => ({ product: 'house-insurance', address: request.address, cover: request.cover, existing_pad_number: request.existing_pad_number, start_date: request.start_date }),
  quoteView: () => ({}),
  offerView: (details) => {
    const view: Record<string, unknown> = {}
    if (details.cover === 'pad' || details.cover === 'optional') view.cover = details.cover
    if (details.pad_type === 'A' || details.pad_type === 'B') view.pad_type = details.pad_type
    for (const field of ['sum_insured', 'contents_sum_insured', 'liability_cover'] as const) if (money(details[field])) view[field] = money(details[field])
    return view
  },
  oneOfferPerInsurer: true,
}
