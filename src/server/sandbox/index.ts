import { bnrSandboxService } from './bnr'
import { claimsHistoryService } from './claims-history'
import { insurerSandboxService } from './insurers'
import { paymentSandboxService } from './payments'
import { vehicleRegistryService } from './vehicle-registry'

/**
 * The sandbox services: local HTTP stand-ins for outside parties (decision 47), each under
 * `/sandbox/<service>/`, served by the web app when `SANDBOX_ENABLED` (development and test by
 * default) or alone by `npm run start:sandbox`. The server's clients reach them at `SANDBOX_URL`
 * over real HTTP, so a real provider later replaces only a base URL or an adapter.
 */

/** Answers one request; `path` is what follows `/sandbox/<service>` (`/persons/1630615123457`). */
export type SandboxService = (request: Request, path: string) => Promise<Response>

export const SANDBOX_PREFIX = '/sandbox/'

/** The registry: add a service here (insurers, payments, BNR …). */
const services: Record<string, SandboxService> = {
  bnr: bnrSandboxService,
  'claims-history': claimsHistoryService,
  'vehicle-registry': vehicleRegistryService,
  insurers: insurerSandboxService,
  payments: paymentSandboxService,
}

export function isSandboxPath(pathname: string): boolean {
  return pathname.startsWith(SANDBOX_PREFIX)
}

/** The sandbox's answer, or undefined when the path is not a sandbox service's. */
export async function sandboxFetch(request: Request): Promise<Response | undefined> {
  const { pathname } = new URL(request.url)
  if (!isSandboxPath(pathname)) return undefined
  const rest = pathname.slice(SANDBOX_PREFIX.length)
  const slash = rest.indexOf('/')
  const name = slash < 0 ? rest : rest.slice(0, slash)
  const service = Object.hasOwn(services, name) ? services[name] : undefined
  if (!service) return undefined
  try {
    return await service(request, slash < 0 ? '/' : rest.slice(slash))
  } catch {
    // A malformed escape in the path, say: a remote service answers 400, it does not crash.
    return new Response(JSON.stringify({ error: { code: 'bad_request', message: 'Malformed request.' } }), { status: 400, headers: { 'content-type': 'application/json' } })
  }
}

export function sandboxServiceNames(): string[] {
  return Object.keys(services)
}
