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
