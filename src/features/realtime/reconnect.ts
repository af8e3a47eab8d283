/**
 * When a tab tries again after pusher-js gave up on its connection (state `disconnected` or
 * `failed`; it retries network drops by itself). pusher-js gives up on close codes 4000–4099
 * (unknown app, app disabled, over quota, unauthorized: "do not reconnect unchanged", decision
 * 23) and on 4300 and above. Retrying those every second would bring every refused tab back every
 * second: the retry storm the close codes exist to prevent.
 */

/** Spec §9: after the connection is lost for good, try again after one second. */
export const RETRY_MS = 1000
/** After a refusal: a minute, doubling with each refusal in a row, up to a quarter of an hour. */
const REFUSED_FIRST_MS = 60_000
const REFUSED_MAX_MS = 15 * 60_000

/**
 * The code of an error pusher-js emits on `connection.bind('error')`: `{data: {code}}` for a
 * `pusher:error` or a close, `{error: {data: {code}}}` when it comes from a refused handshake.
 */
export function errorCode(error: unknown): number | undefined {
  const outer = error as { data?: { code?: unknown }; error?: { data?: { code?: unknown } } } | null | undefined
  const code = outer?.data?.code ?? outer?.error?.data?.code
  return typeof code === 'number' ? code : undefined
}

/** A close code asking the client not to reconnect unchanged. */
export function isRefusal(code: number | undefined): boolean {
  return code !== undefined && code >= 4000 && code <= 4099
}

/**
 * How long to wait before connecting again. `refusals`: refusals in a row, this one included.
 * The wait after a refusal is spread between half and all of its value, so tabs refused together
 * (a full node, a disabled app) do not come back together.
 */
export function retryDelayMs(code: number | undefined, refusals: number, random: () => number = Math.random): number {
  if (!isRefusal(code)) return RETRY_MS
  const full = Math.min(REFUSED_MAX_MS, REFUSED_FIRST_MS * 2 ** Math.max(0, refusals - 1))
  return Math.round(full * (0.5 + random() / 2))
}
