import type { I18n, MessageDescriptor } from '@lingui/core'
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
 * browser shows the same sentence beside the field. The sentences are Lingui messages of their
 * own catalog, `fields.po` (decision 128): the server's instances hold it, the browser loads it
 * with a form's schema on first use (`src/i18n/field-catalog.ts`). Zod-free, so forms take it
 * without zod's locales. One file per feature keeps lists small and merges quiet; a key must be
 * unique across files (tests/unit/field-messages.test.ts).
 */
// One line per list: merges of features added side by side stay simple.
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

type Keys<T> = T extends unknown ? keyof T & string : never
export type FieldMessageKey = Keys<(typeof fieldMessageTables)[number]>

const descriptors = Object.assign({}, ...fieldMessageTables) as Record<FieldMessageKey, MessageDescriptor>

export function isFieldMessageKey(value: string): value is FieldMessageKey {
  return Object.hasOwn(descriptors, value)
}

/** A field's sentence through a Lingui instance that holds the `fields` catalog of its language. */
export function fieldMessage(i18n: I18n, key: FieldMessageKey): string {
  return i18n._(descriptors[key])
}
