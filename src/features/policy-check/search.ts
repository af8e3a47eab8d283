/** The search params of `/verify`, apart from the page so that the route's own code (in the first load) stays small. */

/** What `/verify` was asked (its search params): nothing yet, or a plate or VIN and maybe a day. */
export interface PolicyCheckSearch {
  vehicle?: string | undefined
  date?: string | undefined
}

/** Search params come from a plain GET form as well as from the router (which may have read `123` as a number). */
export function policyCheckSearch(search: Record<string, unknown>): PolicyCheckSearch {
  const text = (value: unknown, max: number) => (typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, max) : undefined)
  return { vehicle: text(search.vehicle, 40), date: text(search.date, 10) || undefined }
}
