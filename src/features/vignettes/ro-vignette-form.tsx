import { Trans, useLingui } from '@lingui/react/macro'
import type { CaptchaProvider } from '~/captcha/captcha-token'
import { roVignetteCategories, roVignettePeriods } from '~/contract/vignettes'
import { formatLei, formatMoney } from '~/i18n/money'
import { roCategoryHelp, roPeriodLabel } from '~/i18n/vignette-labels'
import { ContractForm, FormField, SelectField } from '~/ui/form/form-parts'
import { useQuoteForm } from '~/ui/form/use-quote-form'
import { RegistrationFields, useFieldValue, VignetteFormEnd } from './vignette-parts'
import { requestRoVignetteQuote, type VignetteTariffs } from './vignettes.functions'


/**
 * The rovinietă's quote form, one step: category (with what vehicles it is), the
 * periods the tariff sells for it, the vehicle (plate, country, and the VIN or the registration
 * certificate's series), the start (today up to 30 days ahead) and bridge passes. The offer
 * appears below, on the same page (`?quote=`).
 */
export function RoVignetteForm({ tariff, today, latest, captchaProvider }: { tariff: VignetteTariffs['ro']; today: string; latest: string; captchaProvider: CaptchaProvider }) {
  const { t, i18n } = useLingui()
  const form = useQuoteForm({
    id: 'ro-vignette',
    action: requestRoVignetteQuote,
    schema: () => import('~/contract/vignettes').then((m) => m.RoVignetteForm),
    defaultValues: { category: 'A', period: '12m', registration_plate: '', country: 'RO', vin: '', certificate_series: '', start_date: today, bridge_passes: '0' },
    captcha: { provider: captchaProvider, action: 'ro_vignette_quote' },
    failureMessage: t`The vignette could not be priced right now. Please try again in a moment.`,
  })
  const category = useFieldValue(form, 'category') as keyof typeof tariff.prices
  const sold = tariff.periods[category] ?? []
  const withBridge = tariff.bridgeCategories.includes(category)
  const passPrice = formatLei(tariff.bridgePassBani, i18n.locale)
  const periods = roVignettePeriods.map((period) => {
    const price = tariff.prices[category]?.[period]
    return { value: period, label: `${i18n._(roPeriodLabel[period])}${price === undefined ? '' : ` — ${formatMoney(price, 'EUR', i18n.locale)}`}`, disabled: !sold.includes(period) }
  })
  return (
    <ContractForm form={form} labelledBy="vignette-form-title">
      <h2 id="vignette-form-title">
        <Trans>Buy the rovinietă</Trans>
      </h2>
      <SelectField
        form={form}
        name="category"
        label={<Trans>Category</Trans>}
        hint={<Trans>The category follows from the registration certificate (vehicle type, mass, seats); each letter says which vehicles it is for.</Trans>}
        choices={roVignetteCategories.map((c) => ({ value: c, label: `${c} — ${i18n._(roCategoryHelp[c])}` }))}
      />
      <SelectField
        form={form}
        name="period"
        label={<Trans>Period</Trans>}
        hint={<Trans>The periods the CNAIR tariff sells for this category; the price is in euro, paid in lei.</Trans>}
        choices={periods}
      />
      <div className="form-grid">
        <RegistrationFields form={form} />
        <FormField
          form={form}
          name="vin"
          label={<Trans>Chassis number (VIN)</Trans>}
          hint={<Trans>17 characters, field E of the registration certificate. Or leave it empty and give the certificate’s series.</Trans>}
        >
          {(p) => <input {...p} autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={17} />}
        </FormField>
        <FormField
          form={form}
          name="certificate_series"
          label={<Trans>Or: registration certificate series</Trans>}
          hint={<Trans>One or two letters and 6 or 7 digits, as printed on the certificate, for example J 123456.</Trans>}
        >
          {(p) => <input {...p} autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={20} />}
        </FormField>
        <FormField form={form} name="start_date" label={<Trans>Valid from</Trans>} hint={<Trans>From today up to 30 days ahead.</Trans>}>
          {(p) => <input {...p} type="date" min={today} max={latest} required />}
        </FormField>
      </div>
      <FormField
        form={form}
        name="bridge_passes"
        label={<Trans>Fetești–Cernavodă bridge passes (optional)</Trans>}
        hint={withBridge ? <Trans>Each pass costs {passPrice} and can be used within 12 months.</Trans> : <Trans>Sold here only for categories A and B.</Trans>}
      >
        {(p) => <input {...p} type="number" inputMode="numeric" min={0} max={20} />}
      </FormField>
      <VignetteFormEnd form={form} />
    </ContractForm>
  )
}
