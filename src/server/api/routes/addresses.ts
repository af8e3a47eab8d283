import { LocalitiesQuery, LocalityList } from '~/contract/addresses'
import { findCounty, localitiesOf } from '../../addresses/siruta'
import { ApiError } from '../errors'
import { fieldSentence } from '../../i18n'
import { defineRoute } from '../route'

/** SIRUTA's localities (docs/addresses.md), served to the address forms' type-ahead instead of bundling the list with them. */
export const addressRoutes = [
  defineRoute({
    method: 'GET',
    path: '/addresses/localities',
    tag: 'addresses',
    summary:
      'The localities of a county (by name or plate code, case and diacritics aside) by their official SIRUTA names, sorted; Bucharest has its six sectors and itself. An unknown county answers 422. Public and cacheable for a day.',
    query: LocalitiesQuery,
    response: LocalityList,
    handler: async ({ query, locale }) => {
      const county = findCounty(query.county)
      const localities = county ? localitiesOf(county) : undefined
      if (!county || !localities) throw new ApiError(422, 'validation_failed', { county: [fieldSentence(locale, 'customer_county_unknown')] })
      return { body: { data: { county, localities } }, headers: { 'cache-control': 'public, max-age=86400' } }
    },
  }),
]
