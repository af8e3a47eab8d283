import { z } from 'zod'
import type { HouseQuoteInput } from '~/contract/house'
import { msg } from '@lingui/core/macro'
import { documentSection, holderName, periodRow, premiumRow, type ProductDocument } from '../../documents/product-document'
import type { ProductPurchase } from '../definition'

/** What the quote keeps for the policy (`context.policy`): the home by SIRUTA's names and the PAD it names. */
export function housePolicyPart(request: HouseQuoteInput) {
  return { address: request.address, existing_pad_number: request.existing_pad_number }
}

/** What an issued house policy holds: the address, which cover, the PAD's type and number, the sums insured. */
export const HousePolicyFacts = z.object({
  address: z.object({ county: z.string(), locality: z.string(), street: z.string() }),
  cover: z.enum(['pad', 'optional']),
  pad_type: z.enum(['A', 'B']).nullable(),
  /** For optional cover: the PAD it stands on, named in the quote; null when bought with it in the same order. */
  pad_number: z.string().nullable(),
  /** Bani. */
  sum_insured: z.number().int().positive(),
  contents_sum_insured: z.number().int().positive().nullable(),
  liability_cover: z.number().int().positive().nullable(),
  /**
   * The optional cover's deductible as its insurer answered it (a share of each claim, at least
   * `minimum` bani); null for PAD, which has none (Legea 260/2008), and for policies bought
   * before insurers stated it.
   */
  deductible: z.object({ percent: z.number().positive().max(100), minimum: z.number().int().min(0) }).nullable().default(null),
})
export type HousePolicyFacts = z.infer<typeof HousePolicyFacts>

const padTypes = {
  A: msg`Type A (reinforced concrete, metal, wood, stone, fired brick)`,
  B: msg`Type B (unfired brick, untreated materials)`,
}

const houseDocument: ProductDocument<HousePolicyFacts> = {
  build(facts, policy, i18n, format) {
    const lei = (amount: number) => format.money({ amount, currency: 'RON' })
    const pad = facts.cover === 'pad'
    const optionalRisks = [msg`Fire, lightning, explosion, storm, hail, weight of snow, water damage, burglary`, ...(facts.liability_cover ? [msg`Liability to neighbours`] : [])]
    const risks = pad ? i18n._(msg`Earthquake, landslide, flood (as natural events)`) : optionalRisks.map((risk) => i18n._(risk)).join('; ')
    const deductible = (percent: number, minimum: string) => i18n._(msg`${percent}% of each claim, at least ${minimum}`)
    return {
      title: i18n._(pad ? msg`Compulsory home insurance policy (PAD)` : msg`Optional home insurance policy`),
      sections: [
        documentSection(i18n, msg`Insured home`, [
          [msg`Address`, `${facts.address.street}, ${facts.address.locality}, ${facts.address.county}`],
          [msg({ message: 'Insured', context: 'person insured' }), holderName(policy)],
          facts.pad_type && [msg`Building type (PAD)`, i18n._(padTypes[facts.pad_type])],
          [msg`PAD policy`, pad ? i18n._(msg`This very policy`) : (facts.pad_number ?? i18n._(msg`Bought in the same order`))],
        ]),
        documentSection(i18n, msg({ message: 'Cover', context: 'house policy' }), [
          [msg`Risks covered`, risks],
          [msg`Building sum insured`, lei(facts.sum_insured)],
          facts.contents_sum_insured && [msg`Contents sum insured`, lei(facts.contents_sum_insured)],
          facts.liability_cover && [msg`Liability limit`, lei(facts.liability_cover)],
          pad && [msg`Deductibles`, i18n._(msg`No deductible`)],
          facts.deductible && [msg`Deductibles`, deductible(facts.deductible.percent, lei(facts.deductible.minimum))],
          periodRow(i18n, format, policy),
          premiumRow(format, policy.premium),
        ]),
      ],
      notes: [i18n._(msg`A PAD policy is compulsory for every home in Romania (Law 260/2008); optional cover can be bought only with a valid PAD policy.`)],
    }
  },
}

const Part = z.object({ address: HousePolicyFacts.shape.address, existing_pad_number: z.string().nullable() })
const int = (value: unknown) => (typeof value === 'number' ? value : null)

export const housePurchase: ProductPurchase<HousePolicyFacts> = {
  wording: 'insurance',
  facts: HousePolicyFacts,
  policyFacts({ policy, details }) {
    const part = Part.safeParse(policy)
    if (!part.success) return undefined
    return {
      address: part.data.address,
      cover: details.cover,
      pad_type: details.pad_type ?? null,
      pad_number: details.cover === 'optional' ? part.data.existing_pad_number : null,
      sum_insured: details.sum_insured,
      contents_sum_insured: int(details.contents_sum_insured),
      liability_cover: int(details.liability_cover),
      deductible: details.cover === 'optional' && typeof details.deductible_percent === 'number' && typeof details.deductible_minimum === 'number' ? { percent: details.deductible_percent, minimum: details.deductible_minimum } : null,
    }
  },
  document: houseDocument,
  reminders: {
    kind: 'policy_end',
    subject: msg`Your home insurance policy`,
    calendarTitle: msg`Home insurance ends`,
    renewPath: () => '/house',
  },
  // Optional cover stands on a PAD: one bought in the same order, or one its quote named (`cover: "optional"`).
  bundle: {
    isBase: (details) => details.cover === 'pad',
    needsBase: (details, payload) => details.cover === 'optional' && payload?.cover !== 'optional',
  },
}
