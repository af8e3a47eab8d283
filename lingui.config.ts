import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

// Two catalogs per language, one extraction: `messages` holds the pages' words (the browser loads
// it), `server` the words only the server writes (mails, iCal, API sentences, documents), so the
// browser never downloads them. The server loads both (src/server/i18n).
export default defineConfig({
  sourceLocale: 'en',
  locales: ['ro', 'en', 'fr'],
  fallbackLocales: { default: 'ro' },
  catalogs: [
    { path: '<rootDir>/src/i18n/locales/{locale}/messages', include: ['src'], exclude: ['**/node_modules/**', 'src/server/**'] },
    { path: '<rootDir>/src/i18n/locales/{locale}/server', include: ['src/server'], exclude: ['**/node_modules/**'] },
  ],
  format: formatter({ lineNumbers: false }),
})
