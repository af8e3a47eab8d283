import { Trans, useLingui } from '@lingui/react/macro'
import type { CaptchaProvider } from '~/captcha/captcha-token'
import { HOUSE_START_MAX_DAYS, houseCovers, seismicRiskClasses, wallMaterials } from '~/contract/house'
import { addDays } from '~/contract/iso-date'
import { useHouseLabels } from '~/i18n/product-labels'
import { choices, countyChoices } from '~/ui/form/choices'
import { ContractForm, FormError, FormField, SelectField, SubmitButton } from '~/ui/form/form-parts'
import { LocalityField } from '~/ui/form/locality-field'
import { useQuoteForm } from '~/ui/form/use-quote-form'
import { requestHouseQuote } from './house.functions'

/**
 * The house quote on one page: the cover asked (PAD, PAD with optional cover, or
 * optional cover with an existing PAD's number), the address and the building; the offers show
 * below on the same page (`?quote=`).
 */
export function HouseQuoteForm({ today, captchaProvider }: { today: string; captchaProvider: CaptchaProvider }) {
  const { t } = useLingui()
  const labels = useHouseLabels()
  const earliest = addDays(today, 1)
  const form = useQuoteForm({
    id: 'house-quote',
    action: requestHouseQuote,
    schema: () => import('~/contract/house').then((m) => m.HouseQuoteForm),
    defaultValues: {
      cover: 'pad',
      existing_pad_number: '',
      county: '',
      locality: '',
      street: '',
      wall_material: 'brick',
      built_area_m2: '',
      year_built: '',
      floors: '1',
      seismic_risk_class: '',
      start_date: earliest,
    },
    captcha: { provider: captchaProvider, action: 'house_quote' },
    failureMessage: t`The insurers could not be asked right now. Please try again in a moment.`,
  })
  return (
    <section className="quote-form" aria-labelledby="house-quote-title">
      <h2 id="house-quote-title">
        <Trans>Compare home insurance</Trans>
      </h2>
      <p>
        <Trans>
          Every home in Romania must have the PAD policy (from the PAID pool): type A costs 130 lei a year for 100,000 lei, type B 50 lei for 50,000 lei, by the
          material of the walls. Optional cover can only be bought with a valid PAD.
        </Trans>
      </p>
      <ContractForm form={form} labelledBy="house-quote-title">
        <div className="form-grid">
          <SelectField form={form} name="cover" label={<Trans>What you want to buy</Trans>} choices={choices(houseCovers, labels.covers)} />
          <FormField form={form} name="existing_pad_number" label={<Trans>Number of your PAD policy</Trans>} hint={<Trans>Only for optional cover without a new PAD.</Trans>}>
            {(p) => <input {...p} autoCapitalize="characters" autoComplete="off" />}
          </FormField>
          <FormField form={form} name="start_date" label={<Trans>Start date</Trans>} hint={<Trans>From tomorrow up to 60 days ahead; the policy runs for a year.</Trans>}>
            {(p) => <input {...p} type="date" min={earliest} max={addDays(today, HOUSE_START_MAX_DAYS)} required />}
          </FormField>
        </div>
        <fieldset className="form-grid">
          <legend>
            <Trans>Address of the home</Trans>
          </legend>
          <SelectField form={form} name="county" label={<Trans>County</Trans>} choices={countyChoices} placeholder={t`Choose the county`} />
          <LocalityField form={form} name="locality" countyField="county" label={<Trans>Locality</Trans>} />
          <FormField form={form} name="street" label={<Trans>Street and number</Trans>}>
            {(p) => <input {...p} autoComplete="address-line1" required />}
          </FormField>
        </fieldset>
        <fieldset className="form-grid">
          <legend>
            <Trans>The building</Trans>
          </legend>
          <SelectField
            form={form}
            name="wall_material"
            label={<Trans>Material of the outer walls</Trans>}
            hint={<Trans>It decides the PAD type: B for unfired brick and untreated materials, A for the rest.</Trans>}
            choices={choices(wallMaterials, labels.walls)}
          />
          <FormField form={form} name="built_area_m2" label={<Trans>Built area (m²)</Trans>}>
            {(p) => <input {...p} inputMode="numeric" required />}
          </FormField>
          <FormField form={form} name="year_built" label={<Trans>Year of construction</Trans>}>
            {(p) => <input {...p} inputMode="numeric" maxLength={4} required />}
          </FormField>
          <FormField form={form} name="floors" label={<Trans>Floors</Trans>} hint={<Trans>Ground floor included.</Trans>}>
            {(p) => <input {...p} inputMode="numeric" required />}
          </FormField>
          <SelectField
            form={form}
            name="seismic_risk_class"
            label={<Trans>Seismic risk class</Trans>}
            hint={<Trans>Only if the building was classified. A building in class I (the red dot) cannot get PAD, nor optional cover, until it is consolidated.</Trans>}
            choices={seismicRiskClasses.map((c) => ({ value: c, label: t`Class ${c}` }))}
            placeholder={t`Not classified`}
          />
        </fieldset>
        <FormError form={form} />
        <SubmitButton form={form}>
          <Trans>Compare the offers</Trans>
        </SubmitButton>
      </ContractForm>
    </section>
  )
}
