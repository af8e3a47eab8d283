import { createServerFn } from '@tanstack/react-start'
import { HuVignetteForm, RoVignetteForm, VignetteTariffsEnvelope } from '~/contract/vignettes'
import { formInput } from '~/server/web/forms'
import { callProvider } from '~/server/web/request'
import { answerQuoteForm } from '~/server/web/quote-forms'

/**
 * The vignette quote forms' server functions: the flat form is checked with the
 * request's own field schemas and sent to the quote API as its nested request; the API's 422
 * (`vehicle.registration_plate`) is laid back onto the form's fields (`registration_plate`).
 */
const vignetteFormField = (path: string) => path.replace(/^vehicle\./, '')

/**
 * What each form offers: the periods the tariff sells per category (and the categories with bridge
 * passes); the Hungarian prices by the year they are valid in (the form shows the chosen start's).
 */
export const getVignetteTariffs = createServerFn({ method: 'GET' }).handler(async () => {
  const { data } = await callProvider('/vignettes/tariffs', { schema: VignetteTariffsEnvelope })
  const periodsOf = <C extends string, P extends string>(tariff: Partial<Record<C, Partial<Record<P, number>>>>) =>
    Object.fromEntries(Object.entries(tariff).map(([category, prices]) => [category, Object.keys(prices ?? {}) as P[]])) as Record<string, P[]>
  const huYears = Object.keys(data.hu.prices_by_year).map(Number)
  const huLatest = data.hu.prices_by_year[String(Math.max(...huYears))] ?? {}
  const bridgeCategories = Object.keys(data.ro.bridge_pass_prices) as (keyof typeof data.ro.bridge_pass_prices)[]
  return {
    ro: { periods: periodsOf(data.ro.prices), prices: data.ro.prices, bridgeCategories, bridgePassBani: data.ro.bridge_pass_prices.B ?? 0 },
    hu: { periods: periodsOf(huLatest), pricesByYear: data.hu.prices_by_year },
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
