import { formatDate } from '~/i18n/dates'
import type { Locale } from '~/i18n/locales'
import type { DocumentSection, PolicyDocument } from './pdf'

const intlLocale: Record<Locale, string> = { ro: 'ro-RO', en: 'en-GB', fr: 'fr-FR' }

export function formatMoney(amount: number, currency: string, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale[locale], { style: 'currency', currency, minimumFractionDigits: 2 }).format(amount / 100)
}

/** What the issuer answered and the order holds: the same for every product, printed beside its own facts. */
export interface IssuedPolicyFacts {
  insurer: { name: string; asfRegistration?: string }
  series: string | null
  number: string
  /** `YYYY-MM-DD`, the end inclusive. */
  startDate: string
  endDate: string
  /** What the buyer paid for this policy, in minor units. */
  premium: { amount: number; currency: string }
  holder: { first_name: string; last_name: string }
  verificationCode: string
  issuedAt: Date
}

/** Dates and money in the document's main language, whichever language a label is in. */
export interface DocumentFormat {
  locale: Locale
  /** A calendar day, `YYYY-MM-DD`. */
  day(iso: string): string
  /** An instant to the minute, in Romanian time. */
  minute(instant: string): string
  money(value: { amount: number; currency: string }): string
}

/** The part of a policy document a product writes: a title, sections of labelled fields, closing notes. */
export interface DocumentBody {
  title: string
  sections: DocumentSection[]
  notes?: string[]
}

/**
 * A product's policy document: its words typed per language (ro, en, fr, all complete) and how
 * its facts fill the sections. `alsoInEnglish`: printed in the buyer's language with English
 * beside it (a document shown abroad: a travel policy at a consulate, an RCA at a border).
 */
export interface ProductDocument<Facts, Words> {
  words: Record<Locale, Words>
  alsoInEnglish?: boolean
  build(facts: Facts, policy: IssuedPolicyFacts, words: Words, format: DocumentFormat): DocumentBody
}

export function documentFormat(locale: Locale): DocumentFormat {
  return {
    locale,
    day: (iso) => formatDate(`${iso}T12:00:00Z`, locale),
    minute: (instant) => formatDate(instant, locale, 'dateTime'),
    money: (value) => formatMoney(value.amount, value.currency, locale),
  }
}

/**
 * The policy document in `locale`, and with English beside it when the product asks: each
 * label and each differing value as "Romanian / English". Both come from the same `build`, so
 * their sections and fields line up; dates and money are written once, in `locale`'s format.
 */
export function productPolicyDocument<Facts, Words>(product: ProductDocument<Facts, Words>, facts: Facts, policy: IssuedPolicyFacts, locale: Locale): PolicyDocument {
  const format = documentFormat(locale)
  const main = product.build(facts, policy, product.words[locale], format)
  const second = product.alsoInEnglish && locale !== 'en' ? product.build(facts, policy, product.words.en, format) : undefined
  const both = (a: string, b: string | undefined) => (b === undefined || a === b ? a : `${a} / ${b}`)
  return {
    locale,
    title: both(main.title, second?.title),
    insurer: policy.insurer,
    policy: { ...(policy.series ? { series: policy.series } : {}), number: policy.number },
    sections: main.sections.map((section, i) => {
      const other = second?.sections[i]
      return {
        heading: both(section.heading, other?.heading),
        fields: section.fields.map((field, j) => ({ label: both(field.label, other?.fields[j]?.label), value: both(field.value, other?.fields[j]?.value) })),
      }
    }),
    notes: [...(main.notes ?? []), ...(second?.notes ?? [])],
    verificationCode: policy.verificationCode,
    issuedAt: policy.issuedAt,
  }
}

/** Who bought it, as the order names them. */
export const holderName = (policy: IssuedPolicyFacts) => `${policy.holder.first_name} ${policy.holder.last_name}`.trim()
