import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { NodeRequest } from 'srvx/node'
import { startTestApi, type TestApi, type TestSettings } from './api'

/** The API on a loopback port of its own (the processor posts its notifications there), with the sandbox processor. */
export async function servedApi(kind: 'pglite' | 'postgres', overrides: TestSettings = {}) {
  const served: { t?: TestApi } = {}
  // As `npm run serve` serves it: straight from node:http (src/server/serve.ts).
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => void served.t!.api.serveNode(new NodeRequest({ req, res }), res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const port = (server.address() as AddressInfo).port
  const t = await startTestApi(kind, { ...overrides, PORT: String(port) }, { sandbox: { latencyScale: 0.02 } })
  served.t = t
  return { t, close: async () => (await new Promise<void>((resolve) => server.close(() => resolve())), await t.close()) }
}


/** Waits for `check` to hold (every 50 ms; a minute at most, a bound on a hang: a busy machine is slower, not red). */
export async function until(check: () => Promise<boolean>, what: string, tries = 1200): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`timed out waiting for ${what}`)
}
