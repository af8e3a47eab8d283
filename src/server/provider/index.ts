import { getConfig } from '../config'
import { getProcessApi } from '../api'
import { httpTransport, inProcessTransport, ProviderClient } from './client'

export { MaintenanceError, ProviderClient, ProviderError, StatusesStore } from './client'

let shared: ProviderClient | undefined

/**
 * The provider client of this process: over HTTP when `PROVIDER_API_URL` is set, otherwise
 * in-process against the API mounted in this same server.
 */
export function providerClient(): ProviderClient {
  if (!shared) {
    const url = getConfig().PROVIDER_API_URL
    shared = new ProviderClient(url ? httpTransport(url) : inProcessTransport(getProcessApi))
  }
  return shared
}
