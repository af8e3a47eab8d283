import { notFound } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import { PartnerLookup, PartnerPageInput } from '~/contract/partners'
import { pageNotFoundMessage } from '~/contract/paths'
import { ProviderError } from '~/server/provider'
import { contractInput } from '~/server/web/forms'
import { callProvider } from '~/server/web/request'

/** The partner behind `/rca-{code}/…` and `/terms-{code}`; an unknown or inactive partner is a 404 page. */
export const getPartner = createServerFn({ method: 'GET' })
  .validator(contractInput(PartnerPageInput))
  .handler(async ({ data }) => {
    try {
      const { data: partner } = await callProvider(`/partners/${encodeURIComponent(data.code)}`, { schema: PartnerLookup })
      return partner
    } catch (error) {
      if (error instanceof ProviderError && (error.status === 404 || error.status === 422)) throw notFound({ data: { message: pageNotFoundMessage(data.pathname) } })
      throw error
    }
  })
