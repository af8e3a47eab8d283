import { describe, expect, it } from 'vitest'
import { prettyMessage } from '~/server/i18n/api-messages'
import { localeCodes } from '~/i18n/locales'
import { translated } from '../support/catalog'

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

  it('come from the server catalog of each language', () => {
    for (const locale of localeCodes) {
      expect(prettyMessage(locale, 'not_found')).toBe(translated(locale, 'server', 'The resource you asked for does not exist.'))
      expect(prettyMessage(locale, 'too_many_requests')).toBe(translated(locale, 'server', 'Too many attempts. Please try again a little later.'))
    }
  })
})
