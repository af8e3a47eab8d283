import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Hero, Section } from '~/ui/page-sections'

/** `/directbooking`: an offer prepared by an adviser, booked directly with a link. */
export function DirectBookingPage() {
  return (
    <>
      <Hero
        title={<Trans>Direct booking</Trans>}
        lead={<Trans>Did one of our advisers prepare an offer for you? Book it directly, without filling in the details again.</Trans>}
      />
      <Section id="direct-booking-how" title={<Trans>How direct booking works</Trans>}>
        <ol className="steps">
          <li>
            <Trans>The adviser sends you a personal link by e-mail or text message.</Trans>
          </li>
          <li>
            <Trans>The link opens your offer with the details you agreed on; you check them.</Trans>
          </li>
          <li>
            <Trans>You pay by card and receive the policy by e-mail.</Trans>
          </li>
        </ol>
        <p>
          <Trans>Personal booking links are being rolled out. If you are waiting for an offer, write to us and an adviser will contact you.</Trans>
        </p>
        <Link to="/contact-us" className="button">
          <Trans>Talk to an adviser</Trans>
        </Link>
      </Section>
    </>
  )
}
