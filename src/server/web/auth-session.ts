import '@tanstack/react-start/server-only'
import type { AuthSession } from '~/contract/auth'
import { applyAccountPreferences } from '../web/account-preferences'
import { getSession } from '../session/session'

/**
 * Keeps a provider session in the sealed cookie: the access token (never sent to the
 * browser's JavaScript) and a snapshot of the user for the guards. The cookie lives as long
 * as the token (`access_token_ttl` × 60 s, spec §9).
 */
export async function rememberSignIn(entity: AuthSession): Promise<void> {
  const ttlSeconds = entity.access_token_ttl * 60
  const session = await getSession(ttlSeconds)
  session.accessToken = entity.access_token
  session.expiresAt = Date.now() + ttlSeconds * 1000
  const { id, email, first_name, last_name } = entity.user
  session.user = { id, email, first_name, last_name }
  await session.save()
  // The account's language and theme, on whichever device it signs in.
  await applyAccountPreferences(entity.access_token)
}
