import { createHash } from 'node:crypto'

/** Small helpers shared by the sandbox services (stand-ins for outside parties, decision 47). */

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers } })
}

/** `{error: {code, message}}`, the shape every sandbox answers failures with. */
export function failure(status: number, code: string, message: string): Response {
  return json({ error: { code, message } }, status)
}

/** A number in [0, 1) fixed by the text: the same identifier always gets the same answer. */
export function stableFraction(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0) / 2 ** 32
}

const MAX_DELAY_MS = 30_000

/**
 * Waits like the outside service would. Tests and demonstrations steer it with headers, as a
 * tester would with a real provider's test cases: `X-Sandbox-Delay-Ms` replaces the latency,
 * `X-Sandbox-Status` makes the call fail with that status (after the latency).
 */
export async function behaveLikeRemote(request: Request, latencyMs: number): Promise<Response | undefined> {
  const asked = Number(request.headers.get('x-sandbox-delay-ms'))
  const delay = Number.isFinite(asked) && request.headers.has('x-sandbox-delay-ms') ? Math.min(Math.max(asked, 0), MAX_DELAY_MS) : latencyMs
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay))
  const status = Number(request.headers.get('x-sandbox-status'))
  if (Number.isInteger(status) && status >= 400 && status <= 599) return failure(status, 'sandbox_forced_failure', `Failure ${status} asked for by X-Sandbox-Status.`)
  return undefined
}

export function methodNotAllowed(allowed: string): Response {
  return new Response(JSON.stringify({ error: { code: 'method_not_allowed', message: `Use ${allowed}.` } }), {
    status: 405,
    headers: { 'content-type': 'application/json; charset=utf-8', allow: allowed },
  })
}
