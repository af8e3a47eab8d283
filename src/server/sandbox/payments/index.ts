import { getConfig } from '~/server/config'
import { sandboxProcessorKey } from '~/server/payments/signature'
import { PaymentSandbox } from './service'

export { PaymentSandbox, SANDBOX_3DS_CODE, SANDBOX_TEST_CARDS, type PaymentSandboxOptions } from './service'

let processSandbox: PaymentSandbox | undefined

/** The sandbox registry's entry: `path` follows `/sandbox/payments`. One processor per process, on the configuration. */
export async function paymentSandboxService(request: Request, path: string): Promise<Response> {
  const config = getConfig()
  processSandbox ??= new PaymentSandbox({ key: sandboxProcessorKey(config), publicBase: config.PUBLIC_URL ? `${config.PUBLIC_URL}/sandbox/payments` : undefined, dataDir: config.DATA_DIR, timeScale: config.SANDBOX_LATENCY_SCALE })
  return processSandbox.handle(request, path)
}
