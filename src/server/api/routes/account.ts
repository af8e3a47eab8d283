import {
  AccountDeleteInput,
  AccountSessionList,
  EmailChangeInput,
  EmailConfirmInput,
  EmailConfirmResult,
  PasswordChangeInput,
  PasswordChangeResult,
  Profile,
  ProfileUpdateInput,
  RevokedSessions,
  SessionIdParams,
} from '~/contract/account'
import { Done } from '~/contract/auth'
import { AccountSecurity } from '../../auth/account-security'
import { toUser } from '../../auth/accounts'
import { Profiles, type AccountServiceDeps } from '../../auth/profile'
import type { ApiDeps } from '../deps'
import { defineRoute, signedIn } from '../route'

const services = (deps: ApiDeps): AccountServiceDeps => ({ db: deps.database.db, config: deps.config, limiter: deps.limiter, mailer: deps.mailer })
const profiles = (deps: ApiDeps) => new Profiles(services(deps))
const security = (deps: ApiDeps) => new AccountSecurity(services(deps))

/** The account holder's profile, e-mail address, password, sessions and deletion. */
export const accountRoutes = [
  defineRoute({
    method: 'GET',
    path: '/account/profile',
    tag: 'account',
    summary: 'The signed-in user.',
    auth: 'user',
    response: Profile,
    handler: ({ account }) => ({ body: toUser(signedIn(account).user) }),
  }),
  defineRoute({
    method: 'PATCH',
    path: '/account/profile',
    tag: 'account',
    summary: 'Changes the names and the phone number (a Romanian number, or empty to remove it). Other fields are ignored.',
    auth: 'user',
    body: ProfileUpdateInput,
    response: Profile,
    handler: async ({ account, body, deps }) => ({ body: await profiles(deps).update(signedIn(account).user, body) }),
  }),
  defineRoute({
    method: 'POST',
    path: '/account/email-change',
    tag: 'account',
    summary:
      'Asks to move the account to a new address: mails a single-use link (24 hours) to it and a notice to the current one. The address changes only when the link is opened. Needs the current password; rate-limited.',
    auth: 'user',
    body: EmailChangeInput,
    response: Done,
    handler: async ({ account, body, deps, locale }) => {
      await profiles(deps).requestEmailChange(signedIn(account).user, body, locale)
      return { body: { ok: true as const } }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/account/email-verification',
    tag: 'account',
    summary: 'Mails a new link confirming the account’s address (none once it is confirmed). Rate-limited.',
    auth: 'user',
    response: Done,
    handler: async ({ account, deps, locale }) => {
      await profiles(deps).resendVerification(signedIn(account).user, locale)
      return { body: { ok: true as const } }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/auth/email/confirm',
    tag: 'account',
    summary: 'Opens a mailed confirmation link: confirms the account’s address (`verify`) or applies a new one (`change`). Single use; no sign-in needed.',
    body: EmailConfirmInput,
    response: EmailConfirmResult,
    handler: async ({ body, deps }) => ({ body: await profiles(deps).confirm(body.token) }),
  }),
  defineRoute({
    method: 'POST',
    path: '/account/password',
    tag: 'account',
    summary: 'Changes the password (the current one is required; the rules of registration apply). Every other session ends; this one stays. Rate-limited.',
    auth: 'user',
    body: PasswordChangeInput,
    response: PasswordChangeResult,
    handler: async ({ account, body, deps, locale }) => {
      const { revoked } = await security(deps).changePassword(signedIn(account), body, locale)
      return { body: { ok: true as const, revoked_sessions: revoked } }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/account/sessions',
    tag: 'account',
    summary: 'The active sessions of the signed-in user (device, address, times), the current one marked and first.',
    auth: 'user',
    response: AccountSessionList,
    handler: async ({ account, deps, locale }) => ({ body: { data: await security(deps).listSessions(signedIn(account), locale) } }),
  }),
  defineRoute({
    method: 'POST',
    path: '/account/sessions/revoke-others',
    tag: 'account',
    summary: 'Ends every session of the signed-in user but the current one.',
    auth: 'user',
    response: RevokedSessions,
    handler: async ({ account, deps }) => ({ body: await security(deps).revokeOtherSessions(signedIn(account)) }),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/account/sessions/{id}',
    tag: 'account',
    summary: 'Ends one of the signed-in user’s own sessions. Any other id (another user’s, ended, unknown) answers 404.',
    auth: 'user',
    params: SessionIdParams,
    response: Done,
    handler: async ({ account, params, deps }) => {
      await security(deps).revokeSession(signedIn(account), params.id)
      return { body: { ok: true as const } }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/account/delete',
    tag: 'account',
    summary:
      'Deletes the account after the password is confirmed: personal data is erased, the e-mail address kept so sign-in and the e-mail check answer 403 `account_is_deleted`; every session ends. Rate-limited.',
    auth: 'user',
    body: AccountDeleteInput,
    response: Done,
    handler: async ({ account, body, deps, locale }) => {
      await security(deps).deleteAccount(signedIn(account), body, locale)
      return { body: { ok: true as const } }
    },
  }),
]
