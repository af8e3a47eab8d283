import { describe, expect, it } from 'vitest'
import { prettyMessage } from '~/server/api/messages'
import { localeCodes } from '~/i18n/locales'

describe('API error sentences', () => {
  it('exist in every language and differ from the key', () => {
    for (const key of ['not_found', 'validation_failed', 'maintenance', 'internal_error', 'partner_not_found', 'captcha_failed', 'redirect_invalid', 'redirect_reserved_path', 'redirect_loop', 'google_sign_in_disabled', 'google_token_invalid', 'google_email_unverified', 'google_account_mismatch', 'google_unavailable'] as const) {
      const seen = new Set<string>()
      for (const locale of localeCodes) {
        const text = prettyMessage(locale, key)
        expect(text.length).toBeGreaterThan(5)
        expect(text).not.toBe(key)
        seen.add(text)
      }
      expect(seen.size).toBe(localeCodes.length)
    }
  })
})
