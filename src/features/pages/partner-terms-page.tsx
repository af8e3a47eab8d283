import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'

/** `/terms-{partner}`: the terms of the partner-branded offer, on top of the general terms. */
export function PartnerTermsPage({ partner }: { partner: { code: string; name: string } }) {
  return (
    <article data-partner={partner.code}>
      <h1>
        <Trans>Terms of the offer with {partner.name}</Trans>
      </h1>
      <p>
        <Trans>This offer is made by us, as insurance broker, to the customers of {partner.name}. The general terms and conditions of the site apply; what follows is specific to the partnership.</Trans>
      </p>
      <ul className="checklist">
        <li>
          <Trans>{partner.name} does not sell insurance and does not see the personal data you give us; it only learns that a policy was bought through its link.</Trans>
        </li>
        <li>
          <Trans>Prices are the insurers’ prices; any discount of the partnership is shown on the offer before you pay.</Trans>
        </li>
        <li>
          <Trans>For questions and complaints about the policy, write to us, not to the partner.</Trans>
        </li>
      </ul>
      <p>
        <Link to="/info/{-$slug}" params={{ slug: 'terms' }}>
          <Trans>Read the general terms and conditions</Trans>
        </Link>
      </p>
    </article>
  )
}
