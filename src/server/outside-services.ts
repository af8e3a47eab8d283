import type { AppConfig } from '../../app.config'

/**
 * Where the server reaches each outside party: the one place that wires their base URLs. Today
 * every party but NETOPIA and BNR is a local sandbox service (`src/server/sandbox`, decision 47),
 * answered under `/sandbox/<service>` by this server when `SANDBOX_ENABLED` or by
 * `npm run start:sandbox` at `SANDBOX_URL`; a real provider later changes only its line here.
 * Production code imports this file, never the sandbox itself (decision 120).
 */
export type OutsideServicesConfig = Pick<AppConfig, 'SANDBOX_URL' | 'SANDBOX_ENABLED' | 'BNR_FEED_URL' | 'PORT' | 'HOST'>

/**
 * The sandboxes' origin: `SANDBOX_URL`, else this server's own port on loopback (the web app
 * serves them when `SANDBOX_ENABLED`). No trailing slash.
 */
export function sandboxBaseUrl(config: Pick<AppConfig, 'SANDBOX_URL' | 'PORT' | 'HOST'>): string {
  if (config.SANDBOX_URL) return config.SANDBOX_URL.replace(/\/+$/, '')
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST
  return `http://${host}:${config.PORT}`
}

type Origin = Pick<AppConfig, 'SANDBOX_URL' | 'PORT' | 'HOST'>

/** The claims history (AIDA) the RCA bonus-malus class is read from. */
export const claimsHistoryUrl = (config: Origin) => sandboxBaseUrl(config)
/** The PAID pool's register of PAD policies. */
export const padRegisterUrl = (config: Origin) => sandboxBaseUrl(config)
/** The vehicle registry (DRPCIV) the account area's vehicles are read from. */
export const vehicleRegistryUrl = (config: Origin) => sandboxBaseUrl(config)
/** The insurers' web services behind the catalogue's `sandbox` adapter. */
export const sandboxInsurersUrl = (config: Origin) => sandboxBaseUrl(config)
/** The sandbox card processor (when `PAYMENT_PROVIDER` is not `netopia`). */
export const sandboxPaymentsUrl = (config: Origin) => sandboxBaseUrl(config)

/** BNR's feed: `BNR_FEED_URL`, else the BNR sandbox where the sandboxes run, else www.bnr.ro. */
export function bnrFeedUrl(config: OutsideServicesConfig): string {
  if (config.BNR_FEED_URL) return config.BNR_FEED_URL
  return config.SANDBOX_ENABLED || config.SANDBOX_URL ? `${sandboxBaseUrl(config)}/sandbox/bnr` : 'https://www.bnr.ro'
}
