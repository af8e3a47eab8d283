/**
 * The sandbox insurers as a sandbox service (`/sandbox/insurers/…`, see `service.ts`): one
 * instance per process, built from the configuration on first use. Products join through
 * `sandboxPricers`.
 */
import { getConfig } from '~/server/config'
import { houseSandboxPricer, huVignetteSandboxPricer, roVignetteSandboxPricer, travelSandboxPricer } from './other-products'
import { rcaSandboxPricer } from './rca'
import { InsurerSandbox, type SandboxPricer } from './service'

export { InsurerSandbox, type InsurerSandboxOptions, type SandboxPricer, type SandboxPrice } from './service'
export { quoteBehaviour, quoteReference, type SandboxTry } from './behaviour'

/** How each product is priced at the sandbox insurers. */
export const sandboxPricers: Record<string, SandboxPricer<never>> = {
  rca: rcaSandboxPricer as SandboxPricer<never>,
  travel: travelSandboxPricer as SandboxPricer<never>,
  'house-insurance': houseSandboxPricer as SandboxPricer<never>,
  'ro-vignette': roVignetteSandboxPricer as SandboxPricer<never>,
  'hu-vignette': huVignetteSandboxPricer as SandboxPricer<never>,
}

/** An insurer sandbox with the configuration's latency scale and failures (tests pass their own). */
export function createInsurerSandbox(options: { latencyScale: number; dataDir?: string | undefined; clock?: () => Date; failures?: 'drawn' | 'none' }): InsurerSandbox {
  return new InsurerSandbox({ pricers: sandboxPricers, ...options })
}

let processSandbox: InsurerSandbox | undefined

/** The sandbox registry's entry: `path` follows `/sandbox/insurers`. */
export async function insurerSandboxService(request: Request, path: string): Promise<Response> {
  const config = getConfig()
  processSandbox ??= createInsurerSandbox({ latencyScale: config.SANDBOX_LATENCY_SCALE, failures: config.SANDBOX_INSURER_FAILURES, dataDir: config.DATA_DIR })
  return (await processSandbox.handle(request, `/insurers${path}`)) ?? new Response(JSON.stringify({ error: { code: 'not_found', message: 'No such endpoint.' } }), { status: 404, headers: { 'content-type': 'application/json' } })
}
