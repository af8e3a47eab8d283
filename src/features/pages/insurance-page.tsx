import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Card, Cards, Hero, Section } from '~/ui/page-sections'

/** `/insurance`: every kind of cover we broker, and how we choose the insurers. */
export function InsurancePage() {
  const { t } = useLingui()
  return (
    <>
      <Hero
        title={<Trans>All the insurance you can buy with us</Trans>}
        lead={<Trans>We are an authorised broker: we compare the offers of the insurers we work with and you pay the insurer’s price, with no extra fee.</Trans>}
      />
      <Section id="insurance-kinds" title={<Trans>Choose a product</Trans>}>
        <Cards label={t`Insurance products`}>
          <Card title={<Trans>RCA motor insurance</Trans>}>
            <p>
              <Trans>Compulsory for every registered vehicle. Compare every insurer and add direct settlement.</Trans>
            </p>
            <Link to="/rca/{-$registration_plate}/{-$vin}" params={{}}>
              <Trans>Go to RCA</Trans>
            </Link>
          </Card>
          <Card title={<Trans>Travel insurance</Trans>}>
            <p>
              <Trans>Medical expenses and assistance abroad, valid for Schengen visas.</Trans>
            </p>
            <Link to="/travel">
              <Trans>Go to travel insurance</Trans>
            </Link>
          </Card>
          <Card title={<Trans>Home insurance</Trans>}>
            <p>
              <Trans>The compulsory PAD policy and optional cover for the building and belongings.</Trans>
            </p>
            <Link to="/house">
              <Trans>Go to home insurance</Trans>
            </Link>
          </Card>
        </Cards>
      </Section>
      <Section id="insurance-how" title={<Trans>How we work</Trans>}>
        <p>
          <Trans>Every offer shows the insurer, the price, what is covered and what is not. The policy is issued by the insurer and sent to you by e-mail; we stay by your side for renewals and claims.</Trans>
        </p>
      </Section>
    </>
  )
}
