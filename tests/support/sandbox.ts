import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { toNodeHandler } from 'srvx/node'
import { sandboxFetch } from '~/server/sandbox'
import { createInsurerSandbox, type InsurerSandbox } from '~/server/sandbox/insurers'
import { PaymentSandbox } from '~/server/sandbox/payments'

/**
 * The test sandbox insurers' clock: their failure draws include the minute a request arrives in,
 * so a fixed minute lets a test know each request's draw in advance (`outcomesOf`).
 */
export const TEST_SANDBOX_CLOCK = new Date('2026-11-24T10:00:00Z')

/** The key the test sandbox processor and every test API share. */
export const TEST_PAYMENT_SANDBOX_SECRET = 'test-sandbox-processor-key-0123456789abcdef'

export interface TestSandbox {
  /** The origin to put in `SANDBOX_URL` (`http://127.0.0.1:<port>`). */
  url: string
  insurers: InsurerSandbox
  /** The card processor, signing with the key every test API shares (`TEST_PAYMENT_SANDBOX_SECRET`). */
  payments: PaymentSandbox
  close(): Promise<void>
}

export interface TestSandboxOptions {
  /** `SANDBOX_LATENCY_SCALE` of the insurers (default 0.02: answers in 2–60 ms). */
  latencyScale?: number
}

/**
 * The sandbox services on a loopback port, as `npm run start:sandbox` serves them: the insurers
 * (with the test's latency scale, issued policies in memory) and every other service of the
 * sandbox registry.
 */
export async function startTestSandbox(options: TestSandboxOptions = {}): Promise<TestSandbox> {
  const insurers = createInsurerSandbox({ latencyScale: options.latencyScale ?? 0.02, clock: () => TEST_SANDBOX_CLOCK })
  const payments = new PaymentSandbox({ key: TEST_PAYMENT_SANDBOX_SECRET, timeScale: options.latencyScale ?? 0.02 })
  const handler = async (request: Request): Promise<Response> => {
    const { pathname } = new URL(request.url)
    if (pathname.startsWith('/sandbox/insurers/')) {
      const answer = await insurers.handle(request, pathname.slice('/sandbox'.length))
      if (answer) return answer
    }
    if (pathname.startsWith('/sandbox/payments/')) return payments.handle(request, pathname.slice('/sandbox/payments'.length))
    return (await sandboxFetch(request)) ?? new Response('Not found\n', { status: 404 })
  }
  const server: Server = createServer(toNodeHandler(handler) as (req: IncomingMessage, res: ServerResponse) => void)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    insurers,
    payments,
    close: () =>
      new Promise<void>((resolve) => {
        // Hanging insurer requests are held open on purpose: cut them.
        payments.stop()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
