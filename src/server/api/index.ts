import type { AppConfig } from '../../../app.config'
import { getConfig } from '../config'
import { openDatabase } from '../db/client'
import { seedReferenceData } from '../db/seed'
import { Accounts } from '../auth/accounts'
import { GoogleIdTokens, GoogleSignIn } from '../auth/google'
import { TwoFactor } from '../auth/two-factor'
import { RealtimePublisher } from '../realtime/publisher'
import { DatabaseRateLimiter } from '../auth/rate-limit'
import { Mailer } from '../mail/mailer'
import { RedirectRules } from '../site/redirect-rules'
import { SiteState } from '../site/site-state'
import { createApi, type Api } from './app'
import type { ApiDeps } from './deps'
import { allRoutes } from './routes'

export { API_BASE } from './app'
export type { Api } from './app'

/** Opens the database (migrated, reference data seeded) and builds what the handlers need. */
export async function createApiDeps(config: AppConfig, options: { dataDir?: string } = {}): Promise<ApiDeps> {
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: options.dataDir ?? config.DATA_DIR })
  await seedReferenceData(database.db, { demo: config.APP_ENV !== 'production' })
  const limiter = new DatabaseRateLimiter(database.db)
  const mailer = new Mailer(database.db, config)
  mailer.workInBackground()
  const events = new RealtimePublisher(config)
  const accounts = new Accounts(database.db, config, limiter, mailer, events)
  const twoFactor = new TwoFactor(database.db, config, limiter, mailer, accounts, events)
  const google = new GoogleSignIn(database.db, config, limiter, mailer, accounts, new GoogleIdTokens(config))
  return { config, database, site: new SiteState(database.db), redirects: new RedirectRules(database.db), limiter, mailer, accounts, twoFactor, google }
}

export function buildApi(deps: ApiDeps): Api {
  return createApi(deps, allRoutes(deps.config.BRAND_NAME))
}

let processApi: Promise<Api> | undefined

/** The API of this process, opened on first use. The embedded database admits one per process. */
export function getProcessApi(): Promise<Api> {
  if (!processApi) {
    processApi = createApiDeps(getConfig()).then(buildApi)
    // A failed start (database unreachable) is retried by the next call.
    processApi.catch(() => (processApi = undefined))
  }
  return processApi
}
