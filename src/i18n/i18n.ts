import { setupI18n, type I18n, type Messages } from '@lingui/core'
import { defaultLocale, type Locale } from './locales'

const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  ro: () => import('./locales/ro/messages.po'),
  en: () => import('./locales/en/messages.po'),
  fr: () => import('./locales/fr/messages.po'),
}

/** A fresh Lingui instance: one per server request, one in the browser. */
export function createI18n(): I18n {
  return setupI18n()
}

/** Loads a language's catalog (a small chunk) and makes it the active one. */
export async function activateLocale(i18n: I18n, locale: Locale = defaultLocale): Promise<void> {
  if (i18n.locale === locale) return
  const { messages } = await catalogs[locale]()
  i18n.loadAndActivate({ locale, messages })
}
