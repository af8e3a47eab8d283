/**
 * The signatures of the Pusher protocol: channel authorization, user sign-in, REST request
 * signing and webhook bodies. All HMAC-SHA256 with the app secret, compared in constant time.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

export function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex')
}

export function md5Hex(body: string | Uint8Array): string {
  return createHash('md5').update(body).digest('hex')
}

/** Constant-time string equality (lengths are not secret). */
export function safeEqual(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * `auth` for a private, encrypted or presence channel: `key:HMAC(socket_id:channel[:channel_data])`.
 * `channelData` is the exact JSON string sent to the client, signed byte for byte.
 */
export function channelAuth(key: string, secret: string, socketId: string, channel: string, channelData?: string): string {
  const text = channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`
  return `${key}:${hmacHex(secret, text)}`
}

/** `auth` for `pusher:signin`: `key:HMAC(socket_id::user::user_data)`. */
export function userAuth(key: string, secret: string, socketId: string, userData: string): string {
  return `${key}:${hmacHex(secret, `${socketId}::user::${userData}`)}`
}

/** `X-Pusher-Signature` of a webhook: HMAC of the raw body. */
export function webhookSignature(secret: string, body: string): string {
  return hmacHex(secret, body)
}

export type RequestCheck = { ok: true; params: Record<string, string> } | { ok: false; status: 401; message: string }

/**
 * Checks a signed REST request (Pusher's "auth_signature" scheme):
 * `HMAC(secret, METHOD \n path \n sorted query without auth_signature)`, with `auth_key`,
 * `auth_timestamp` within `toleranceS` of now, `auth_version` 1.0 and, for a non-empty body,
 * `body_md5` equal to the MD5 of the body's bytes. The query is read unescaped, as it was signed.
 */
export function verifyRequest(input: {
  method: string
  path: string
  rawQuery: string
  body: Uint8Array
  key: string
  secret: string
  nowS: number
  toleranceS: number
}): RequestCheck {
  const params: Record<string, string> = {}
  for (const pair of input.rawQuery.replace(/^\?/, '').split('&')) {
    if (pair === '') continue
    const eq = pair.indexOf('=')
    const rawKey = eq === -1 ? pair : pair.slice(0, eq)
    const rawValue = eq === -1 ? '' : pair.slice(eq + 1)
    let name: string
    let value: string
    try {
      name = decodeURIComponent(rawKey).toLowerCase()
      value = decodeURIComponent(rawValue)
    } catch {
      return { ok: false, status: 401, message: 'Malformed query string' }
    }
    params[name] = value
  }
  const fail = (message: string): RequestCheck => ({ ok: false, status: 401, message })
  if (params.auth_key === undefined || params.auth_signature === undefined || params.auth_timestamp === undefined || params.auth_version === undefined) {
    return fail('Missing authentication parameters: auth_key, auth_timestamp, auth_version and auth_signature are required')
  }
  if (!safeEqual(params.auth_key, input.key)) return fail('Unknown auth_key')
  if (params.auth_version !== '1.0') return fail('Unsupported auth_version')
  const timestamp = Number(params.auth_timestamp)
  if (!/^\d+$/.test(params.auth_timestamp) || Math.abs(input.nowS - timestamp) > input.toleranceS) {
    return fail(`Timestamp expired: given timestamp is not within ${input.toleranceS} s of the server time`)
  }
  if (input.body.length > 0) {
    if (params.body_md5 === undefined || !safeEqual(params.body_md5, md5Hex(input.body))) return fail('The body_md5 parameter does not match the body')
  } else if (params.body_md5 !== undefined && !safeEqual(params.body_md5, md5Hex(input.body))) {
    return fail('The body_md5 parameter does not match the body')
  }
  const signature = params.auth_signature
  const signed = Object.keys(params)
    .filter((k) => k !== 'auth_signature')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&')
  const expected = hmacHex(input.secret, `${input.method.toUpperCase()}\n${input.path}\n${signed}`)
  if (!safeEqual(signature, expected)) return fail('Invalid signature: you should have sent HmacSHA256Hex(string_to_sign, secret)')
  return { ok: true, params }
}
