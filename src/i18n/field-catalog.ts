import { setupI18n, type I18n, type Messages } from '@lingui/core'
import type { Locale } from './locales'

const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  ro: () => import('./locales/ro/fields.po'),
  en: () => import('./locales/en/fields.po'),
  fr: () => import('./locales/fr/fields.po'),
}

const instances = new Map<Locale, Promise<I18n>>()

/**
 * The browser's Lingui instance for the form fields' sentences of a language (the `fields`
 * catalog, src/contract/field-messages): loaded with a form's schema on first use, never with
 * the page (decision 128). An instance of its own, made once per language: loading it changes
 * nothing of the page's instance, so nothing re-renders. A failed load is tried again next time.
 */
export function fieldCatalog(locale: Locale): Promise<I18n> {
  let instance = instances.get(locale)
  if (!instance) {
    instance = catalogs[locale]().then(({ messages }) => setupI18n({ locale, messages: { [locale]: messages } }))
    instance.catch(() => instances.delete(locale))
    instances.set(locale, instance)
  }
  return instance
}
