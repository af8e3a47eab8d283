import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { AccountPreferences, AccountPreferencesPatch } from '~/contract/account-area'
import { defaultReminderRouting, type ReminderKind, type ReminderRouting } from '~/contract/account-area-constants'
import { isLocale } from '~/i18n/locales'
import type { Database } from '../db/client'
import { userPreferences, users } from '../db/schema'

type Changes = z.output<typeof AccountPreferencesPatch>

/**
 * The account's preferences: the language lives on the user (mail uses it too), the rest in
 * `user_preferences`; a user without a row has the defaults. The web app applies language and
 * theme at every sign-in, so they follow the account to any device.
 */
export class Preferences {
  constructor(private readonly db: Database) {}

  async get(userId: string): Promise<AccountPreferences> {
    const [row] = await this.db
      .select({ locale: users.locale, prefs: userPreferences })
      .from(users)
      .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
      .where(eq(users.id, userId))
    const prefs = row?.prefs
    return {
      language: row && isLocale(row.locale) ? row.locale : 'ro',
      theme: prefs?.theme ?? 'system',
      reminders: { ...defaultReminderRouting, ...(prefs?.reminders ?? {}) },
      marketing_consent: prefs?.marketingConsent ?? false,
      marketing_consent_at: prefs?.marketingConsentAt?.toISOString() ?? null,
    }
  }

  async update(userId: string, changes: Changes): Promise<AccountPreferences> {
    const current = await this.get(userId)
    await this.db.transaction(async (tx) => {
      if (changes.language && changes.language !== current.language) await tx.update(users).set({ locale: changes.language, updatedAt: new Date() }).where(eq(users.id, userId))
      const consentChanged = changes.marketing_consent !== undefined && changes.marketing_consent !== current.marketing_consent
      const values = {
        theme: changes.theme ?? current.theme,
        reminders: { ...current.reminders, ...(changes.reminders ?? {}) } as ReminderRouting,
        marketingConsent: changes.marketing_consent ?? current.marketing_consent,
        // The date changes only when the answer does: it proves when consent was given or withdrawn.
        marketingConsentAt: consentChanged ? new Date() : current.marketing_consent_at ? new Date(current.marketing_consent_at) : null,
        updatedAt: new Date(),
      }
      await tx
        .insert(userPreferences)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: userPreferences.userId, set: values })
    })
    return this.get(userId)
  }

  async routing(userId: string, kind: ReminderKind): Promise<{ email: boolean; notification_centre: boolean }> {
    return (await this.get(userId)).reminders[kind]
  }
}
