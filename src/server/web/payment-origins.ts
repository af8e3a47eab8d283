import type { AppConfig } from '../../../app.config'
import { sandboxPaymentsUrl } from '../outside-services'

/**
 * The origins the browser may be sent to for paying: the configured processor's, nothing else
 * (the redirect page refuses any other URL, and the page policy's `form-action` names only these).
 */
export function paymentOrigins(config: Pick<AppConfig, 'PAYMENT_PROVIDER' | 'NETOPIA_API_URL' | 'SANDBOX_URL' | 'PORT' | 'HOST' | 'PUBLIC_URL'>): string[] {
  if (config.PAYMENT_PROVIDER === 'netopia') return config.NETOPIA_API_URL ? [new URL(config.NETOPIA_API_URL).origin] : []
  const origins = [new URL(sandboxPaymentsUrl(config)).origin]
  if (config.PUBLIC_URL) origins.push(new URL(config.PUBLIC_URL).origin)
  return [...new Set(origins)]
}
