import { createServerFn } from '@tanstack/react-start'
import { HuVignetteForm, RoVignetteForm } from '~/contract/vignettes'
import { huVignetteTariffs } from '~/server/products/vignettes/hu-tariff'
import { bridgePassPrice, roVignetteTariff } from '~/server/products/vignettes/ro-tariff'
import { formInput } from '~/server/web/forms'
import { answerQuoteForm } from '~/server/web/quote-forms'

/**
 * The vignette quote forms' server functions (issue 12 §3–§4): the flat form is checked with the
 * request's own field schemas and sent to the quote API as its nested request; the API's 422
 * (`vehicle.registration_plate`) is laid back onto the form's fields (`registration_plate`).
 */
const vignetteFormField = (path: string) => path.replace(/^vehicle\./, '')

/**
 * What each form offers: the periods the tariff sells per category (and the categories with bridge
 * passes); the Hungarian prices by the year they are valid in (the form shows the chosen start's).
 */
export const getVignetteTariffs = createServerFn({ method: 'GET' }).handler(() => {
  const periodsOf = (tariff: Record<string, Partial<Record<string, number>>>) =>
    Object.fromEntries(Object.entries(tariff).map(([category, prices]) => [category, Object.keys(prices)]))
  const huYears = Object.keys(huVignetteTariffs).map(Number)
  const huLatest = huVignetteTariffs[Math.max(...huYears)] ?? {}
  return {
    ro: { periods: periodsOf(roVignetteTariff), prices: roVignetteTariff, bridgeCategories: Object.keys(bridgePassPrice), bridgePassBani: bridgePassPrice.B ?? 0 },
    hu: { periods: periodsOf(huLatest), pricesByYear: Object.fromEntries(huYears.map((year) => [String(year), huVignetteTariffs[year] ?? {}])) },
  }
})
export type VignetteTariffs = Awaited<ReturnType<typeof getVignetteTariffs>>

export const requestRoVignetteQuote = createServerFn({ method: 'POST' })
  .validator(formInput(RoVignetteForm))
  .handler(({ data }) =>
    answerQuoteForm(
      data,
      'ro-vignette',
      ({ registration_plate, country, vin, certificate_series, category, period, start_date, bridge_passes, token }) => ({
        vehicle: { registration_plate, country, vin, certificate_series, category },
        period,
        start_date,
        bridge_passes,
        token: token ?? '',
      }),
      vignetteFormField,
    ),
  )

export const requestHuVignetteQuote = createServerFn({ method: 'POST' })
  .validator(formInput(HuVignetteForm))
  .handler(({ data }) =>
    answerQuoteForm(
      data,
      'hu-vignette',
      ({ registration_plate, country, category, period, counties, start_date, token }) => ({
        vehicle: { registration_plate, country, category },
        period,
        counties: period === 'county' ? counties : [],
        start_date,
        token: token ?? '',
      }),
      vignetteFormField,
    ),
  )
