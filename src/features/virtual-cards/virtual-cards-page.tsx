import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect, useState, type ReactNode } from 'react'
import { Fact, useDay, useProductName } from '~/ui/policy-facts'
import { Hero, Section } from '~/ui/page-sections'
import { forgetOfflineCards, keepForOffline, type OfflineCopy } from './offline'
import type { VirtualCardView } from './virtual-cards.functions'

/**
 * `/virtualcards`: a card per policy the driver can show at a roadside check (insurer, number,
 * plate, validity and the QR code of the public check), printable, and kept on the device for
 * use without internet. A guest reads what the cards are and is offered to sign in.
 */
export function VirtualCardsPage({ cards }: { cards: VirtualCardView[] | null }) {
  const [copy, setCopy] = useState<OfflineCopy | null>(null)
  const signedIn = cards !== null
  useEffect(() => {
    if (!signedIn) {
      void forgetOfflineCards()
      return
    }
    let current = true
    void keepForOffline().then((state) => current && setCopy(state))
    return () => {
      current = false
    }
  }, [signedIn])
  return (
    <>
      <Hero
        title={<Trans>Virtual insurance cards</Trans>}
        lead={<Trans>Your policies on your phone: the essentials of each policy on one card, ready to show at a roadside check, even without internet.</Trans>}
      />
      {cards ? <Cards cards={cards} copy={copy} /> : <GuestExplainer />}
    </>
  )
}

function Cards({ cards, copy }: { cards: VirtualCardView[]; copy: OfflineCopy | null }) {
  const { t } = useLingui()
  return (
    <Section id="virtual-cards-list" title={<Trans>Your cards</Trans>}>
      {cards.length === 0 ? (
        <p className="empty-state">
          <Trans>
            You have no policy in force yet. Each policy you buy gets its card here as soon as it is issued. <Link to="/rca/{-$registration_plate}/{-$vin}" params={{}}>Compare RCA offers</Link>
          </Trans>
        </p>
      ) : (
        <>
          <div className="virtual-cards__tools no-print">
            <button type="button" className="button button--secondary" onClick={() => window.print()}>
              <Trans>Print the cards</Trans>
            </button>
            <OfflineStatus copy={copy} />
          </div>
          <ul className="virtual-cards" aria-label={t`Your policies`}>
            {cards.map((card) => (
              <VirtualCardItem key={card.policy_id} card={card} />
            ))}
          </ul>
        </>
      )}
    </Section>
  )
}

function VirtualCardItem({ card }: { card: VirtualCardView }) {
  const { t } = useLingui()
  const day = useDay()
  const productName = useProductName()
  const titleId = `virtual-card-${card.policy_id}`
  const from = day(card.valid_from)
  return (
    <li className="virtual-card">
      <div className="virtual-card__text">
        <h3 id={titleId}>
          {productName(card.product)}
          {card.registration_plate ? ` · ${card.registration_plate}` : ''}
        </h3>
        <p className={card.in_force ? 'status-badge status-badge--ok' : 'status-badge status-badge--warning'}>
          {card.in_force ? <Trans>In force</Trans> : <Trans>In force from {from}</Trans>}
        </p>
        <dl className="policy-facts">
          <Fact term={<Trans>Insurer</Trans>}>{card.insurer.name}</Fact>
          <Fact term={<Trans>Policy number</Trans>}>{card.number}</Fact>
          {card.registration_plate ? <Fact term={<Trans>Registration number</Trans>}>{card.registration_plate}</Fact> : null}
          <Fact term={<Trans>Valid from</Trans>}>
            <time dateTime={card.valid_from}>{from}</time>
          </Fact>
          <Fact term={<Trans>Valid until</Trans>}>
            <time dateTime={card.valid_until}>{day(card.valid_until)}</time>
          </Fact>
        </dl>
      </div>
      <figure className="virtual-card__qr">
        <svg viewBox={`0 0 ${card.qr.side} ${card.qr.side}`} role="img" aria-label={t`QR code of the policy check`} shapeRendering="crispEdges">
          <rect width={card.qr.side} height={card.qr.side} fill="#ffffff" />
          <path d={card.qr.path} fill="#000000" />
        </svg>
        <figcaption>
          <Trans>Scan to check the policy</Trans>
          <br />
          <a href={card.verification_url} className="virtual-card__link">
            <Trans>or open the check</Trans>
          </a>
        </figcaption>
      </figure>
    </li>
  )
}

function OfflineStatus({ copy }: { copy: OfflineCopy | null }) {
  const messages: Record<OfflineCopy, ReactNode> = {
    unsupported: <Trans>This browser cannot keep the cards for use without internet; print them instead.</Trans>,
    saved: <Trans>Saved on this device: this page opens without internet too.</Trans>,
    offline: <Trans>You are offline: these are the cards saved on this device.</Trans>,
    failed: <Trans>The cards could not be saved on this device; print them to be sure.</Trans>,
  }
  return (
    <p role="status" className="muted" data-offline-copy={copy ?? undefined}>
      {copy ? messages[copy] : null}
    </p>
  )
}

function GuestExplainer() {
  return (
    <>
      <Section id="virtual-cards-what" title={<Trans>What a virtual card holds</Trans>}>
        <ul className="checklist">
          <li>
            <Trans>The insurer, the policy number and the validity period</Trans>
          </li>
          <li>
            <Trans>The insured vehicle’s registration number</Trans>
          </li>
          <li>
            <Trans>A QR code that anyone can scan to check that the policy is valid, without seeing your personal data</Trans>
          </li>
        </ul>
        <p>
          <Trans>The cards are saved on your phone, so they open even where there is no signal, and they can be printed. RCA policies are also checked electronically by the police, so the card is a convenience, not an obligation.</Trans>
        </p>
        <p>
          <Link to="/authenticate" search={{ last_url: '/virtualcards' }} className="button">
            <Trans>Sign in to see your cards</Trans>
          </Link>
        </p>
        <p>
          <Trans>
            Checking someone else’s policy? <Link to="/verify">Check a vehicle by its registration number or VIN</Link>.
          </Trans>
        </p>
      </Section>
    </>
  )
}
