import { and, eq, isNull } from 'drizzle-orm'
import type { Database } from '../db/client'
import { emailConfirmations } from '../db/schema'
import { generateSessionToken, hashToken } from './secrets'

/** A mailed confirmation link works for a day, once. */
export const EMAIL_CONFIRMATION_TTL_MS = 24 * 60 * 60_000

export type ConfirmationPurpose = 'verify' | 'change'

/** The page a confirmation link opens; it works signed in or not. */
export function confirmationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/confirm-email?${new URLSearchParams({ token })}`
}

/**
 * Stores a new single-use confirmation of `email` for a user (only the SHA-256 of its 256-bit
 * token) and answers the link to mail. A new `change` replaces any pending one: only the
 * address asked for last can be confirmed.
 */
export async function issueEmailConfirmation(
  db: Database,
  publicUrl: string,
  input: { userId: string; email: string; purpose: ConfirmationPurpose },
  now = Date.now(),
): Promise<string> {
  const token = generateSessionToken()
  if (input.purpose === 'change') {
    await db
      .update(emailConfirmations)
      .set({ usedAt: new Date(now) })
      .where(and(eq(emailConfirmations.userId, input.userId), eq(emailConfirmations.purpose, 'change'), isNull(emailConfirmations.usedAt)))
  }
  await db.insert(emailConfirmations).values({
    tokenHash: hashToken(token),
    userId: input.userId,
    email: input.email,
    purpose: input.purpose,
    expiresAt: new Date(now + EMAIL_CONFIRMATION_TTL_MS),
  })
  return confirmationLink(publicUrl, token)
}
