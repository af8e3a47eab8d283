import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
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
  const mail = (address: string) => <a href={`mailto:${address}`}>{address}</a>
  const rows: Array<[ReactNode, ReactNode]> = [
    [<Trans key="name">Company</Trans>, config.BROKER_LEGAL_NAME],
    [<Trans key="cui">Fiscal code</Trans>, config.BROKER_FISCAL_CODE],
    [<Trans key="register">Trade register</Trans>, config.BROKER_TRADE_REGISTER],
    [<Trans key="asf">ASF register of insurance intermediaries</Trans>, config.BROKER_ASF_REGISTRATION],
    [<Trans key="office">Registered office</Trans>, config.BROKER_ADDRESS],
    [<Trans key="phone">Phone</Trans>, <PhoneLink phone={config.SUPPORT_PHONE} />],
    [<Trans key="email">E-mail</Trans>, mail(config.SUPPORT_EMAIL)],
    [<Trans key="complaints">Complaints</Trans>, mail(config.BROKER_COMPLAINTS_EMAIL)],
  ]
  return (
    <dl className={className ?? 'broker-details'} data-testid="broker-details">
      {rows.map(([label, value], i) => (
        <div key={i}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
