import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'

const questions = [
  {
    q: msg`Who must have an RCA policy?`,
    a: msg`Every vehicle registered in Romania, whether it is driven or not, unless the policy is suspended while the vehicle is immobilised on private land. Since December 2025 faster e-scooters and e-bikes need one too.`,
  },
  {
    q: msg`How long can an RCA policy last?`,
    a: msg`From 1 to 12 whole months. Shorter periods exist only for imported vehicles, provisional (red) plates and export plates.`,
  },
  {
    q: msg`What is the bonus-malus class?`,
    a: msg`It rewards drivers without claims with discounts (B1 to B8) and raises the price after paid claims (M1 to M8). The insurer reads it from the national database; neither we nor you can change it.`,
  },
  {
    q: msg`What is direct settlement?`,
    a: msg`An optional clause: after an accident that was not your fault, your own insurer pays you and recovers the money from the other driver’s insurer. It costs a little more and saves time.`,
  },
  {
    q: msg`Do I need a green card abroad?`,
    a: msg`Not in the EU, the EEA, Switzerland, Andorra and Serbia: the RCA policy is enough. Countries such as Moldova, Türkiye, Ukraine or North Macedonia still ask for the green card, which we issue with the policy.`,
  },
  {
    q: msg`When is the rovinietă valid?`,
    a: msg`From the start date you choose, for the period you paid. You can buy it up to 30 days ahead. It is checked by cameras against the plate, so a wrong character makes it invalid.`,
  },
  {
    q: msg`Is home insurance compulsory?`,
    a: msg`Yes, the PAD policy against earthquake, flood and landslide is compulsory for homes in Romania. Optional policies add fire, theft, water damage and liability towards neighbours.`,
  },
  {
    q: msg`How do I receive my policy?`,
    a: msg`By e-mail, as soon as the payment is confirmed, and in your account under Orders and policies.`,
  },
]

/** `/faq`: answers to the questions buyers ask most. Works without JavaScript (native disclosure). */
export function FaqPage() {
  const { i18n } = useLingui()
  return (
    <>
      <h1>
        <Trans>Frequently asked questions</Trans>
      </h1>
      <div className="faq">
        {questions.map(({ q, a }) => (
          <details key={q.id}>
            <summary>{i18n._(q)}</summary>
            <p>{i18n._(a)}</p>
          </details>
        ))}
      </div>
    </>
  )
}
