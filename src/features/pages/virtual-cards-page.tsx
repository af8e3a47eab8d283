import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Hero, Section } from '~/ui/page-sections'

/** `/virtualcards`: the digital policy card kept in the account and on the phone. */
export function VirtualCardsPage() {
  return (
    <>
      <Hero
        title={<Trans>Virtual insurance cards</Trans>}
        lead={<Trans>Your policies on your phone: the essentials of each policy on one card, ready to show at a police check, at the border or to a doctor abroad.</Trans>}
      />
      <Section id="virtual-cards-what" title={<Trans>What a virtual card holds</Trans>}>
        <ul className="checklist">
          <li>
            <Trans>The insurer, the policy number and the validity period</Trans>
          </li>
          <li>
            <Trans>The insured vehicle, trip or home</Trans>
          </li>
          <li>
            <Trans>The assistance phone number to call in an emergency</Trans>
          </li>
        </ul>
        <p>
          <Trans>Once policies can be bought on the site, each one will get its card in your account, under Orders and policies. RCA policies are also checked electronically by the police, so the card is a convenience, not an obligation.</Trans>
        </p>
        <Link to="/account/orders" className="button">
          <Trans>See my policies</Trans>
        </Link>
      </Section>
    </>
  )
}
