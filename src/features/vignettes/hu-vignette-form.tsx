import { Trans, useLingui } from '@lingui/react/macro'
import type { CaptchaProvider } from '~/captcha/captcha-token'
import { huCounties, huVignetteCategories, huVignettePeriods } from '~/contract/vignettes'
import { formatMoney } from '~/i18n/money'
import { huCategoryHelp, huCountyName, huPeriodLabel } from '~/i18n/vignette-labels'
import { CheckboxField, ContractForm, FormField, SelectField } from '~/ui/form/form-parts'
import { useQuoteForm } from '~/ui/form/use-quote-form'
import { useHydrated } from '~/ui/use-hydrated'
import { RegistrationFields, useFieldValue, VignetteFormEnd } from './vignette-parts'
import { requestHuVignetteQuote, type VignetteTariffs } from './vignettes.functions'


const countyBoxes = Object.fromEntries(huCounties.map((c) => [`county_${c}`, false])) as Record<`county_${(typeof huCounties)[number]}`, boolean>

/**
 * The Hungarian e-vignette's quote form, one step: category, product (daily, 10 days,
 * monthly, annual national or annual by county, with the counties as boxes), the vehicle and the
 * start (no start in the past). The offer appears below, on the same page (`?quote=`).
 */
export function HuVignetteForm({ tariff, today, latest, captchaProvider }: { tariff: VignetteTariffs['hu']; today: string; latest: string; captchaProvider: CaptchaProvider }) {
  const { t, i18n } = useLingui()
  const hydrated = useHydrated()
  const form = useQuoteForm({
    id: 'hu-vignette',
    action: requestHuVignetteQuote,
    schema: () => import('~/contract/vignettes').then((m) => m.HuVignetteForm),
    // `counties` holds no value of its own (the boxes make the list): it is where the list's sentence shows.
    defaultValues: { category: 'D1', period: 'daily', ...countyBoxes, counties: '', registration_plate: '', country: 'RO', start_date: today },
    captcha: { provider: captchaProvider, action: 'hu_vignette_quote' },
    failureMessage: t`The vignette could not be priced right now. Please try again in a moment.`,
  })
  const category = useFieldValue(form, 'category') as string
  const period = useFieldValue(form, 'period')
  const start = useFieldValue(form, 'start_date')
  // Prices of the year the chosen start is in (Hungary indexes them every 1 January); none shown for a year not published.
  const prices = tariff.pricesByYear[(typeof start === 'string' ? start : today).slice(0, 4)]
  const sold = tariff.periods[category] ?? []
  const countiesError = form.errors.counties
  const periods = huVignettePeriods.map((option) => {
    const price = prices?.[category as keyof typeof prices]?.[option]
    const shown = price === undefined ? '' : ` — ${formatMoney(price, 'HUF', i18n.locale)}${option === 'county' ? t` per county` : ''}`
    return { value: option, label: `${i18n._(huPeriodLabel[option])}${shown}`, disabled: !sold.includes(option) }
  })
  return (
    <ContractForm form={form} labelledBy="vignette-form-title">
      <h2 id="vignette-form-title">
        <Trans>Buy the Hungarian e-vignette</Trans>
      </h2>
      <SelectField
        form={form}
        name="category"
        label={<Trans>Category</Trans>}
        hint={<Trans>Vehicles over 3.5 t pay the HU-GO distance toll instead of a vignette.</Trans>}
        choices={huVignetteCategories.map((c) => ({ value: c, label: `${c} — ${i18n._(huCategoryHelp[c])}` }))}
      />
      <SelectField form={form} name="period" label={<Trans>Period</Trans>} hint={<Trans>Prices in forint, paid in lei. Motorcycles buy annual vignettes as D1.</Trans>} choices={periods} />
      {!hydrated || period === 'county' ? (
        <fieldset className={countiesError ? 'field field--invalid' : 'field'} aria-describedby={countiesError ? 'hu-vignette-counties-error' : undefined}>
          <legend>
            <Trans>Counties (for the county vignette)</Trans>
          </legend>
          <div className="checkbox-grid">
            {huCounties.map((c) => (
              <CheckboxField key={c} form={form} name={`county_${c}`} label={huCountyName[c]} />
            ))}
          </div>
          {countiesError ? (
            <p className="field__error" id="hu-vignette-counties-error">
              {countiesError}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <div className="form-grid">
        <RegistrationFields form={form} />
        <FormField form={form} name="start_date" label={<Trans>Valid from</Trans>} hint={<Trans>Today or a later day; annual vignettes run to 31 January next year.</Trans>}>
          {(p) => <input {...p} type="date" min={today} max={latest} required />}
        </FormField>
      </div>
      <VignetteFormEnd form={form} />
    </ContractForm>
  )
}
