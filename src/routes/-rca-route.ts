import { redirect } from '@tanstack/react-router'
import { oneOf, publicId, searchParams, text } from '~/contract/search-params'
import { assertValidPage } from '~/ui/validity'
import { getQuote } from '~/features/quotes/quote.functions'
import { getRcaForm } from '~/features/rca/rca.functions'
import { RCA_STEPS } from '~/features/rca/rca-steps-model'

/** The RCA page's search: the step, the quote shown at `offers`, the direct settlement toggle. */
export const rcaSearch = searchParams({
  step: oneOf(...RCA_STEPS),
  quote: publicId,
  /** Set by the post without JavaScript: the page waits until every insurer answered. */
  wait: oneOf(1),
  ds: oneOf(1),
  /** From the home page's plate box (a GET form): turned into the deep link `/rca/{plate}/{vin}`. */
  plate: text(20),
  vin: text(30),
})
export type RcaSearch = ReturnType<typeof rcaSearch>

export const rcaLoaderDeps = ({ search }: { search: RcaSearch }) => ({
  step: search.step,
  quote: search.quote,
  wait: search.wait,
})

/** The draft (or the registry's answer for a deep link) and, at the offers step, the quote. */
export async function loadRca(params: { registration_plate?: string; vin?: string }, deps: ReturnType<typeof rcaLoaderDeps>) {
  const [form, quote] = await Promise.all([
    getRcaForm({ data: { plate: params.registration_plate, vin: params.vin } }),
    deps.step === 'offers' && deps.quote ? getQuote({ data: { id: deps.quote, complete: deps.wait === 1 } }) : Promise.resolve(null),
    import('./-rca-lazy').then((parts) => parts.preloadRcaParts(deps.step)),
  ])
  return { form, quote, now: Date.now() }
}

/**
 * The plate and VIN checks (with the county list) load with an RCA page, not with every page's
 * route tree (decision 78).
 */
const vehicleChecks = () => import('~/contract/vehicle')

/** A deep link's plate and VIN must be plausible, or the page is a 404. */
export async function assertValidDeepLink(params: { registration_plate?: string; vin?: string }, pathname: string) {
  const { isPlausiblePlate, isVin } = await vehicleChecks()
  const { registration_plate: plate, vin } = params
  assertValidPage((plate === undefined || isPlausiblePlate(plate)) && (vin === undefined || isVin(vin)), pathname)
}

/** The plate box's `?plate=&vin=` becomes the deep link, so the registry fills the vehicle in. */
export async function plateBoxRedirect(search: RcaSearch, to: '/rca/{-$registration_plate}/{-$vin}') {
  if (search.plate === undefined) return
  const { isPlausiblePlate, isVin, normalizePlate } = await vehicleChecks()
  const plate = normalizePlate(search.plate)
  const vin = search.vin?.trim().toUpperCase()
  if (!isPlausiblePlate(plate)) throw redirect({ to, params: {}, search: { step: 'vehicle' } })
  throw redirect({ to, params: { registration_plate: plate, vin: vin && isVin(vin) ? vin : undefined }, search: { step: 'vehicle' } })
}
