import { Trans, useLingui } from '@lingui/react/macro'
import type { DirectBookingKind } from '~/contract/direct-booking-constants'
import { formatDate } from '~/i18n/dates'
import { isLocale } from '~/i18n/locales'

/** The plate's RCA bought here, as the request recorded it; null: none known; undefined: not asked yet (the form). */
export type RcaFacts = { insurer: string | null; valid_until: string; direct_settlement: boolean } | null | undefined

/**
 * What to do after an accident (decision 70): when the amicable report (constatare amiabilă) may
 * be used and its steps, or what to do without the other party; then who pays, with direct
 * settlement (decontare directă) when the policy has it.
 */
export function AccidentGuide({ kind, rca, headingLevel = 2 }: { kind: DirectBookingKind; rca: RcaFacts; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const Sub = headingLevel === 2 ? 'h3' : 'h4'
  if (kind === 'accident_without_other_party') {
    return (
      <section className="guide" aria-labelledby="guide-alone">
        <Heading id="guide-alone">
          <Trans>After an accident without the other party</Trans>
        </Heading>
        <p>
          <Trans>When no other driver is there (you hit an obstacle, or the other driver left), the amicable report cannot be used: it needs both drivers.</Trans>
        </p>
        <ol className="steps">
          <SafetySteps />
          <li>
            <Trans>Call 112 or go to the nearest police station to have the event recorded, above all if the other driver left or someone else’s property was damaged.</Trans>
          </li>
          <li>
            <Trans>Take photos of the place, the damage and anything that was hit.</Trans>
          </li>
        </ol>
        <p>
          <Trans>Damage you caused to other people’s property is paid by your RCA insurer. Damage to your own vehicle is paid only by a CASCO policy, not by RCA.</Trans>
        </p>
      </section>
    )
  }
  if (kind !== 'accident_with_other_party') return null
  return (
    <section className="guide" aria-labelledby="guide-amicable">
      <Heading id="guide-amicable">
        <Trans>The amicable report (constatare amiabilă)</Trans>
      </Heading>
      <p>
        <Trans>You and the other driver may settle the accident with the amicable report, without the police, only when all of these hold:</Trans>
      </p>
      <ul className="checklist">
        <li>
          <Trans>exactly two vehicles are involved;</Trans>
        </li>
        <li>
          <Trans>nobody is injured;</Trans>
        </li>
        <li>
          <Trans>both vehicles have a valid RCA policy;</Trans>
        </li>
        <li>
          <Trans>you both agree on how it happened.</Trans>
        </li>
      </ul>
      <p className="notice notice--warning">
        <Trans>Otherwise, or if you are not sure, call 112 and wait for the police.</Trans>
      </p>
      <Sub>
        <Trans>Step by step</Trans>
      </Sub>
      <ol className="steps">
        <SafetySteps />
        <li>
          <Trans>If it is safe, take photos before moving the vehicles: their positions, the damage, both plates and the other driver’s RCA policy.</Trans>
        </li>
        <li>
          <Trans>Fill in one amicable report form together: each driver fills in the side of their own vehicle, ticks the circumstances and draws the sketch.</Trans>
        </li>
        <li>
          <Trans>Read it again and both sign it. Nothing may be changed after signing; each driver keeps a copy.</Trans>
        </li>
        <li>
          <Trans>Write down the other driver’s name, phone number and insurer, then give the claim to the insurer as soon as you can.</Trans>
        </li>
      </ol>
      <Sub>
        <Trans>Who pays: direct settlement (decontare directă)</Trans>
      </Sub>
      <p>
        <Trans>
          Normally the insurer of the driver at fault pays for the damage. With direct settlement, the driver who is not at fault is paid by their own RCA insurer, which then recovers the money.
          The clause is optional and chosen when the policy is issued; it cannot be added later. It applies when both vehicles are registered in Romania and nobody is injured.
        </Trans>
      </p>
      <DirectSettlement rca={rca} />
    </section>
  )
}

function SafetySteps() {
  return (
    <>
      <li>
        <Trans>Stop where it is safe: hazard lights on, reflective vest on, warning triangle behind the vehicle.</Trans>
      </li>
      <li>
        <Trans>Check that nobody is hurt. If anyone is, call 112 at once and leave the vehicles where they are.</Trans>
      </li>
    </>
  )
}

/** What the driver's own policy says about direct settlement, when the request found it. */
function DirectSettlement({ rca }: { rca: RcaFacts }) {
  const { i18n } = useLingui()
  if (!rca) {
    return (
      <p>
        <Trans>If your RCA policy has it, file the claim with your own insurer; otherwise with the insurer of the driver at fault. Your policy document says whether it has direct settlement.</Trans>
      </p>
    )
  }
  const until = formatDate(rca.valid_until, isLocale(i18n.locale) ? i18n.locale : 'ro')
  const insurer = rca.insurer ?? '—'
  return rca.direct_settlement ? (
    <p className="notice notice--success">
      <Trans>
        Your RCA policy from {insurer}, valid until {until}, has direct settlement: if you are not at fault, file the claim with {insurer}.
      </Trans>
    </p>
  ) : (
    <p className="notice">
      <Trans>
        Your RCA policy from {insurer}, valid until {until}, has no direct settlement: if you are not at fault, file the claim with the insurer of the driver at fault.
      </Trans>
    </p>
  )
}
