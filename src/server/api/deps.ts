import type { AppConfig } from '../../../app.config'
import type { Accounts } from '../auth/accounts'
import type { TwoFactor } from '../auth/two-factor'
import type { GoogleSignIn } from '../auth/google'
import type { RateLimiter } from '../auth/rate-limit'
import type { DatabaseHandle } from '../db/client'
import type { Mailer } from '../mail/mailer'
import type { RedirectRules } from '../site/redirect-rules'
import type { SiteState } from '../site/site-state'

/** What the API's handlers are given: built once per process by `createApiDeps`. */
export interface ApiDeps {
  config: AppConfig
  database: DatabaseHandle
  site: SiteState
  redirects: RedirectRules
  limiter: RateLimiter
  mailer: Mailer
  accounts: Accounts
  twoFactor: TwoFactor
  google: GoogleSignIn
}
