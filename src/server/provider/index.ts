import { getConfig } from '../config'
import { getProcessApi } from '../api'
import { httpTransport, inProcessTransport, ProviderClient, type Transport } from './client'

export { MaintenanceError, ProviderClient, ProviderError, StatusesStore } from './client'
export type { Transport } from './client'

let transport: Transport | undefined
let shared: ProviderClient | undefined

/**
 * How this process reaches the provider API: over HTTP when `PROVIDER_API_URL` is set, otherwise
 * in-process against the API mounted in this same server. Raw answers (a PDF, a CSV) are read
 * through it as they are; everything else through `providerClient()`.
 */
export function providerTransport(): Transport {
  if (!transport) {
    const url = getConfig().PROVIDER_API_URL
    transport = url ? httpTransport(url) : inProcessTransport(getProcessApi)
  }
  return transport
}

/** The provider client of this process, over `providerTransport()`. */
export function providerClient(): ProviderClient {
  shared ??= new ProviderClient(providerTransport())
  return shared
}
