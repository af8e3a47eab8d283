import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { statusFlagOf, type ProductCode } from '~/contract/constants'
import { Card, Cards, Hero, Section } from '~/ui/page-sections'
import { productCopy } from '~/i18n/product-names'
import { productsQuery } from './queries'

interface Details {
  /** What the buyer should have at hand. */
  needs: MessageDescriptor[]
  /** How the purchase goes, step by step. */
  steps: MessageDescriptor[]
}

const details: Record<ProductCode, Details> = {
  rca: {
    needs: [msg`The registration certificate (plate, VIN, engine size, power, mass)`, msg`The owner’s CNP (or CUI for a company) and address`, msg`The date the new policy should start`],
    steps: [msg`Enter the vehicle and the owner once; we ask every insurer at the same time.`, msg`Compare prices, bonus-malus class, and the direct settlement option side by side.`, msg`Pay by card; the policy arrives by e-mail and is registered in the national database (AIDA) at once.`],
  },
  travel: {
    needs: [msg`Destination and travel dates`, msg`Names and dates of birth of the travellers`, msg`Planned activities (winter sports, business travel)`],
    steps: [msg`Choose where and when you travel.`, msg`Compare medical cover (at least 30,000 EUR for Schengen visas), assistance and extras.`, msg`Pay and receive the policy in minutes, in Romanian and English.`],
  },
  'house-insurance': {
    needs: [msg`The home’s address and year of construction`, msg`The construction type (type A or B for the compulsory PAD policy)`, msg`The value of the belongings you want to cover`],
    steps: [msg`Start with the compulsory PAD policy, or add optional cover.`, msg`Compare insured sums, deductibles and prices.`, msg`Pay online; both policies arrive by e-mail.`],
  },
  'ro-vignette': {
    needs: [msg`The exact plate and the country of registration`, msg`The vehicle category`, msg`The start date (up to 30 days ahead)`],
    steps: [msg`Check the plate carefully: a wrong character makes the vignette invalid.`, msg`Choose the period: 1 day, 10 days, 30 days, 60 days or 12 months.`, msg`Pay the official price with no issuing fee; the proof of payment arrives by e-mail.`],
  },
  'hu-vignette': {
    needs: [msg`The exact plate and the country of registration`, msg`The vehicle category (D1 for cars)`, msg`The start date and the period`],
    steps: [msg`Enter the plate as it is written on the registration certificate.`, msg`Choose a daily, 10-day, monthly or annual (national or county) e-matrica.`, msg`Pay and receive the confirmation by e-mail; it is valid as soon as it is issued.`],
  },
}

/**
 * The landing page of a product: what it is, its quote form (`children`), how buying works and
 * what to have at hand. A product switched off (the statuses header) says so instead of a form.
 */
export function ProductPage({ code, intro, children }: { code: ProductCode; intro?: ReactNode; children?: ReactNode }) {
  const { i18n, t } = useLingui()
  const { data } = useSuspenseQuery(productsQuery)
  const product = data.products.find((p) => p.code === code)
  const available = Boolean(product?.is_available && (data.statuses ? data.statuses[statusFlagOf[code]] : true))
  const copy = productCopy[code]
  const { needs, steps } = details[code]
  return (
    <>
      <Hero title={i18n._(copy.name)} lead={i18n._(copy.pitch)}>
        {intro}
      </Hero>
      {available ? null : (
        <p className="notice notice--warning" role="status">
          <Trans>This product cannot be bought online right now. Please come back a little later or contact us.</Trans>
        </p>
      )}
      {available ? children : null}
      <Section id={`${code}-steps`} title={<Trans>How it works</Trans>}>
        <Cards label={t`Steps`}>
          {steps.map((step, i) => (
            <Card key={step.id} title={t`Step ${i + 1}`}>
              <p>{i18n._(step)}</p>
            </Card>
          ))}
        </Cards>
      </Section>
      <Section id={`${code}-needs`} title={<Trans>What to have at hand</Trans>}>
        <ul className="checklist">
          {needs.map((need) => (
            <li key={need.id}>{i18n._(need)}</li>
          ))}
        </ul>
      </Section>
    </>
  )
}
