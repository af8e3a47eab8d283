import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useServerFn } from '@tanstack/react-start'
import type { Offer, Quote } from '~/contract/quotes'
import { wordingOf } from '~/i18n/product-names'
import { formatDate } from '~/i18n/dates'
import { isLocale, type Locale } from '~/i18n/locales'
import { formatLei, formatMoney, formatRate } from '~/i18n/money'
import { useHydrated } from '~/ui/use-hydrated'
import type { CaptchaProvider } from '~/captcha/captcha-token'
import { useOfferReason } from './offer-reasons'
import { getQuote } from './quote.functions'
import { ReferenceTariffNote } from './reference-tariff'
import { RenewQuoteForm } from './renew-quote'
import { TravelCover } from './travel-cover'

/** What a visitor pays for an offer: the premium, with the direct settlement clause when asked and offered. */
export function offerTotal(offer: Offer, directSettlement: boolean): number {
  return (offer.premium?.amount ?? 0) + (directSettlement && offer.direct_settlement ? offer.direct_settlement.amount : 0)
}

/** While insurers answer: the next long-poll right after the last one; after a failure, a pause first. */
const NEXT_POLL_MS = 100
const AFTER_FAILURE_MS = 5000

/**
 * The quote kept up to date by a query: each answer of the long-poll (`after` = insurers answered
 * so far, held up to 20 s by the API) brings the insurers that answered since, and the next poll
 * starts until the quote is complete. A failed poll is retried by the query (then every 5 s) and
 * its error is shown; the offers already there stay. Keyed by the quote's id where it is used.
 */
function useLiveQuote(initial: Quote): { quote: Quote; failing: boolean } {
  const read = useServerFn(getQuote)
  const queryClient = useQueryClient()
  const queryKey = ['quote', initial.id] as const
  const { data, isError } = useQuery({
    queryKey,
    queryFn: async () => {
      const current = queryClient.getQueryData<Quote>(queryKey) ?? initial
      return (await read({ data: { id: current.id, after: current.insurers_answered, wait: 20 } })) ?? current
    },
    initialData: initial,
    // The page's own answer is fresh; later answers come only from the polls below.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => (query.state.data?.status !== 'pending' ? false : query.state.status === 'error' ? AFTER_FAILURE_MS : NEXT_POLL_MS),
    refetchIntervalInBackground: true,
  })
  return { quote: data, failing: isError && data.status === 'pending' }
}

/**
 * A quote's offers as they arrive, insurer by insurer: progress, the offers by price (the
 * cheapest marked, the monthly equivalent), the direct settlement toggle for RCA, and the
 * insurers that gave no price with the reason. "Choose" opens the checkout with the offer.
 */
export function OffersList({ quote: initial, directSettlement, now, captchaProvider }: { quote: Quote; directSettlement: boolean; now: number; captchaProvider?: CaptchaProvider }) {
  const { t, i18n } = useLingui()
  const locale = isLocale(i18n.locale) ? i18n.locale : 'ro'
  const { quote, failing } = useLiveQuote(initial)
  const reasonOf = useOfferReason()
  const navigate = useNavigate()
  const hydrated = useHydrated()
  const expired = Date.parse(quote.expires_at) <= now
  // The insurers' hold on their prices, as the quote states it.
  const expiry = formatDate(quote.expires_at, locale, 'dateTime')
  // RCA: the toggle while insurers answer, then only if one of them sells the clause for this vehicle (none does for trailers).
  const hasDirectSettlement = quote.product === 'rca' && (quote.status === 'pending' || quote.offers.some((o) => o.direct_settlement))
  const priced = quote.offers.filter((o) => o.status === 'offered' && o.premium).sort((a, b) => offerTotal(a, directSettlement) - offerTotal(b, directSettlement))
  // PAD and optional cover together: the PAD stands apart, each optional offer is bought with it.
  const bundle = quote.subject?.product === 'house-insurance' && quote.subject.cover === 'pad_and_optional'
  const pad = bundle ? priced.find((o) => o.cover === 'pad') : undefined
  const offered = bundle ? priced.filter((o) => o.cover !== 'pad') : priced
  const refused = quote.offers.filter((o) => o.status === 'declined' || o.status === 'failed')
  // Insurers (or the one issuer of a vignette) that did not answer: a passing failure, worth asking again.
  const failed = quote.offers.filter((o) => o.status === 'failed')
  const failedNames = new Intl.ListFormat(locale, { type: 'conjunction' }).format(failed.map((o) => o.insurer.name))
  // One offer (a vignette's issuer, or the only insurer left) is not "the cheapest" of anything.
  const cheapest = offered.length > 1 ? offered[0]?.id : undefined
  const vignette = wordingOf(quote.product) === 'vignette'
  const answered = quote.insurers_answered
  const total = quote.insurers_total

  return (
    <div className="offers" data-quote={quote.id}>
      <p role="status" aria-live="polite" className="offers__progress">
        {vignette ? (
          quote.status === 'complete' ? (
            <Trans>The issuer answered.</Trans>
          ) : (
            <Trans>Waiting for the issuer’s answer…</Trans>
          )
        ) : quote.status === 'complete' ? (
          <Plural value={total} one="The insurer answered." other="All # insurers answered." />
        ) : (
          <Plural value={total} one={`${answered} of # insurer answered…`} other={`${answered} of # insurers answered…`} />
        )}
        <progress max={total} value={answered} aria-hidden="true" />
      </p>
      {failing ? (
        <p className="notice notice--warning" role="alert">
          {vignette ? <Trans>The issuer’s answer could not be loaded. We keep trying.</Trans> : <Trans>The latest answers of the insurers could not be loaded. We keep trying.</Trans>}
        </p>
      ) : null}
      {quote.bonus_malus ? (
        <p className="offers__bonus-malus">
          <Trans>
            Your bonus-malus class: <strong>{quote.bonus_malus.class}</strong> ({bonusMalusChange(quote.bonus_malus.coefficient, locale)} on the base price)
          </Trans>
        </p>
      ) : null}
      {quote.reference_tariff ? (
        <ReferenceTariffNote reference={quote.reference_tariff} months={quote.offers[0]?.months ?? 12} bonusMalusClass={quote.bonus_malus?.class} locale={locale} />
      ) : quote.reference_tariff === null ? (
        <p className="field__hint">
          <Trans>ASF’s reference tariff is shown here for cars owned by persons; we do not have its figures for this vehicle or owner.</Trans>
        </p>
      ) : null}
      {quote.exchange_rate ? (
        <p className="field__hint">
          <Trans>
            Prices in lei at the exchange rate of {formatDate(quote.exchange_rate.date, locale)}: 1 {quote.exchange_rate.currency} = {formatRate(quote.exchange_rate.ron_per_unit, locale)} lei.
          </Trans>
        </p>
      ) : null}
      {quote.short_validity ? <ShortValidity lastDay={quote.short_validity.last_day} days={quote.short_validity.days} locale={locale} /> : null}
      {!expired && priced.length > 0 ? (
        <p className="field__hint">
          <Trans>These prices hold until {expiry}.</Trans>
        </p>
      ) : null}
      {expired ? (
        <>
          <p className="notice notice--warning" role="alert">
            {vignette ? (
              <Trans>This price expired on {expiry}. Ask again for the current price.</Trans>
            ) : (
              <Trans>These offers expired on {expiry}: insurers hold their prices only until then. Ask again for fresh prices.</Trans>
            )}
          </p>
          {captchaProvider ? <RenewQuoteForm quote={quote.id} captchaProvider={captchaProvider} /> : null}
        </>
      ) : null}
      {hasDirectSettlement ? (
        <form method="get" className="offers__toggle">
          <input type="hidden" name="step" value="offers" />
          <input type="hidden" name="quote" value={quote.id} />
          <label>
            <input
              type="checkbox"
              name="ds"
              value="1"
              checked={directSettlement}
              onChange={(event) =>
                void navigate({
                  to: '.',
                  search: ((s: Record<string, unknown>) => ({
                    ...s,
                    ds: event.target.checked ? 1 : undefined,
                  })) as never,
                  replace: true,
                  resetScroll: false,
                  params: true as never,
                })
              }
            />{' '}
            <Trans>With direct settlement (decontare directă)</Trans>
          </label>
          {hydrated ? null : (
            <button type="submit" className="button button--secondary">
              <Trans>Update the prices</Trans>
            </button>
          )}
        </form>
      ) : null}
      {pad && !expired ? <PadOfBundle pad={pad} quoteId={quote.id} locale={locale} /> : null}
      {bundle && !pad && quote.status === 'complete' ? (
        <p className="notice notice--warning">
          <Trans>The PAD policy could not be priced, and optional cover is bought only with it. Please compare again.</Trans>
        </p>
      ) : null}
      {offered.length > 0 ? (
        <ol className="offer-list" aria-label={t`Offers, cheapest first`}>
          {offered.map((offer) => {
            const price = offerTotal(offer, directSettlement)
            return (
              <li key={offer.id} className={offer.id === cheapest ? 'offer offer--cheapest' : 'offer'} data-offer={offer.insurer.code}>
                <h3 className="offer__insurer">{offer.insurer.name}</h3>
                {offer.id === cheapest ? (
                  <p className="offer__badge">
                    <Trans>Cheapest</Trans>
                  </p>
                ) : null}
                <p className="offer__price" data-amount={price}>
                  {formatLei(price, locale)}
                </p>
                {offer.months > 1 ? (
                  <p className="offer__monthly">
                    <Trans>about {formatLei(Math.round(price / offer.months), locale)} a month</Trans>
                  </p>
                ) : null}
                {offer.valid_from && offer.valid_until ? (
                  <p className="offer__period" data-valid-from={offer.valid_from} data-valid-until={offer.valid_until}>
                    <Trans>
                      Valid from {formatDate(offer.valid_from, locale, 'dateTime')} to {formatDate(offer.valid_until, locale, 'dateTime')} (Romanian time)
                    </Trans>
                  </p>
                ) : (
                  <p className="offer__period">
                    {formatDate(offer.start_date, locale)} – {formatDate(offer.end_date, locale)}
                  </p>
                )}
                {offer.list_price ? (
                  <p className="offer__list-price" data-list-amount={offer.list_price.amount}>
                    <Trans>Tariff price: {formatMoney(offer.list_price.amount, offer.list_price.currency, locale)}, paid in lei</Trans>
                  </p>
                ) : null}
                {offer.bridge_passes ? (
                  <p className="offer__bridge">
                    <Trans>Fetești–Cernavodă bridge passes included: {offer.bridge_passes}</Trans>
                  </p>
                ) : null}
                {directSettlement && offer.direct_settlement === null ? (
                  <p className="field__hint">
                    <Trans>No direct settlement with this insurer.</Trans>
                  </p>
                ) : null}
                {offer.medical_limit ? (
                  <p>
                    <Trans>Medical cover up to {formatMoney(offer.medical_limit.amount, offer.medical_limit.currency, locale, { wholeWithoutCents: true })}</Trans>
                    {offer.schengen_valid === false ? (
                      <strong className="offer__warning">
                        {' '}
                        <Trans>Not valid for a Schengen visa (under 30 000 EUR).</Trans>
                      </strong>
                    ) : null}
                  </p>
                ) : null}
                <TravelCover offer={offer} locale={locale} />
                {offer.cover ? <HouseCover offer={offer} locale={locale} /> : null}
                {pad ? (
                  <p className="offer__bundle" data-amount={price + (pad.premium?.amount ?? 0)}>
                    <Trans>With the PAD: {formatLei(price + (pad.premium?.amount ?? 0), locale)} in one payment</Trans>
                  </p>
                ) : null}
                {expired || (bundle && !pad) ? null : pad ? (
                  <Link to="/checkout" search={{ offer: pad.id, with: offer.id, quote: quote.id }} className="button">
                    <Trans>Choose {offer.insurer.name} with the PAD</Trans>
                  </Link>
                ) : (
                  <Link
                    to="/checkout"
                    search={{
                      offer: offer.id,
                      quote: quote.id,
                      ds: directSettlement && offer.direct_settlement ? 1 : undefined,
                    }}
                    className="button"
                  >
                    <Trans>Choose {offer.insurer.name}</Trans>
                  </Link>
                )}
              </li>
            )
          })}
        </ol>
      ) : quote.status === 'complete' ? (
        <p className="notice notice--warning">
          {vignette ? (
            <Trans>The issuer gave no price for this request. The reason is below; you can change the details and ask again, or write to us.</Trans>
          ) : (
            <Trans>No insurer gave a price for this request. The reasons are below; you can change the details and ask again, or write to us.</Trans>
          )}
        </p>
      ) : null}
      {failed.length > 0 && quote.status === 'complete' && !expired && captchaProvider ? (
        <div className="notice" data-ask-again>
          <p>
            {failed.length === 1 ? (
              <Trans>{failedNames} did not answer this time. It usually passes within a minute: ask again, with the same details.</Trans>
            ) : (
              <Trans>{failedNames} did not answer this time. It usually passes within a minute: ask again, with the same details, for their prices too.</Trans>
            )}
          </p>
          <RenewQuoteForm quote={quote.id} captchaProvider={captchaProvider} label={<Trans>Ask again</Trans>} />
        </div>
      ) : null}
      {refused.length > 0 ? (
        <section aria-labelledby="offers-refused">
          <h3 id="offers-refused">
            {vignette ? <Trans>No price from the issuer</Trans> : <Trans>Insurers that gave no price</Trans>}
          </h3>
          <ul className="offer-refusals">
            {refused.map((offer) => (
              <li key={offer.id}>
                <strong>{offer.insurer.name}</strong>: {reasonOf(offer.reason)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}

/** A Hungarian annual vignette bought late in its year: every one ends on 31 January, so this one is short. */
function ShortValidity({ lastDay, days, locale }: { lastDay: string; days: number; locale: Locale }) {
  const end = formatDate(lastDay, locale)
  return (
    <p className="notice notice--warning" data-short-validity={days}>
      <Trans>
        This annual vignette is valid only until {end}, for <Plural value={days} one="# day" other="# days" />: every annual Hungarian vignette ends on 31 January. Next year’s is sold from 1 December.
      </Trans>
    </p>
  )
}

/** The PAD of a "PAD and optional cover" quote: bought with the optional offer chosen below, or alone. */
function PadOfBundle({ pad, quoteId, locale }: { pad: Offer; quoteId: string; locale: string }) {
  return (
    <section className="offer offer--pad" data-offer={pad.insurer.code} aria-labelledby="offers-pad">
      <h3 id="offers-pad" className="offer__insurer">
        <Trans>The PAD policy, from {pad.insurer.name}</Trans>
      </h3>
      <p className="offer__price" data-amount={pad.premium?.amount ?? 0}>
        {formatLei(pad.premium?.amount ?? 0, locale)}
      </p>
      <HouseCover offer={pad} locale={locale} />
      <p>
        <Trans>Mandatory, and the condition for optional cover: choose an optional offer below and you pay both together, in one payment.</Trans>
      </p>
      <Link to="/checkout" search={{ offer: pad.id, quote: quoteId }} className="button button--secondary">
        <Trans>Buy only the PAD</Trans>
      </Link>
    </section>
  )
}

/** House offers: the PAD's type and sum insured, or the optional cover's sums and deductible. */
export function HouseCover({ offer, locale }: { offer: Offer; locale: string }) {
  if (offer.cover === 'pad')
    return (
      <p className="offer__cover" data-pad-type={offer.pad_type}>
        <Trans>
          PAD type {offer.pad_type}, sum insured {formatLei(offer.sum_insured?.amount ?? 0, locale)}
        </Trans>
      </p>
    )
  // The insurer's own deductible, as its offer states it.
  const deductible = offer.deductible
  const percent = deductible?.percent
  const minimum = deductible ? formatLei(deductible.minimum.amount, locale) : ''
  return (
    <ul className="offer__cover">
      {offer.sum_insured ? (
        <li>
          <Trans>Building insured for {formatLei(offer.sum_insured.amount, locale)}</Trans>
        </li>
      ) : null}
      {offer.contents_sum_insured ? (
        <li>
          <Trans>Contents insured for {formatLei(offer.contents_sum_insured.amount, locale)}</Trans>
        </li>
      ) : null}
      {offer.liability_cover ? (
        <li>
          <Trans>Liability to neighbours up to {formatLei(offer.liability_cover.amount, locale)}</Trans>
        </li>
      ) : null}
      {deductible ? (
        <li data-deductible-percent={deductible.percent}>
          <Trans>
            Deductible: {percent}% of each claim, at least {minimum}
          </Trans>
        </li>
      ) : null}
    </ul>
  )
}

/** `0.8` → `−20 %`, `1.1` → `+10 %`, `1` → `±0 %`. */
function bonusMalusChange(coefficient: number, locale: string): string {
  const percent = Math.round((coefficient - 1) * 100)
  const number = new Intl.NumberFormat(locale).format(Math.abs(percent))
  return percent < 0 ? `−${number} %` : percent > 0 ? `+${number} %` : `±0 %`
}
