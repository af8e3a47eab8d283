import { Trans } from '@lingui/react/macro'
import { normalizePlate } from '~/contract/vehicle'
import { ProductPage } from './product-page'

/** RCA, possibly started from a deep link with the plate and VIN, possibly under a partner's brand. */
export function RcaPage({ plate, vin, partner }: { plate?: string; vin?: string; partner?: { code: string; name: string } }) {
  const intro = (
    <>
      {partner ? (
        <p className="partner-badge" data-partner={partner.code}>
          <Trans>Offered together with {partner.name}</Trans>
        </p>
      ) : null}
      {plate || vin ? (
        <dl className="vehicle-summary">
          {plate ? (
            <>
              <dt>
                <Trans>Plate</Trans>
              </dt>
              <dd>{normalizePlate(plate)}</dd>
            </>
          ) : null}
          {vin ? (
            <>
              <dt>
                <Trans>VIN</Trans>
              </dt>
              <dd>{vin.toUpperCase()}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
    </>
  )
  return <ProductPage code="rca" intro={intro} />
}
