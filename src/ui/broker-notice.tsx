import { Trans, useLingui } from '@lingui/react/macro'
import { formatDate } from '~/i18n/dates'
import { isLocale } from '~/i18n/locales'
import { BrokerDetails, type BrokerConfig } from './broker-details'

export type NoticeConfig = BrokerConfig & { BRAND_NAME: string; BROKER_NOTICE_VERSION: string }

/**
 * The broker's information notice, what the law on insurance distribution asks a broker to hand
 * over before a contract (Legea 236/2018, art. 18–19): who we are and how to check us in the ASF
 * register, that we act for the customer, how we are paid, how to complain. Shown on
 * `/info/broker-notice` and on the checkout, where the buyer accepts its `BROKER_NOTICE_VERSION`.
 */
export function BrokerNotice({ config, headingLevel = 2 }: { config: NoticeConfig; headingLevel?: 2 | 3 }) {
  const { i18n } = useLingui()
  const locale = isLocale(i18n.locale) ? i18n.locale : 'ro'
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const name = config.BROKER_LEGAL_NAME
  const asf = config.BROKER_ASF_REGISTRATION
  const complaints = config.BROKER_COMPLAINTS_EMAIL
  const version = formatDate(config.BROKER_NOTICE_VERSION, locale)
  return (
    <div className="broker-notice" data-testid="broker-notice" data-version={config.BROKER_NOTICE_VERSION}>
      <Heading>
        <Trans>Who we are</Trans>
      </Heading>
      <p>
        <Trans>
          {name} is an insurance broker, entered in the register of insurance intermediaries of the Financial Supervisory Authority (ASF) under number {asf}; you can check it in the public register at asfromania.ro.
        </Trans>
      </p>
      <BrokerDetails config={config} />
      <Heading>
        <Trans>For whom we act</Trans>
      </Heading>
      <p>
        <Trans>
          We act on your behalf, not on an insurer’s. We show the offers of every insurer we work with for the product, ranked by price, and do not give a personal recommendation: the insurer’s product information document (IPID) and general conditions say what each policy covers and excludes. No insurer holds 10% or more of our capital or voting rights, and we hold none of any insurer’s.
        </Trans>
      </p>
      <Heading>
        <Trans>How we are paid</Trans>
      </Heading>
      <p>
        <Trans>
          For each policy the insurer pays us a commission, included in the premium you see; you pay us no fee. On request we tell you the commission of your policy.
        </Trans>
      </p>
      <Heading>
        <Trans>Complaints</Trans>
      </Heading>
      <p>
        <Trans>
          Write to <a href={`mailto:${complaints}`}>{complaints}</a> with what happened and your policy number: we answer within 30 days. If you are not satisfied, you may turn to ASF (asfromania.ro), to the alternative dispute resolution centre for the financial sector SAL-Fin (salfin.ro) or to the courts.
        </Trans>
      </p>
      <p className="muted">
        <Trans>Information notice of {version}.</Trans>
      </p>
    </div>
  )
}
