import type { AppConfig } from '../../../app.config'
import type { AccountArea } from '../account-area'
import type { Accounts } from '../auth/accounts'
import type { TwoFactor } from '../auth/two-factor'
import type { GoogleSignIn } from '../auth/google'
import type { RateLimiter } from '../auth/rate-limit'
import type { DatabaseHandle } from '../db/client'
import type { FxRates } from '../fx/service'
import type { InsurerCatalogue } from '../insurers/catalogue'
import type { JobQueue } from '../jobs/queue'
import type { PaymentService } from '../payments/service'
import type { Mailer } from '../mail/mailer'
import type { QuoteService } from '../quotes/service'
import type { VehicleRegistryClient } from '../vehicles/registry-client'
import type { RedirectRules } from '../site/redirect-rules'
import type { SiteState } from '../site/site-state'
import type { PageViews } from '../analytics/page-views'
import type { ContactMessages } from '../contact/contact-messages'
import type { CookieConsents } from '../consent/cookie-consents'
import type { Partners } from '../partners/partners'
import type { GuestCheckout } from '../orders/guest-checkout'
import type { Orders } from '../orders/orders'
import type { PolicyChecks } from '../orders/policy-check'
import type { PolicyEndReminders } from '../orders/end-reminders'
import type { Renewals } from '../renewals/renewals'
import type { VehicleEndReminders } from '../renewals/vehicle-reminders'
import type { DirectBookings } from '../direct-bookings/direct-bookings'
import type { VirtualCards } from '../orders/virtual-cards'

/** What the API's handlers are given: built once per process by `createApiDeps`. */
export interface ApiDeps {
  config: AppConfig
  database: DatabaseHandle
  site: SiteState
  redirects: RedirectRules
  limiter: RateLimiter
  mailer: Mailer
  /** The durable job queue; its workers run in every API process (`jobs.start()` at open). */
  jobs: JobQueue
  /** Card payments through the configured processor (`PAYMENT_PROVIDER`). */
  payments: PaymentService
  fx: FxRates
  accounts: Accounts
  twoFactor: TwoFactor
  google: GoogleSignIn
  /** Orders of every product, their payment and issuance (decisions 53-55). */
  orders: Orders
  guestCheckout: GuestCheckout
  policyChecks: PolicyChecks
  /** Reminders before a policy or vignette bought here ends (decision 68). */
  endReminders: PolicyEndReminders
  /** Prepared renewals: the sweep job and the account's "renewal ready" cards. */
  renewals: Renewals
  /** End reminders of vehicles' papers bought elsewhere that renew here (decision 160). */
  vehicleEndReminders: VehicleEndReminders
  /** The signed-in user's policy cards (`/virtualcards`). */
  virtualCards: VirtualCards
  /** The insurer catalogue and each insurer's adapter. */
  insurers: InsurerCatalogue
  /** The quote engine: fan-out, long-poll, `offerForCheckout` (decision 48). */
  quotes: QuoteService
  /** The vehicle registry (its sandbox today), for the RCA form's look-up. */
  vehicleRegistry: VehicleRegistryClient
  partners: Partners
  contactMessages: ContactMessages
  cookieConsents: CookieConsents
  pageViews: PageViews
  /** Vehicles, diaries, notes, preferences, calendar feed. */
  accountArea: AccountArea
  /** Road assistance and claims help requests (decision 70). */
  directBookings: DirectBookings
}
