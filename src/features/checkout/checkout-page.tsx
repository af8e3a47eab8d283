import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useState, type ReactNode } from 'react'
import type { CaptchaProvider } from '~/captcha/captcha-token'
import { productCopy, wordingOf } from '~/i18n/product-names'
import { formatDate } from '~/i18n/dates'
import { isLocale, type Locale } from '~/i18n/locales'
import { formatLei } from '~/i18n/money'
import { countyChoices } from '~/ui/form/choices'
import { CheckboxField, ContractForm, FormError, FormField, SelectField, SubmitButton } from '~/ui/form/form-parts'
import { LocalityField } from '~/ui/form/locality-field'
import { useContractForm } from '~/ui/form/use-contract-form'
import type { NoticeConfig } from '~/ui/broker-notice'
import { CheckoutDocuments, documentsOf } from './checkout-documents'
import { SubjectSummary } from './checkout-summary'
import type { getCheckout } from './checkout.functions'
import { placeOrder } from './checkout.functions'
import { offerRanOut } from './offer-expiry'
import type { ProductCode } from '~/contract/constants'
import { travellerNameField } from '~/contract/traveller-fields'
import type { Offer } from '~/contract/quotes'

type Checkout = NonNullable<Awaited<ReturnType<typeof getCheckout>>>

/**
 * `/checkout`, one page: what is bought, repeated to be checked (plate, dates, travellers, home),
 * what it costs (each policy of a bundle, then the total), the buyer's details and consent, then
 * payment. An offer that ran out (before the page, or while the details were typed) shows why and
 * `renewal`, the way to fresh offers with the same request (the route composes it).
 */
export function CheckoutPage({ checkout, now, captchaProvider, renewal, legal }: { checkout: Checkout | null; now: number; captchaProvider: CaptchaProvider; renewal: ReactNode; legal: NoticeConfig }) {
  const { i18n } = useLingui()
  const locale = isLocale(i18n.locale) ? i18n.locale : 'ro'
  const [refused, setRefused] = useState(false)
  if (!checkout) {
    return (
      <>
        <h1>
          <Trans>This offer cannot be bought</Trans>
        </h1>
        <p>
          <Trans>The offer is unknown or no longer offered. Compare again to get current prices.</Trans>
        </p>
        <Link to="/insurance" className="button">
          <Trans>See the products</Trans>
        </Link>
      </>
    )
  }
  const { offer } = checkout
  const expired = refused || offerRanOut({ expires_at: checkout.expiresAt, product: checkout.product }, offer, now)
  const vignette = wordingOf(checkout.product) === 'vignette'
  const productName = checkout.product in productCopy ? i18n._(productCopy[checkout.product as ProductCode].name) : checkout.product
  return (
    <>
      <h1>
        <Trans>Checkout</Trans>
      </h1>
      {checkout.subject ? <SubjectSummary subject={checkout.subject} offer={offer} locale={locale} /> : null}
      <section aria-labelledby="checkout-summary" className="checkout-summary">
        <h2 id="checkout-summary">
          <Trans>What you buy</Trans>
        </h2>
        <dl className="summary-list">
          <dt>
            <Trans>Product</Trans>
          </dt>
          <dd>{productName}</dd>
          {checkout.bundled ? null : (
            <>
              <dt>{vignette ? <Trans>Issuer</Trans> : <Trans>Insurer</Trans>}</dt>
              <dd>{offer.insurer.name}</dd>
            </>
          )}
          <dt>
            <Trans>Period</Trans>
          </dt>
          <dd>
            {formatDate(offer.start_date, locale)} – {formatDate(offer.end_date, locale)}
          </dd>
          {checkout.bonusMalus ? (
            <>
              <dt>
                <Trans>Bonus-malus class</Trans>
              </dt>
              <dd>{checkout.bonusMalus.class}</dd>
            </>
          ) : null}
          {checkout.bundled ? (
            [offer, checkout.bundled].map((line) => <BundleLine key={line.id} offer={line} locale={locale} />)
          ) : (
            <>
              <dt>{vignette ? <Trans>Price</Trans> : <Trans>Premium</Trans>}</dt>
              <dd>{formatLei(offer.premium?.amount ?? 0, locale)}</dd>
            </>
          )}
          {checkout.directSettlement ? (
            <>
              <dt>
                <Trans>Direct settlement</Trans>
              </dt>
              <dd>{formatLei(checkout.directSettlement.amount, locale)}</dd>
            </>
          ) : null}
          <dt>
            <Trans>Total to pay</Trans>
          </dt>
          <dd className="summary-list__total" data-amount={checkout.total.amount}>
            {formatLei(checkout.total.amount, locale)}
          </dd>
        </dl>
      </section>
      {checkout.renewal?.late ? <LateRenewalWarning ended={checkout.renewal.previousEnd} starts={checkout.renewal.startDate} /> : null}
      {expired ? (
        <section aria-labelledby="checkout-expired" className="checkout-expired">
          <h2 id="checkout-expired">
            <Trans>This offer has expired</Trans>
          </h2>
          <p className="notice notice--warning" role="alert">
            <Trans>Insurers hold their prices for a limited time, and this one has passed. Nothing was charged. Ask the insurers again with the details you already entered: you do not have to type anything again.</Trans>
          </p>
          {renewal}
        </section>
      ) : (
        <>
          <CheckoutDocuments offers={offersOf(checkout)} config={legal} />
          <BuyerForm checkout={checkout} captchaProvider={captchaProvider} onExpired={() => setRefused(true)} />
        </>
      )}
    </>
  )
}

/** A renewal bought after the old policy ended: the new one cannot follow on, and the owner must know. */
function LateRenewalWarning({ ended, starts }: { ended: string; starts: string }) {
  const { i18n } = useLingui()
  const locale = isLocale(i18n.locale) ? i18n.locale : 'ro'
  const endedOn = formatDate(ended, locale)
  const startsOn = formatDate(starts, locale)
  return (
    <p className="notice notice--warning" role="alert">
      <Trans>
        Your previous policy ended on {endedOn}; this one starts on {startsOn}. In between the vehicle was not insured: driving it uninsured is fined.
      </Trans>
    </p>
  )
}

function BuyerForm({ checkout, captchaProvider, onExpired }: { checkout: Checkout; captchaProvider: CaptchaProvider; onExpired: () => void }) {
  const { t } = useLingui()
  const place = useServerFn(placeOrder)
  const navigate = useNavigate()
  const { i18n } = useLingui()
  const locale = isLocale(i18n.locale) ? i18n.locale : 'ro'
  // A quote for travellers: the policy names each one, so their names are asked here.
  const travellers = checkout.subject && 'travellers' in checkout.subject ? checkout.subject.travellers : []
  const names = Object.fromEntries(travellers.flatMap((_, i) => [travellerNameField(i, 'first_name'), travellerNameField(i, 'last_name')].map((name) => [name, ''])))
  const hidden = {
    offer_id: checkout.offer.id,
    with_offer_id: checkout.bundled?.id ?? '',
    quote_id: checkout.quoteId,
    direct_settlement: checkout.directSettlement ? 'true' : 'false',
    attempt: checkout.attempt,
    travellers: String(travellers.length),
    // The editions shown above, accepted with the box.
    accepted_documents: documentsOf(offersOf(checkout))
      .map((document) => document.id)
      .join(' '),
  }
  const form = useContractForm({
    id: 'checkout',
    action: placeOrder,
    schema: () => import('~/contract/orders').then((m) => m.CheckoutFormInput),
    defaultValues: {
      first_name: checkout.customer?.first_name ?? '',
      last_name: checkout.customer?.last_name ?? '',
      email: checkout.customer?.email ?? '',
      phone: checkout.customer?.phone || (checkout.renewal?.buyer?.phone ?? ''),
      county: checkout.renewal?.buyer?.address.county ?? '',
      city: checkout.renewal?.buyer?.address.city ?? '',
      street: checkout.renewal?.buyer?.address.street ?? '',
      postal_code: checkout.renewal?.buyer?.address.postal_code ?? '',
      ...names,
      terms: false,
    },
    send: (values) => place({ data: { ...values, ...hidden } as never }),
    onDone: (placed) =>
      'expired' in placed
        ? onExpired()
        : navigate({
            to: '/wait-to-be-redirected/payment-processor',
            search: { order: placed.order },
          }),
    captcha: { provider: captchaProvider, action: 'checkout' },
    failureMessage: t`The order could not be placed. Nothing was charged; please try again.`,
  })
  return (
    <section aria-labelledby="checkout-buyer">
      <h2 id="checkout-buyer">
        <Trans>Your details</Trans>
      </h2>
      {checkout.customer ? null : (
        <p className="field__hint">
          <Trans>
            No account needed: we make one for this e-mail and send you a link to set its password. If the e-mail already has an account, the policy goes to that account.
          </Trans>
        </p>
      )}
      <ContractForm form={form} labelledBy="checkout-buyer">
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="form-grid">
          <FormField form={form} name="first_name" label={<Trans>First name</Trans>}>
            {(p) => <input {...p} autoComplete="given-name" required />}
          </FormField>
          <FormField form={form} name="last_name" label={<Trans>Last name</Trans>}>
            {(p) => <input {...p} autoComplete="family-name" required />}
          </FormField>
          <FormField form={form} name="email" label={<Trans>E-mail</Trans>} hint={<Trans>The policy is sent here.</Trans>}>
            {(p) => <input {...p} type="email" autoComplete="email" required />}
          </FormField>
          <FormField form={form} name="phone" label={<Trans>Phone</Trans>} hint={<Trans>A Romanian number, for example 0722 123 456.</Trans>}>
            {(p) => <input {...p} type="tel" autoComplete="tel" required />}
          </FormField>
          <SelectField form={form} name="county" label={<Trans>County</Trans>} choices={countyChoices} placeholder={t`Choose the county`} autoComplete="address-level1" />
          <LocalityField form={form} name="city" countyField="county" label={<Trans>Locality</Trans>} />
          <FormField form={form} name="street" label={<Trans>Street, number, building, flat</Trans>}>
            {(p) => <input {...p} autoComplete="street-address" required />}
          </FormField>
          <FormField form={form} name="postal_code" label={<Trans>Postal code (optional)</Trans>}>
            {(p) => <input {...p} inputMode="numeric" autoComplete="postal-code" maxLength={6} />}
          </FormField>
        </div>
        {travellers.length > 0 ? (
          <fieldset className="form-grid">
            <legend>
              <Trans>The travellers, as their passport or identity card names them</Trans>
            </legend>
            {travellers.map((traveller, i) => {
              const n = i + 1
              const born = formatDate(traveller.birth_date, locale)
              return [
                <FormField key={`${n}-first`} form={form} name={travellerNameField(i, 'first_name')} label={<Trans>Traveller {n} (born {born}): first name</Trans>}>
                  {(p) => <input {...p} autoComplete="off" required />}
                </FormField>,
                <FormField key={`${n}-last`} form={form} name={travellerNameField(i, 'last_name')} label={<Trans>Traveller {n} (born {born}): last name</Trans>}>
                  {(p) => <input {...p} autoComplete="off" required />}
                </FormField>,
              ]
            })}
          </fieldset>
        ) : null}
        <CheckboxField
          form={form}
          name="terms"
          label={
            <Trans>
              I have received and read the documents above (the insurer’s product information document and general conditions, the broker’s information notice) and accept the site’s{' '}
              <Link to="/info/{-$slug}" params={{ slug: 'terms' }} target="_blank">
                terms
              </Link>{' '}
              and{' '}
              <Link to="/info/{-$slug}" params={{ slug: 'privacy' }} target="_blank">
                privacy notice
              </Link>
              .
            </Trans>
          }
        />
        <FormError form={form} />
        <SubmitButton form={form}>
          <Trans>Pay {formatLei(checkout.total.amount, locale)} by card</Trans>
        </SubmitButton>
      </ContractForm>
    </section>
  )
}

/** The offers bought: the chosen one, and the one bought with it. */
const offersOf = (checkout: Checkout): Offer[] => (checkout.bundled ? [checkout.offer, checkout.bundled] : [checkout.offer])

/** One policy of a bundle: what it is (PAD or optional cover), from whom, and its price. */
function BundleLine({ offer, locale }: { offer: Offer; locale: Locale }) {
  return (
    <>
      <dt>
        {offer.cover === 'pad' ? <Trans>PAD policy</Trans> : <Trans>Optional home cover</Trans>} — {offer.insurer.name}
      </dt>
      <dd data-offer={offer.insurer.code} data-amount={offer.premium?.amount ?? 0}>
        {formatLei(offer.premium?.amount ?? 0, locale)}
      </dd>
    </>
  )
}
