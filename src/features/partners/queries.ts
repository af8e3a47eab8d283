import { queryOptions } from '@tanstack/react-query'
import { getPartner } from './partner.functions'

export const partnerQuery = (code: string, pathname: string) =>
  queryOptions({ queryKey: ['partner', code], queryFn: () => getPartner({ data: { code, pathname } }), staleTime: 5 * 60_000 })
