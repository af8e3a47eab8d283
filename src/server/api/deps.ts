import type { AppConfig } from '../../../app.config'
import type { DatabaseHandle } from '../db/client'
import type { SiteState } from '../site/site-state'

/** What the API's handlers are given: built once per process by `createApiDeps`. */
export interface ApiDeps {
  config: AppConfig
  database: DatabaseHandle
  site: SiteState
}
