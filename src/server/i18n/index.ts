import { setupI18n, type I18n, type MessageDescriptor } from '@lingui/core'
import type { ProductCode } from '~/contract/constants'
import { fieldMessage, type FieldMessageKey } from '~/contract/field-messages'
import { isLocale, localeCodes, type Locale } from '~/i18n/locales'
import { productCopy } from '~/i18n/product-names'
import { messages as enFields } from '../../i18n/locales/en/fields.po'
import { messages as enPages } from '../../i18n/locales/en/messages.po'
import { messages as enServer } from '../../i18n/locales/en/server.po'
import { messages as frFields } from '../../i18n/locales/fr/fields.po'
import { messages as frPages } from '../../i18n/locales/fr/messages.po'
import { messages as frServer } from '../../i18n/locales/fr/server.po'
import { messages as roFields } from '../../i18n/locales/ro/fields.po'
import { messages as roPages } from '../../i18n/locales/ro/messages.po'
import { messages as roServer } from '../../i18n/locales/ro/server.po'

/**
 * The server's words come from the pages' Lingui catalogs: `messages` (shared with the pages:
 * product names), `fields` (the form fields' sentences of `src/contract/field-messages`, shared
 * with the forms, which load it on first use) and `server` (mails, iCal, API sentences,
 * documents), all extracted by `npm run extract` and compiled on import by the same Lingui
 * compiler in every build: the Vite plugin (SSR bundle, vitest), scripts/build-node.ts (dist/node)
 * and scripts/lingui/node-hooks.mjs (tsx). Write server strings with the `msg`/`t` macros as pages
 * do, and translate them with `i18nFor(locale)`.
 */
const catalogs: Record<Locale, I18n['messages']> = {
  ro: { ...roPages, ...roFields, ...roServer },
  en: { ...enPages, ...enFields, ...enServer },
  fr: { ...frPages, ...frFields, ...frServer },
}

/** One instance per language, made once: an instance is never switched, so concurrent requests in different languages cannot mix. */
const instances = new Map<Locale, I18n>(localeCodes.map((locale) => [locale, setupI18n({ locale, messages: { [locale]: catalogs[locale] } })]))

/** The Lingui instance of a site language, for `i18n._(msg\`…\`)` or `t(i18n)\`…\``. */
export function i18nFor(locale: Locale): I18n {
  return instances.get(locale)!
}

/** A message in a language. */
export function translate(locale: Locale, message: MessageDescriptor): string {
  return i18nFor(locale)._(message)
}

/** A form field's sentence (the API's 422 field map, a server function's refusal) in a language. */
export function fieldSentence(locale: Locale, key: FieldMessageKey): string {
  return fieldMessage(i18nFor(locale), key)
}

/** A product's name for people, from the one product-name source the pages use (src/i18n/product-names.ts). */
export function productName(locale: Locale, code: ProductCode): string {
  return translate(locale, productCopy[code].name)
}

/** A stored language tag (an order's, an account's) as a site language: Romanian when it is none. */
export function siteLocale(tag: string | null | undefined): Locale {
  return isLocale(tag) ? tag : 'ro'
}
