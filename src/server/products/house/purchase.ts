import { z } from 'zod'
import type { HouseQuoteInput } from '~/contract/house'
import type { Locale } from '~/i18n/locales'
import { holderName, type ProductDocument } from '../../documents/product-document'
import type { ProductPurchase } from '../definition'

/** What the quote keeps for the policy (`context.policy`): the home by SIRUTA's names and the PAD it names. */
export function housePolicyPart(request: HouseQuoteInput) {
  return { address: request.address, existing_pad_number: request.existing_pad_number }
}

/**
 * Deductibles printed on the policy: PAD has none (Legea 260/2008); optional cover's is the
 * sandbox insurers' level, ours like their tariffs (docs/products.md), in bani.
 */
const OPTIONAL_DEDUCTIBLE = { percent: 10, minimum: 50_000 }

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
})
export type HousePolicyFacts = z.infer<typeof HousePolicyFacts>

const words = {
  ro: {
    title: { pad: 'Poliță de asigurare obligatorie a locuinței (PAD)', optional: 'Poliță de asigurare facultativă a locuinței' },
    home: 'Locuința asigurată',
    address: 'Adresa',
    owner: 'Asigurat',
    padType: 'Tipul locuinței (PAD)',
    padTypes: { A: 'Tip A (beton armat, metal, lemn, piatră, cărămidă arsă)', B: 'Tip B (chirpici, materiale netratate)' },
    padNumber: 'Polița PAD',
    padThisOne: 'Este chiar această poliță',
    padSameOrder: 'Cumpărată în aceeași comandă',
    cover: 'Acoperire',
    risks: 'Riscuri acoperite',
    padRisks: 'Cutremur, alunecări de teren, inundații (ca fenomene naturale)',
    optionalRisks: 'Incendiu, trăsnet, explozie, furtună, grindină, greutatea zăpezii, daune din apă, furt prin efracție',
    liabilityRisk: 'Răspundere civilă față de vecini',
    sumInsured: 'Suma asigurată a clădirii',
    contents: 'Suma asigurată a bunurilor',
    liability: 'Limita răspunderii civile',
    deductibles: 'Franșize',
    noDeductible: 'Fără franșiză',
    deductible: (percent: number, minimum: string) => `${percent} % din fiecare daună, cel puțin ${minimum}`,
    period: 'Valabilă',
    periodValue: (from: string, to: string) => `de la ${from}, ora 00:00, până la ${to}, ora 24:00`,
    premium: 'Prima de asigurare',
    padNote: 'Polița PAD este obligatorie pentru orice locuință din România (Legea 260/2008); o asigurare facultativă se poate cumpăra numai având o poliță PAD valabilă.',
  },
  en: {
    title: { pad: 'Compulsory home insurance policy (PAD)', optional: 'Optional home insurance policy' },
    home: 'Insured home',
    address: 'Address',
    owner: 'Insured',
    padType: 'Building type (PAD)',
    padTypes: { A: 'Type A (reinforced concrete, metal, wood, stone, fired brick)', B: 'Type B (unfired brick, untreated materials)' },
    padNumber: 'PAD policy',
    padThisOne: 'This very policy',
    padSameOrder: 'Bought in the same order',
    cover: 'Cover',
    risks: 'Risks covered',
    padRisks: 'Earthquake, landslide, flood (as natural events)',
    optionalRisks: 'Fire, lightning, explosion, storm, hail, weight of snow, water damage, burglary',
    liabilityRisk: 'Liability to neighbours',
    sumInsured: 'Building sum insured',
    contents: 'Contents sum insured',
    liability: 'Liability limit',
    deductibles: 'Deductibles',
    noDeductible: 'No deductible',
    deductible: (percent: number, minimum: string) => `${percent}% of each claim, at least ${minimum}`,
    period: 'Valid',
    periodValue: (from: string, to: string) => `from ${from}, 00:00, until ${to}, 24:00`,
    premium: 'Premium',
    padNote: 'A PAD policy is compulsory for every home in Romania (Law 260/2008); optional cover can be bought only with a valid PAD policy.',
  },
  fr: {
    title: { pad: 'Police d’assurance habitation obligatoire (PAD)', optional: 'Police d’assurance habitation facultative' },
    home: 'Logement assuré',
    address: 'Adresse',
    owner: 'Assuré',
    padType: 'Type de logement (PAD)',
    padTypes: { A: 'Type A (béton armé, métal, bois, pierre, brique cuite)', B: 'Type B (brique crue, matériaux non traités)' },
    padNumber: 'Police PAD',
    padThisOne: 'Cette police même',
    padSameOrder: 'Achetée dans la même commande',
    cover: 'Garantie',
    risks: 'Risques couverts',
    padRisks: 'Tremblement de terre, glissement de terrain, inondation (phénomènes naturels)',
    optionalRisks: 'Incendie, foudre, explosion, tempête, grêle, poids de la neige, dégâts des eaux, vol avec effraction',
    liabilityRisk: 'Responsabilité civile envers les voisins',
    sumInsured: 'Somme assurée du bâtiment',
    contents: 'Somme assurée du mobilier',
    liability: 'Plafond de responsabilité civile',
    deductibles: 'Franchises',
    noDeductible: 'Sans franchise',
    deductible: (percent: number, minimum: string) => `${percent} % de chaque sinistre, au moins ${minimum}`,
    period: 'Valable',
    periodValue: (from: string, to: string) => `du ${from}, 00 h 00, au ${to}, 24 h 00`,
    premium: 'Prime d’assurance',
    padNote: 'La police PAD est obligatoire pour tout logement en Roumanie (loi 260/2008) ; une assurance facultative ne s’achète qu’avec une police PAD valable.',
  },
} satisfies Record<Locale, unknown>

const houseDocument: ProductDocument<HousePolicyFacts, (typeof words)['ro']> = {
  words,
  build(facts, policy, w, format) {
    const lei = (amount: number) => format.money({ amount, currency: 'RON' })
    const pad = facts.cover === 'pad'
    const risks = pad ? w.padRisks : [w.optionalRisks, ...(facts.liability_cover ? [w.liabilityRisk] : [])].join('; ')
    return {
      title: w.title[facts.cover],
      sections: [
        {
          heading: w.home,
          fields: [
            { label: w.address, value: `${facts.address.street}, ${facts.address.locality}, ${facts.address.county}` },
            { label: w.owner, value: holderName(policy) },
            ...(facts.pad_type ? [{ label: w.padType, value: w.padTypes[facts.pad_type] }] : []),
            { label: w.padNumber, value: pad ? w.padThisOne : (facts.pad_number ?? w.padSameOrder) },
          ],
        },
        {
          heading: w.cover,
          fields: [
            { label: w.risks, value: risks },
            { label: w.sumInsured, value: lei(facts.sum_insured) },
            ...(facts.contents_sum_insured ? [{ label: w.contents, value: lei(facts.contents_sum_insured) }] : []),
            ...(facts.liability_cover ? [{ label: w.liability, value: lei(facts.liability_cover) }] : []),
            { label: w.deductibles, value: pad ? w.noDeductible : w.deductible(OPTIONAL_DEDUCTIBLE.percent, lei(OPTIONAL_DEDUCTIBLE.minimum)) },
            { label: w.period, value: w.periodValue(format.day(policy.startDate), format.day(policy.endDate)) },
            { label: w.premium, value: format.money(policy.premium) },
          ],
        },
      ],
      notes: [w.padNote],
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
    }
  },
  document: houseDocument,
  reminders: {
    kind: 'policy_end',
    subject: { ro: 'Polița locuinței', en: 'Your home insurance policy', fr: 'Votre assurance habitation' },
    calendarTitle: { ro: 'Asigurarea locuinței expiră', en: 'Home insurance ends', fr: 'Fin de l’assurance habitation' },
    renewPath: () => '/house',
  },
  // Optional cover stands on a PAD: one bought in the same order, or one its quote named (`cover: "optional"`).
  bundle: {
    isBase: (details) => details.cover === 'pad',
    needsBase: (details, payload) => details.cover === 'optional' && payload?.cover !== 'optional',
  },
}
