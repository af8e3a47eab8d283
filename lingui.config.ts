import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

export default defineConfig({
  sourceLocale: 'en',
  locales: ['ro', 'en', 'fr'],
  fallbackLocales: { default: 'ro' },
  catalogs: [{ path: '<rootDir>/src/i18n/locales/{locale}/messages', include: ['src'], exclude: ['**/node_modules/**', 'src/server/**'] }],
  format: formatter({ lineNumbers: false }),
})
