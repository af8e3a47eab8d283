/**
 * The Channels HTTP API, laid out as hosted Pusher's (`/apps/{app_id}/…`), as a fetch handler:
 * events, batch events, channel queries, presence users, terminating a user's connections.
 * Every request is signed (signing.ts); answers are JSON on success and plain-text messages on
 * failure, with Pusher's statuses (400 invalid, 401 signature, 403 app disabled, 404 unknown app
 * or path, 413 too large) and soketi's 429 with `Retry-After` over the request rate, which
 * nodes sharing Redis count together (the adapter's `takeApiRequest`).
 */
import type { RealtimeServer } from './server'
import { channelKind, isSocketId, isValidChannelName } from './protocol'
import { verifyRequest } from './signing'

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } })
const text = (status: number, message: string, headers: Record<string, string> = {}) =>
  new Response(`${message}\n`, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers } })

type Attribute = 'user_count' | 'subscription_count'

function attributes(info: unknown): Set<Attribute> {
  if (info === undefined || info === '') return new Set()
  if (typeof info !== 'string') throw new HttpError(400, 'info must be a comma-separated string')
  const wanted = new Set<Attribute>()
  for (const part of info.split(',')) {
    const name = part.trim()
    if (name !== 'user_count' && name !== 'subscription_count') throw new HttpError(400, `Unknown info attribute ${name.slice(0, 50)}: use user_count or subscription_count`)
    wanted.add(name)
  }
  return wanted
}

interface EventInput {
  channels: string[]
  name: string
  data: string
  socketId: string | undefined
  info: Set<Attribute>
}

export function createHttpApi(server: RealtimeServer): (request: Request) => Promise<Response> {
  const options = server.options

  function event(input: unknown, where: string): EventInput {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new HttpError(400, `${where}: expected a JSON object`)
    const body = input as Record<string, unknown>
    if (typeof body.name !== 'string' || body.name === '') throw new HttpError(400, `${where}: name is required`)
    if (body.name.length > options.maxEventNameLength) throw new HttpError(400, `${where}: event name longer than ${options.maxEventNameLength} characters`)
    if (typeof body.data !== 'string') throw new HttpError(400, `${where}: data is required and must be a string`)
    if (Buffer.byteLength(body.data) > options.maxEventDataBytes) throw new HttpError(413, `${where}: data larger than ${options.maxEventDataBytes} bytes`)
    const channels = Array.isArray(body.channels) ? (body.channels as unknown[]) : body.channel !== undefined ? [body.channel] : []
    if (channels.length === 0) throw new HttpError(400, `${where}: channels (or channel) is required`)
    if (channels.length > options.maxChannelsPerEvent) throw new HttpError(400, `${where}: more than ${options.maxChannelsPerEvent} channels`)
    for (const channel of channels) {
      if (!isValidChannelName(channel, options.maxChannelNameLength)) {
        throw new HttpError(400, `${where}: invalid channel name ${String(channel).slice(0, 50)} (A-Z a-z 0-9 _ - = @ , . ; and at most ${options.maxChannelNameLength} characters)`)
      }
    }
    if (body.socket_id !== undefined && !isSocketId(body.socket_id)) throw new HttpError(400, `${where}: invalid socket_id`)
    return { channels: channels as string[], name: body.name, data: body.data, socketId: body.socket_id as string | undefined, info: attributes(body.info) }
  }

  async function channelAttributes(channel: string, wanted: Set<Attribute>): Promise<Record<string, number>> {
    const out: Record<string, number> = {}
    if (wanted.has('subscription_count')) out.subscription_count = await server.subscriptionCount(channel)
    if (wanted.has('user_count') && channelKind(channel) === 'presence') out.user_count = await server.userCount(channel)
    return out
  }

  async function publish(item: EventInput): Promise<Record<string, Record<string, number>> | undefined> {
    await server.trigger(item.channels, item.name, item.data, item.socketId)
    if (item.info.size === 0) return undefined
    const out: Record<string, Record<string, number>> = {}
    for (const channel of item.channels) out[channel] = await channelAttributes(channel, item.info)
    return out
  }

  async function route(method: string, rest: string[], query: Record<string, string>, body: unknown): Promise<Response> {
    const [first, second, third, fourth] = rest
    const expect = (allowed: string) => {
      if (method !== allowed) throw new HttpError(405, `Method not allowed: use ${allowed}`, { allow: allowed })
    }
    if (first === 'events' && rest.length === 1) {
      expect('POST')
      const channels = await publish(event(body, 'event'))
      return json(channels ? { channels } : {})
    }
    if (first === 'batch_events' && rest.length === 1) {
      expect('POST')
      const batch = (body as { batch?: unknown } | null)?.batch
      if (!Array.isArray(batch) || batch.length === 0) throw new HttpError(400, 'batch: a non-empty array of events is required')
      if (batch.length > options.maxBatchSize) throw new HttpError(400, `batch: more than ${options.maxBatchSize} events`)
      const items = batch.map((item, i) => {
        const parsed = event(item, `batch[${i}]`)
        if (parsed.channels.length !== 1 || (item as { channels?: unknown }).channels !== undefined) throw new HttpError(400, `batch[${i}]: one channel per event`)
        return parsed
      })
      const answers: Record<string, number>[] = []
      for (const item of items) answers.push((await publish(item))?.[item.channels[0]!] ?? {})
      return json(items.some((item) => item.info.size > 0) ? { batch: answers } : {})
    }
    if (first === 'channels' && rest.length === 1) {
      expect('GET')
      const prefix = query.filter_by_prefix ?? ''
      const wanted = attributes(query.info)
      if (wanted.has('user_count') && !prefix.startsWith('presence-')) throw new HttpError(400, 'info=user_count needs filter_by_prefix=presence-')
      const out: Record<string, Record<string, number>> = {}
      for (const [channel, count] of await server.channelsInfo()) {
        if (count <= 0 || channel.startsWith('#') || !channel.startsWith(prefix)) continue
        out[channel] = {}
        if (wanted.has('subscription_count')) out[channel].subscription_count = count
        if (wanted.has('user_count')) out[channel].user_count = await server.userCount(channel)
      }
      return json({ channels: out })
    }
    if (first === 'channels' && second !== undefined && (rest.length === 2 || (rest.length === 3 && third === 'users'))) {
      expect('GET')
      const channel = decode(second)
      if (!isValidChannelName(channel, options.maxChannelNameLength)) throw new HttpError(400, 'Invalid channel name')
      const presence = channelKind(channel) === 'presence'
      if (third === 'users') {
        if (!presence) throw new HttpError(400, 'Users can only be listed for presence channels')
        return json({ users: [...(await server.members(channel)).keys()].map((id) => ({ id })) })
      }
      const wanted = attributes(query.info)
      if (wanted.has('user_count') && !presence) throw new HttpError(400, 'info=user_count is only available for presence channels')
      const subscriptions = await server.subscriptionCount(channel)
      return json({ occupied: subscriptions > 0, ...(await channelAttributes(channel, wanted)) })
    }
    if (first === 'users' && second !== undefined && third === 'terminate_connections' && fourth === undefined) {
      expect('POST')
      const userId = decode(second)
      if (userId === '') throw new HttpError(400, 'A user id is required')
      await server.terminateUser(userId)
      return json({})
    }
    throw new HttpError(404, 'Not found')
  }

  return async function handle(request: Request): Promise<Response> {
    try {
      const url = new URL(request.url)
      const path = url.pathname
      const parts = path.split('/')
      if (parts[1] !== 'apps' || parts.length < 4) throw new HttpError(404, 'Not found')
      if (decode(parts[2] ?? '') !== options.appId) throw new HttpError(404, 'Unknown app id')
      const body = await readBody(request, options.maxRequestBodyBytes)
      const check = verifyRequest({ method: request.method, path, rawQuery: url.search, body, key: options.key, secret: options.secret, nowS: Math.floor(Date.now() / 1000), toleranceS: options.timestampToleranceS })
      if (!check.ok) throw new HttpError(check.status, check.message)
      if (!options.appEnabled) throw new HttpError(403, 'Application is disabled')
      // Counted after the signature: requests without the secret cannot use up the publisher's allowance.
      if (options.apiRequestsPerSecond > 0) {
        const take = await server.takeApiRequest()
        if (!take.allowed) throw new HttpError(429, `Over ${options.apiRequestsPerSecond} requests a second, retry later`, { 'retry-after': String(take.retryAfterS) })
      }
      let parsed: unknown
      if (body.length > 0) {
        try {
          parsed = JSON.parse(Buffer.from(body).toString('utf8'))
        } catch {
          throw new HttpError(400, 'The body is not valid JSON')
        }
      }
      return await route(request.method, parts.slice(3), check.params, parsed)
    } catch (error) {
      if (error instanceof HttpError) return text(error.status, error.message, error.headers)
      throw error
    }
  }
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return ''
  }
}

/** The body's bytes, refusing (413) beyond `limit` without reading further. */
async function readBody(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > limit) throw new HttpError(413, `Request body larger than ${limit} bytes`)
  if (!request.body) return new Uint8Array()
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length
    if (size > limit) throw new HttpError(413, `Request body larger than ${limit} bytes`)
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}
