import type { AppConfig } from '../../../app.config'
import { getConfig } from '../config'
import { openDatabase } from '../db/client'
import { seedReferenceData } from '../site/reference-data'
import { Accounts } from '../auth/accounts'
import { GoogleIdTokens, GoogleSignIn } from '../auth/google'
import { TwoFactor } from '../auth/two-factor'
import { RealtimePublisher } from '../realtime/publisher'
import { DatabaseRateLimiter } from '../auth/rate-limit'
import { Mailer } from '../mail/mailer'
import { nodeWakeUpOf } from '../jobs/node-wake-up'
import { JobQueue } from '../jobs/queue'
import { createPaymentService } from '../payments'
import { createAccountArea } from '../account-area'
import { DirectBookings } from '../direct-bookings/direct-bookings'
import { createBnrFeed } from '../fx/feed'
import { FxRates } from '../fx/service'
import { RedirectRules } from '../site/redirect-rules'
import { InsurerCatalogue } from '../insurers/catalogue'
import { productDefinitions, vehicleRenewals } from '../products'
import { QuoteService } from '../quotes/service'
import { bnrFeedUrl, vehicleRegistryUrl } from '../outside-services'
import { createVehicleRegistryClient } from '../vehicles/registry-client'
import { SiteState } from '../site/site-state'
import { PageViews } from '../analytics/page-views'
import { ContactMessages } from '../contact/contact-messages'
import { CookieConsents } from '../consent/cookie-consents'
import { Partners } from '../partners/partners'
import { GuestCheckout } from '../orders/guest-checkout'
import { PolicyEndReminders } from '../orders/end-reminders'
import { END_REMINDER_DAYS } from '../renewals/reminder-schedule'
import { Renewals } from '../renewals/renewals'
import { VehicleEndReminders } from '../renewals/vehicle-reminders'
import { defineIssuanceJobs } from '../orders/issuance'
import { log } from '../log'
import { Orders } from '../orders/orders'
import { orderChangesAcrossNodes } from '../orders/change-notices'
import { PolicyChecks } from '../orders/policy-check'
import { VirtualCards } from '../orders/virtual-cards'
import type { DocumentStore, OfferSource, Payments, PolicyDocuments, PolicyIssuer } from '../orders/ports'
import { QuoteEngineIssuer, QuoteEngineOffers } from '../orders/quote-engine-parts'
import { PolicyPdfDocuments } from '../orders/policy-pdf'
import { createDocumentStore, createMemoryDocumentStore, documentStoreKind } from '../documents'
import { createApi, type Api } from './app'
import type { ApiDeps } from './deps'
import { allRoutes } from './routes'

export { API_BASE } from './app'
export type { Answer, Api } from './app'

/** Opens the database (migrated, reference data seeded) and builds what the handlers need. */
/** The purchase path's outside parts; each defaults to what is configured (tests pass their own). */
export interface PurchaseParts {
  offers?: OfferSource
  payments?: Payments
  issuer?: PolicyIssuer
  documents?: PolicyDocuments
  store?: DocumentStore
  /** Issuance attempts and their spacing (tests shorten them). */
  issuance?: { maxAttempts?: number; backoffMs?: (attempt: number) => number }
}

export async function createApiDeps(config: AppConfig, options: { dataDir?: string; memoryTemplate?: Blob | undefined; workers?: boolean; purchase?: PurchaseParts } = {}): Promise<ApiDeps> {
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: options.dataDir ?? config.DATA_DIR, memoryTemplate: options.memoryTemplate, prepare: (db) => seedReferenceData(db, { demo: config.APP_ENV !== 'production' }) })
  const limiter = new DatabaseRateLimiter(database.db)
  // The embedded database is one process's: claims it finds at start are a killed predecessor's (decision 97).
  const jobs = new JobQueue(database.db, { concurrency: config.JOB_CONCURRENCY, urgentConcurrency: config.ISSUANCE_CONCURRENCY, soleProcess: database.kind === 'pglite', nodes: nodeWakeUpOf(database) })
  const mailer = new Mailer(database.db, config, jobs)
  mailer.workInBackground()
  const events = new RealtimePublisher(config)
  const accounts = new Accounts(database.db, config, limiter, mailer, events)
  const twoFactor = new TwoFactor(database.db, config, limiter, mailer, accounts, events)
  const google = new GoogleSignIn(database.db, config, limiter, mailer, accounts, new GoogleIdTokens(config))
  const insurers = new InsurerCatalogue(database.db, config)
  const fx = new FxRates(database.db, createBnrFeed({ baseUrl: bnrFeedUrl(config) }))
  const quotes = new QuoteService(database.db, config, insurers, productDefinitions, fx)
  const payments = createPaymentService(database.db, config)
  const dataDir = options.dataDir ?? config.DATA_DIR
  const purchase = options.purchase ?? {}
  const orderDeps = {
    db: database.db,
    config,
    jobs,
    mailer,
    events,
    offers: purchase.offers ?? new QuoteEngineOffers(quotes),
    payments: purchase.payments ?? payments,
    issuer: purchase.issuer ?? new QuoteEngineIssuer(insurers),
    documents: purchase.documents ?? new PolicyPdfDocuments(config),
    store: purchase.store ?? (dataDir === ':memory:' && documentStoreKind(config) === 'files' ? createMemoryDocumentStore() : createDocumentStore({ ...config, DATA_DIR: dataDir }, database.db)),
    soleProcess: database.kind === 'pglite',
    nodes: orderChangesAcrossNodes(database),
  }
  const orders = new Orders(orderDeps)
  // Stopped with the database's connections (its listening connection is one of them). Without
  // it the long-polls still answer, from their own re-reads.
  await orders.listenAcrossNodes().catch((error: unknown) => log.warn('orders.listen_failed', { error }))
  const accountArea = createAccountArea({ db: database.db, config, jobs, mailer, events })
  const endReminders = new PolicyEndReminders({ db: database.db, jobs, mailer, events, preferences: accountArea.preferences, publicUrl: config.PUBLIC_URL })
  endReminders.defineJobs()
  accountArea.calendar.addSource((userId, locale) => endReminders.deadlines(userId, locale))
  defineIssuanceJobs({ ...orderDeps, endReminders, insurerWork: quotes.admission }, orders, purchase.issuance)
  const renewals = new Renewals({ db: database.db, jobs, quotes })
  renewals.defineJobs()
  const vehicleEndReminders = new VehicleEndReminders({ db: database.db, jobs, mailer, events, preferences: accountArea.preferences, publicUrl: config.PUBLIC_URL })
  vehicleEndReminders.defineJobs()
  accountArea.calendar.setRenewingPapers({ fields: vehicleRenewals.map((r) => r.paper.field), alarmDays: END_REMINDER_DAYS, stopped: (userId) => vehicleEndReminders.stopped(userId) })
  orderDeps.payments.onSettled((settlement) => orders.settle(settlement))
  const deps: ApiDeps = {
    config,
    database,
    site: new SiteState(database.db),
    redirects: new RedirectRules(database.db),
    limiter,
    mailer,
    jobs,
    fx,
    payments,
    accounts,
    twoFactor,
    google,
    orders,
    guestCheckout: new GuestCheckout({ db: database.db, config, limiter, mailer, accounts }),
    policyChecks: new PolicyChecks(database.db),
    virtualCards: new VirtualCards(database.db, config.PUBLIC_URL),
    insurers,
    quotes,
    vehicleRegistry: createVehicleRegistryClient({ baseUrl: vehicleRegistryUrl(config) }),
    partners: new Partners(database.db),
    contactMessages: new ContactMessages(database.db),
    cookieConsents: new CookieConsents(database.db),
    pageViews: new PageViews(database.db),
    accountArea,
    endReminders,
    renewals,
    vehicleEndReminders,
    directBookings: new DirectBookings({ db: database.db, vehicles: accountArea.vehicles, mailer, events, publicUrl: config.PUBLIC_URL }),
  }
  // Every feature defines its job kinds before the workers start, so no job waits for a kind this node does not know.
  if (options.workers !== false) {
    await renewals.scheduleSweep()
    await vehicleEndReminders.scheduleScan()
    jobs.start()
  }
  return deps
}

export function buildApi(deps: ApiDeps): Api {
  return createApi(deps, allRoutes(deps.config.BRAND_NAME))
}

let processApi: Promise<Api> | undefined
let processDeps: ApiDeps | undefined

/** The API of this process, opened on first use. The embedded database admits one per process. */
export function getProcessApi(): Promise<Api> {
  if (!processApi) {
    processApi = createApiDeps(getConfig()).then((deps) => {
      processDeps = deps
      return buildApi(deps)
    })
    // A failed start (database unreachable) is retried by the next call.
    processApi.catch(() => (processApi = undefined))
  }
  return processApi
}

/**
 * Graceful shutdown of this process's API, after the HTTP server has answered its last request:
 * the job workers stop taking jobs and the running ones finish, then the database closes.
 */
export async function closeProcessApi(): Promise<void> {
  const deps = processDeps
  if (!deps) return
  processDeps = undefined
  processApi = undefined
  await deps.jobs.stop()
  await deps.database.close()
}
