import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { formatDate } from '~/i18n/dates'
import type { Locale } from '~/i18n/locales'
import { formatMoney } from '~/i18n/money'
import { i18nFor } from '../i18n'
import type { DocumentField, DocumentSection, PolicyDocument } from './pdf'

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
 * A product's policy document: how its facts fill titled sections of labelled fields, in the
 * words of the Lingui instance it is given (the server catalog). `alsoInEnglish`: printed in the
 * buyer's language with English beside it (a document shown abroad: a travel policy at a
 * consulate, an RCA at a border).
 */
export interface ProductDocument<Facts> {
  alsoInEnglish?: boolean
  build(facts: Facts, policy: IssuedPolicyFacts, i18n: I18n, format: DocumentFormat): DocumentBody
}

export function documentFormat(locale: Locale): DocumentFormat {
  return {
    locale,
    day: (iso) => formatDate(`${iso}T12:00:00Z`, locale),
    minute: (instant) => formatDate(instant, locale, 'dateTime'),
    money: (value) => formatMoney(value.amount, value.currency, locale),
  }
}

/** A label and its value; a row that does not apply is falsy (`cond && [label, value]`) and is left out. */
export type DocumentRow = readonly [label: MessageDescriptor, value: string] | false | null | undefined | '' | 0

/** The one way a product writes a section: its heading and rows, translated by `i18n`. */
export function documentSection(i18n: I18n, heading: MessageDescriptor, rows: readonly DocumentRow[]): DocumentSection {
  const fields: DocumentField[] = []
  for (const row of rows) if (row) fields.push({ label: i18n._(row[0]), value: row[1] })
  return { heading: i18n._(heading), fields }
}

/** A cover period as policies state it: from the first day's start to the last day's end. */
export function coverPeriod(i18n: I18n, format: DocumentFormat, policy: IssuedPolicyFacts): string {
  const from = format.day(policy.startDate)
  const to = format.day(policy.endDate)
  return i18n._(msg`from ${from}, 00:00, until ${to}, 24:00`)
}

/** The rows every insurance policy states the same way: how long it is valid and its premium. */
export const periodRow = (i18n: I18n, format: DocumentFormat, policy: IssuedPolicyFacts): DocumentRow => [msg({ message: 'Valid', context: 'policy period' }), coverPeriod(i18n, format, policy)]
export const premiumRow = (format: DocumentFormat, amount: IssuedPolicyFacts['premium']): DocumentRow => [msg`Premium`, format.money(amount)]

/**
 * The policy document in `locale`, and with English beside it when the product asks: each
 * label and each differing value as "Romanian / English". Both come from the same `build` run
 * through each language's Lingui instance, so their sections and fields line up; dates and
 * money are written once, in `locale`'s format.
 */
export function productPolicyDocument<Facts>(product: ProductDocument<Facts>, facts: Facts, policy: IssuedPolicyFacts, locale: Locale): PolicyDocument {
  const format = documentFormat(locale)
  const main = product.build(facts, policy, i18nFor(locale), format)
  const second = product.alsoInEnglish && locale !== 'en' ? product.build(facts, policy, i18nFor('en'), format) : undefined
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
