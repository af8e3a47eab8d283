import { Trans } from '@lingui/react/macro'
import type { PublicConfig } from '../../app.config'

export type BrokerConfig = Pick<
  PublicConfig,
  'BROKER_LEGAL_NAME' | 'BROKER_ASF_REGISTRATION' | 'BROKER_FISCAL_CODE' | 'BROKER_TRADE_REGISTER' | 'BROKER_ADDRESS' | 'BROKER_COMPLAINTS_EMAIL' | 'SUPPORT_EMAIL' | 'SUPPORT_PHONE'
>

/** The broker's phone as a link a phone can dial. */
export function PhoneLink({ phone }: { phone: string }) {
  return <a href={`tel:${phone.replace(/[\s.()-]/g, '')}`}>{phone}</a>
}

/**
 * The broker's legal details as configured (company, fiscal code, trade register, ASF register
 * number, office, phone, e-mail, complaints), for the footer, "About us" and the information
 * notice: the identification the law on insurance distribution asks for on every page.
 */
export function BrokerDetails({ config, className }: { config: BrokerConfig; className?: string }) {
  return (
    <dl className={className ?? 'broker-details'} data-testid="broker-details">
      <div>
        <dt>
          <Trans>Company</Trans>
        </dt>
        <dd>{config.BROKER_LEGAL_NAME}</dd>
      </div>
      <div>
        <dt>
          <Trans>Fiscal code</Trans>
        </dt>
        <dd>{config.BROKER_FISCAL_CODE}</dd>
      </div>
      <div>
        <dt>
          <Trans>Trade register</Trans>
        </dt>
        <dd>{config.BROKER_TRADE_REGISTER}</dd>
      </div>
      <div>
        <dt>
          <Trans>ASF register of insurance intermediaries</Trans>
        </dt>
        <dd>{config.BROKER_ASF_REGISTRATION}</dd>
      </div>
      <div>
        <dt>
          <Trans>Registered office</Trans>
        </dt>
        <dd>{config.BROKER_ADDRESS}</dd>
      </div>
      <div>
        <dt>
          <Trans>Phone</Trans>
        </dt>
        <dd>
          <PhoneLink phone={config.SUPPORT_PHONE} />
        </dd>
      </div>
      <div>
        <dt>
          <Trans>E-mail</Trans>
        </dt>
        <dd>
          <a href={`mailto:${config.SUPPORT_EMAIL}`}>{config.SUPPORT_EMAIL}</a>
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Complaints</Trans>
        </dt>
        <dd>
          <a href={`mailto:${config.BROKER_COMPLAINTS_EMAIL}`}>{config.BROKER_COMPLAINTS_EMAIL}</a>
        </dd>
      </div>
    </dl>
  )
}
