import type { Locale } from '~/i18n/locales'
import { accountFieldMessages } from './accounts'
import { accountAreaFieldMessages } from './account-area'
import { directBookingFieldMessages } from './direct-booking'
import { productFieldMessages } from './products'
import { orderFieldMessages } from './orders'
import { quoteFieldMessages } from './quotes'
import { rcaFieldMessages } from './rca'
import { formFieldMessages } from './forms'

/**
 * Sentences for form fields, keyed: contract schemas use the keys as their messages
 * (`z.string().min(1, 'name_required')`), the API puts the sentence in its 422 field map and the
 * browser shows the same sentence beside the field. Zod-free, so forms take it without zod's
 * locales. One file per feature keeps tables small and merges quiet; a key must be unique across
 * files, and every language must have every key (the `satisfies` below makes a gap a type error).
 */
// One line per table: merges of features added side by side stay simple.
export const fieldMessageTables = [
  accountFieldMessages,
  productFieldMessages,
  rcaFieldMessages,
  quoteFieldMessages,
  formFieldMessages,
  orderFieldMessages,
  accountAreaFieldMessages,
  directBookingFieldMessages,
] as const
const tables = fieldMessageTables

type Keys<T> = T extends { ro: infer R } ? keyof R : never
export type FieldMessageKey = Keys<(typeof tables)[number]>

const merged = Object.fromEntries(
  (['ro', 'en', 'fr'] as const).map((locale) => [locale, Object.assign({}, ...tables.map((t) => t[locale]))]),
) as Record<Locale, Record<FieldMessageKey, string>>

export function isFieldMessageKey(value: string): value is FieldMessageKey {
  return Object.hasOwn(merged.ro, value)
}

export function fieldMessage(locale: Locale, key: FieldMessageKey): string {
  return merged[locale][key]
}
