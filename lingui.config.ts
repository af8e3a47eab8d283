import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

// Three catalogs per language, one extraction: `messages` holds the pages' words (the browser
// loads it on first load), `fields` the form fields' sentences (src/contract/field-messages: the
// browser loads it with a form's schema, on first use, decision 128) and `server` the words only
// the server writes (mails, iCal, API sentences, documents), so the browser never downloads them.
// The server loads all three (src/server/i18n).
export default defineConfig({
  sourceLocale: 'en',
  locales: ['ro', 'en', 'fr'],
  fallbackLocales: { default: 'ro' },
  catalogs: [
    { path: '<rootDir>/src/i18n/locales/{locale}/messages', include: ['src'], exclude: ['**/node_modules/**', 'src/server/**', 'src/contract/field-messages/**'] },
    { path: '<rootDir>/src/i18n/locales/{locale}/fields', include: ['src/contract/field-messages'], exclude: ['**/node_modules/**'] },
    { path: '<rootDir>/src/i18n/locales/{locale}/server', include: ['src/server'], exclude: ['**/node_modules/**'] },
  ],
  format: formatter({ lineNumbers: false }),
})
