import { Trans } from '@lingui/react/macro'
import type { PublicConfig } from '../../app.config'

type BrokerConfig = Pick<PublicConfig, 'BROKER_LEGAL_NAME' | 'BROKER_ASF_REGISTRATION' | 'BROKER_FISCAL_CODE' | 'BROKER_TRADE_REGISTER' | 'BROKER_ADDRESS'>

/** Whether any of the broker's legal details is configured. */
export function hasBrokerDetails(config: BrokerConfig): boolean {
  return Boolean(config.BROKER_LEGAL_NAME || config.BROKER_ASF_REGISTRATION || config.BROKER_FISCAL_CODE || config.BROKER_TRADE_REGISTER || config.BROKER_ADDRESS)
}

/**
 * The broker's legal details as configured (company, ASF register number, fiscal code, trade
 * register, office), for the footer and "About us". Unset details are left out; with none set,
 * nothing is drawn rather than a placeholder that looks real.
 */
export function BrokerDetails({ config, className }: { config: BrokerConfig; className?: string }) {
  if (!hasBrokerDetails(config)) return null
  const { BROKER_LEGAL_NAME: name, BROKER_ASF_REGISTRATION: asf, BROKER_FISCAL_CODE: fiscal, BROKER_TRADE_REGISTER: register, BROKER_ADDRESS: address } = config
  return (
    <dl className={className ?? 'broker-details'} data-testid="broker-details">
      {name ? (
        <div>
          <dt>
            <Trans>Company</Trans>
          </dt>
          <dd>{name}</dd>
        </div>
      ) : null}
      {asf ? (
        <div>
          <dt>
            <Trans>ASF register of insurance intermediaries</Trans>
          </dt>
          <dd>{asf}</dd>
        </div>
      ) : null}
      {fiscal ? (
        <div>
          <dt>
            <Trans>Fiscal code</Trans>
          </dt>
          <dd>{fiscal}</dd>
        </div>
      ) : null}
      {register ? (
        <div>
          <dt>
            <Trans>Trade register</Trans>
          </dt>
          <dd>{register}</dd>
        </div>
      ) : null}
      {address ? (
        <div>
          <dt>
            <Trans>Registered office</Trans>
          </dt>
          <dd>{address}</dd>
        </div>
      ) : null}
    </dl>
  )
}
