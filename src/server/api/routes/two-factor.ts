import { z } from 'zod'
import {
  CheckActiveSessionInput,
  DisableInput,
  GenerateCodeInput,
  GenerateCodeResult,
  RecoveryRemoveResult,
  RemoveInput,
  RemoveResult,
  TWO_FACTOR_PROVIDERS,
  TwoFactorProviders,
  TwoFactorQrCode,
  TwoFactorSessionState,
  UserTwoFactorProvider,
  VerifyCodeInput,
  VerifyCodeResult,
} from '~/contract/two-factor'
import { requestMeta } from '../request-meta'
import { defineRoute, signedIn } from '../route'
import { requireCaptcha } from './engagement'

/** The spec passes `token` on these GET calls too; the bearer authenticates them, so it is accepted and not required. */
const optionalToken = z.object({ token: z.string().max(4096).optional() })

/** Two-step sign-in (spec §4, §7). Every call but the provider list needs the bearer; a session waiting for its code may make them. */
export const twoFactorRoutes = [
  defineRoute({
    method: 'GET',
    path: '/two-factor-auth-providers',
    tag: 'two-factor',
    summary: 'The second factors on offer: an authenticator app (TOTP) and a code by e-mail.',
    response: TwoFactorProviders,
    handler: ({ deps }) => ({
      body: { data: deps.config.TWO_FACTOR_ENABLED ? TWO_FACTOR_PROVIDERS.map((code) => ({ code, is_default: code === 'authenticator' })) : [] },
    }),
  }),
  defineRoute({
    method: 'GET',
    path: '/two-factor-auth-providers/user',
    tag: 'two-factor',
    summary: 'The second factor the signed-in user set up, or null.',
    auth: 'user',
    beforeSecondFactor: true,
    query: optionalToken,
    response: UserTwoFactorProvider,
    handler: async ({ account, deps }) => ({ body: { data: await deps.twoFactor.userProvider(signedIn(account).user.id) } }),
  }),
  defineRoute({
    method: 'GET',
    path: '/auth/two-factor/generate-qr-code',
    tag: 'two-factor',
    summary: 'Starts an authenticator enrolment: a new secret, its otpauth URI and QR code (SVG). 409 when two-factor is already on.',
    auth: 'user',
    beforeSecondFactor: true,
    query: optionalToken,
    response: TwoFactorQrCode,
    handler: async ({ account, deps }) => ({ body: await deps.twoFactor.beginAuthenticator(signedIn(account)) }),
  }),
  defineRoute({
    method: 'POST',
    path: '/auth/two-factor/generate-code',
    tag: 'two-factor',
    summary: 'Mails a six-digit code, valid 10 minutes: the second step of an e-mail user, the proof of the address at e-mail enrolment, or (`purpose: confirm`) a confirmation of a security change.',
    auth: 'user',
    beforeSecondFactor: true,
    body: GenerateCodeInput,
    response: GenerateCodeResult,
    handler: async (ctx) => {
      await requireCaptcha(ctx.body.token, ctx)
      return { body: await ctx.deps.twoFactor.sendEmailCode(signedIn(ctx.account), ctx.body.purpose, requestMeta(ctx, ctx.body)) }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/auth/two-factor/verify-code',
    tag: 'two-factor',
    summary:
      'Checks a code: the second step of this sign-in, or the end of an enrolment, which also needs the current `password` (422 on `password` without it; the answer then holds the recovery key, shown once). The session is replaced by a new one: keep the new `access_token`.',
    auth: 'user',
    beforeSecondFactor: true,
    body: VerifyCodeInput,
    response: VerifyCodeResult,
    handler: async (ctx) => {
      await requireCaptcha(ctx.body.token, ctx)
      return { body: await ctx.deps.twoFactor.verify(signedIn(ctx.account), ctx.body, requestMeta(ctx, ctx.body)) }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/auth/two-factor/check-active-session',
    tag: 'two-factor',
    summary: 'Where this session stands: two-factor on site-wide and for the user, whether this session passed it, whether it is required.',
    auth: 'user',
    beforeSecondFactor: true,
    readsOnly: true,
    body: CheckActiveSessionInput,
    response: TwoFactorSessionState,
    handler: ({ account, deps }) => ({ body: deps.twoFactor.state(signedIn(account)) }),
  }),
  defineRoute({
    method: 'POST',
    path: '/auth/two-factor/remove',
    tag: 'two-factor',
    summary:
      'Turns two-factor off with the recovery key (a lost device). The key is spent, and the session is replaced by a new one: keep the new `access_token`. A wrong key is a 422 on `recovery_key`.',
    auth: 'user',
    beforeSecondFactor: true,
    body: RemoveInput,
    response: RecoveryRemoveResult,
    handler: async (ctx) => {
      await requireCaptcha(ctx.body.token, ctx)
      return { body: await ctx.deps.twoFactor.removeWithRecoveryKey(signedIn(ctx.account), ctx.body.recovery_key, requestMeta(ctx)) }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/auth/two-factor/disable',
    tag: 'two-factor',
    summary: 'Turns two-factor off from the security page, confirmed by the current password or a fresh code (app code, or an e-mailed `confirm` code).',
    auth: 'user',
    body: DisableInput,
    response: RemoveResult,
    handler: async ({ account, body, deps }) => ({ body: await deps.twoFactor.disable(signedIn(account), body) }),
  }),
]
