import { createServerFn } from '@tanstack/react-start'
import {
  AccountSessionList,
  EmailConfirmResult,
  PasswordChangeResult,
  Profile,
  RevokedSessions,
} from '~/contract/account'
import { Done, UserLookup } from '~/contract/auth'
import { getSession } from '~/server/session/session'
import { formResult, formText as text } from '~/server/web/forms'
import { callProvider } from '~/server/web/request'
import { signedInOnly } from '~/server/web/signed-in-only'

/**
 * Keeps the sealed cookie's snapshot of the user (what guards and the header read) in step
 * with the provider after the holder changed their names or address. The cookie keeps the
 * lifetime it had.
 */
async function rememberUser(user: Profile): Promise<void> {
  const current = await getSession()
  if (!current.accessToken || current.user?.id !== user.id) return
  const ttlSeconds = Math.max(60, Math.floor(((current.expiresAt ?? Date.now()) - Date.now()) / 1000))
  const session = await getSession(ttlSeconds)
  session.user = { id: user.id, email: user.email, first_name: user.first_name, last_name: user.last_name }
  await session.save()
}

export const getProfile = createServerFn({ method: 'GET' }).middleware([signedInOnly]).handler(() => callProvider('/account/profile', { schema: Profile }))

export const updateProfile = createServerFn({ method: 'POST' }).middleware([signedInOnly])
  .validator((input: Record<'first_name' | 'last_name' | 'phone_number', unknown>) => ({
    first_name: text(input.first_name, 80),
    last_name: text(input.last_name, 80),
    phone_number: text(input.phone_number, 20),
  }))
  .handler(({ data }) =>
    formResult(async () => {
      const user = await callProvider('/account/profile', { method: 'PATCH', json: data, schema: Profile })
      await rememberUser(user)
      return user
    }),
  )

export const requestEmailChange = createServerFn({ method: 'POST' }).middleware([signedInOnly])
  .validator((input: Record<'email' | 'password', unknown>) => ({ email: text(input.email, 254), password: text(input.password, 512) }))
  .handler(({ data }) => formResult(() => callProvider('/account/email-change', { method: 'POST', json: data, schema: Done })))

export const resendVerification = createServerFn({ method: 'POST' }).middleware([signedInOnly]).handler(() =>
  formResult(() => callProvider('/account/email-verification', { method: 'POST', schema: Done })),
)

/** Opens a mailed link (signed in or not); a signed-in holder's snapshot follows a changed address. */
export const confirmEmail = createServerFn({ method: 'POST' })
  .validator((input: { token: unknown }) => ({ token: text(input.token, 200) }))
  .handler(({ data }) =>
    formResult(async () => {
      const result = await callProvider('/auth/email/confirm', { method: 'POST', json: data, schema: EmailConfirmResult })
      if ((await getSession()).accessToken) {
        const { data: user } = await callProvider('/auth/user', { schema: UserLookup })
        if (user) await rememberUser(user)
      }
      return result
    }),
  )

export const changePassword = createServerFn({ method: 'POST' }).middleware([signedInOnly])
  .validator((input: Record<'current_password' | 'password' | 'password_confirmation', unknown>) => ({
    current_password: text(input.current_password, 512),
    password: text(input.password, 512),
    password_confirmation: text(input.password_confirmation, 512),
  }))
  .handler(({ data }) => formResult(() => callProvider('/account/password', { method: 'POST', json: data, schema: PasswordChangeResult })))

export const listSessions = createServerFn({ method: 'GET' }).middleware([signedInOnly]).handler(() => callProvider('/account/sessions', { schema: AccountSessionList }))

/** Ends one of the holder's sessions; any other id (another user's, already ended) answers 404. */
export const revokeSession = createServerFn({ method: 'POST' }).middleware([signedInOnly])
  .validator((input: { id: unknown }) => ({ id: text(input.id, 64) }))
  .handler(({ data }) => formResult(() => callProvider(`/account/sessions/${encodeURIComponent(data.id)}`, { method: 'DELETE', schema: Done })))

export const revokeOtherSessions = createServerFn({ method: 'POST' }).middleware([signedInOnly]).handler(() =>
  formResult(() => callProvider('/account/sessions/revoke-others', { method: 'POST', schema: RevokedSessions })),
)

/** Deletes the account at the provider, then signs this browser out. */
export const deleteAccount = createServerFn({ method: 'POST' }).middleware([signedInOnly])
  .validator((input: { password: unknown }) => ({ password: text(input.password, 512) }))
  .handler(({ data }) =>
    formResult(async () => {
      await callProvider('/account/delete', { method: 'POST', json: data, schema: Done })
      ;(await getSession()).destroy()
      return { deleted: true as const }
    }),
  )
