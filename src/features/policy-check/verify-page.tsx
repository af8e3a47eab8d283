import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { PolicyVerification } from '~/contract/policy-check'
import type { PolicyStanding } from '~/contract/policy-check-constants'
import { Fact, useDay, useProductName } from '~/ui/policy-facts'

type Verification = PolicyVerification['data']

/**
 * `/verify/{code}`: what the QR code of a policy document opens. Anyone holding the paper (a
 * police officer, the other driver after an accident) sees whether the policy is in force, from
 * which insurer and for which period; no name, no address, the plate partly hidden.
 */
export function PolicyVerificationPage({ verification }: { verification: Verification | null }) {
  return (
    <>
      <h1>
        <Trans>Policy verification</Trans>
      </h1>
      {verification ? <VerificationAnswer verification={verification} /> : <UnknownCode />}
      <p>
        <Link to="/verify">
          <Trans>Check a vehicle by its registration number or VIN</Trans>
        </Link>
      </p>
    </>
  )
}

function VerificationAnswer({ verification: v }: { verification: Verification }) {
  const { t } = useLingui()
  const day = useDay()
  const productName = useProductName()
  return (
    <>
      <Verdict standing={v.status} from={day(v.valid_from)} until={day(v.valid_until)} />
      <dl className="policy-facts" aria-label={t`Policy details`}>
        <Fact term={<Trans>Type of insurance</Trans>}>{productName(v.product)}</Fact>
        <Fact term={<Trans>Insurer</Trans>}>{v.insurer.name}</Fact>
        <Fact term={<Trans>Policy number</Trans>}>{v.number}</Fact>
        {v.registration_plate ? <Fact term={<Trans>Registration number</Trans>}>{v.registration_plate}</Fact> : null}
        <Fact term={<Trans>Valid from</Trans>}>
          <time dateTime={v.valid_from}>{day(v.valid_from)}</time>
        </Fact>
        <Fact term={<Trans>Valid until</Trans>}>
          <time dateTime={v.valid_until}>{day(v.valid_until)}</time>
        </Fact>
      </dl>
      <p className="muted">
        <Trans>To protect the policyholder, this page shows no personal data and only part of the registration number. Compare the details with the document you were shown.</Trans>
      </p>
    </>
  )
}

/** The answer first, in words and colour (the colour only repeats the words). */
function Verdict({ standing, from, until }: { standing: PolicyStanding; from: string; until: string }) {
  const verdicts: Record<PolicyStanding, { tone: string; title: ReactNode; text: ReactNode }> = {
    in_force: { tone: 'notice--success', title: <Trans>Valid</Trans>, text: <Trans>This policy is in force until {until} inclusive.</Trans> },
    not_yet_in_force: { tone: 'notice--warning', title: <Trans>Not yet valid</Trans>, text: <Trans>This policy was issued and comes into force on {from}.</Trans> },
    ended: { tone: 'notice--warning', title: <Trans>Not valid</Trans>, text: <Trans>This policy ended on {until}.</Trans> },
    cancelled: { tone: 'notice--warning', title: <Trans>Not valid</Trans>, text: <Trans>This policy was cancelled.</Trans> },
  }
  const verdict = verdicts[standing]
  return (
    <div className={`notice verdict ${verdict.tone}`} data-standing={standing}>
      <p className="verdict__title">{verdict.title}</p>
      <p>{verdict.text}</p>
    </div>
  )
}

function UnknownCode() {
  return (
    <div className="notice notice--warning verdict" data-standing="unknown">
      <p className="verdict__title">
        <Trans>No policy matches this code</Trans>
      </p>
      <p>
        <Trans>The code was checked against the policies issued through us. If the document came from elsewhere, ask the insurer named on it.</Trans>
      </p>
    </div>
  )
}
