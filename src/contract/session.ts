/**
 * What the web app knows about the visitor's session on every navigation. The accounts
 * feature fills it at sign-in; guards and layouts only read it. Zod-free: browser code uses it.
 */
export interface SessionUser {
  id: string
  email: string
  first_name: string
  last_name: string
  /** Whether the address is confirmed, as the provider says on each navigation (absent in the cookie's snapshot). */
  email_verified?: boolean
  /** The account has not accepted the terms in force, never or only earlier ones (absent in the cookie's snapshot): it is asked before anything else. */
  terms_pending?: 'never_accepted' | 'changed'
}

/** The provider's two-factor session check (`POST /auth/two-factor/check-active-session`). */
export interface TwoFactorState {
  is_two_factor_auth_enabled: boolean
  is_two_factor_enabled_for_user: boolean
  is_active: boolean
  is_two_factor_auth_required: boolean
}

export interface SessionView {
  user: SessionUser | null
  twoFactor: TwoFactorState | null
}

export const anonymousSession: SessionView = { user: null, twoFactor: null }

/**
 * On a 401 to a bearer that named a session: why it ended (`signed_out_elsewhere` or
 * `expired`), so the device says the right thing to its visitor.
 */
export const SESSION_END_HEADER = 'x-session-end-reason'

/** Why the web app sent a visitor to the sign-in page after their session ended. */
export type SessionEndNotice = 'inactivity' | 'signed_out'

/**
 * The two-factor page a signed-in session still owes, if any. Until it is done the provider
 * answers nothing private (decision 0015), so nothing private is asked (live updates included).
 */
export function pendingSecondStep({ user, twoFactor }: SessionView): '/account/2fa-check' | '/account/2fa' | undefined {
  if (!user || !twoFactor) return undefined
  if (twoFactor.is_two_factor_auth_enabled && twoFactor.is_two_factor_enabled_for_user && !twoFactor.is_active) return '/account/2fa-check'
  if (twoFactor.is_two_factor_auth_required && !twoFactor.is_two_factor_enabled_for_user) return '/account/2fa'
  return undefined
}
