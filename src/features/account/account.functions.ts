import { createServerFn } from '@tanstack/react-start'
import {
  AccountDeleteInput,
  AccountSessionList,
  EmailChangeInput,
  EmailConfirmInput,
  EmailConfirmResult,
  NoFieldsInput,
  PasswordChangeInput,
  ProfileUpdateInput,
  SessionIdParams,
  PasswordChangeResult,
  Profile,
  RevokedSessions,
} from '~/contract/account'
import { Done, UserLookup } from '~/contract/auth'
import { getSession } from '~/server/session/session'
import { answerForm, formInput } from '~/server/web/forms'
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
  .validator(formInput(ProfileUpdateInput))
  .handler(({ data }) =>
    answerForm(data, async (input) => {
      const user = await callProvider('/account/profile', { method: 'PATCH', json: input, schema: Profile })
      await rememberUser(user)
      return user
    }),
  )

export const requestEmailChange = createServerFn({ method: 'POST' }).middleware([signedInOnly])
  .validator(formInput(EmailChangeInput))
  .handler(({ data }) => answerForm(data, (input) => callProvider('/account/email-change', { method: 'POST', json: input, schema: Done })))

export const resendVerification = createServerFn({ method: 'POST' }).middleware([signedInOnly])
  .validator(formInput(NoFieldsInput))
  .handler(({ data }) => answerForm(data, () => callProvider('/account/email-verification', { method: 'POST', schema: Done })))

/**
 * Opens a mailed link (signed in or not); a signed-in holder's snapshot follows a changed address.
 * Posted without JavaScript, the browser lands on the page again with what was done in its
 * search (never the address itself).
 */
export const confirmEmail = createServerFn({ method: 'POST' })
  .validator(formInput(EmailConfirmInput))
  .handler(({ data }) =>
    answerForm(
      data,
      async (input) => {
        const result = await callProvider('/auth/email/confirm', { method: 'POST', json: input, schema: EmailConfirmResult })
        if ((await getSession()).accessToken) {
          const { data: user } = await callProvider('/auth/user', { schema: UserLookup })
          if (user) await rememberUser(user)
        }
        return result
      },
      { done: (result) => `/confirm-email?confirmed=${result.purpose}` },
    ),
  )

export const changePassword = createServerFn({ method: 'POST' }).middleware([signedInOnly])
  .validator(formInput(PasswordChangeInput))
  .handler(({ data }) => answerForm(data, (input) => callProvider('/account/password', { method: 'POST', json: input, schema: PasswordChangeResult })))

export const listSessions = createServerFn({ method: 'GET' }).middleware([signedInOnly]).handler(() => callProvider('/account/sessions', { schema: AccountSessionList }))

/** Ends one of the holder's sessions; any other id (another user's, already ended) answers 404. */
export const revokeSession = createServerFn({ method: 'POST' }).middleware([signedInOnly])
  .validator(formInput(SessionIdParams))
  .handler(({ data }) => answerForm(data, (input) => callProvider(`/account/sessions/${encodeURIComponent(input.id)}`, { method: 'DELETE', schema: Done })))

export const revokeOtherSessions = createServerFn({ method: 'POST' }).middleware([signedInOnly])
  .validator(formInput(NoFieldsInput))
  .handler(({ data }) => answerForm(data, () => callProvider('/account/sessions/revoke-others', { method: 'POST', schema: RevokedSessions })))

/** Deletes the account at the provider, then signs this browser out. */
export const deleteAccount = createServerFn({ method: 'POST' }).middleware([signedInOnly])
  .validator(formInput(AccountDeleteInput))
  .handler(({ data }) =>
    answerForm(data, async (input) => {
      await callProvider('/account/delete', { method: 'POST', json: input, schema: Done })
      ;(await getSession()).destroy()
      return { deleted: true as const }
    }),
  )
