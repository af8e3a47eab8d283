/**
 * Webhooks as Pusher sends them: `POST {time_ms, events: [...]}` with `Content-Type:
 * application/json` (exactly), `X-Pusher-Key` and `X-Pusher-Signature` (HMAC-SHA256 of the
 * raw body). Events are batched for a short while; a failed delivery (network error or a
 * non-2xx answer) is retried with exponential back-off. Kept in memory: a node that stops
 * loses what it had not delivered yet.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { log } from '../log'
import { webhookSignature } from './signing'

export type WebhookEvent =
  | { name: 'channel_occupied' | 'channel_vacated' | 'cache_miss'; channel: string }
  | { name: 'member_added' | 'member_removed'; channel: string; user_id: string }
  | { name: 'client_event'; channel: string; event: string; data: string; socket_id: string; user_id?: string }

export interface WebhookTarget {
  url: string
  batchMs: number
  maxBatch: number
  retries: number
}

export class WebhookSender {
  private queue: WebhookEvent[] = []
  private timer: NodeJS.Timeout | undefined
  private readonly inFlight = new Set<Promise<void>>()
  private closed = false
  private readonly stopping = new AbortController()

  constructor(
    private readonly target: WebhookTarget,
    private readonly key: string,
    private readonly secret: string,
  ) {}

  send(event: WebhookEvent): void {
    if (this.closed) return
    this.queue.push(event)
    if (this.queue.length >= this.target.maxBatch) this.flush()
    else this.timer ??= setTimeout(() => this.flush(), this.target.batchMs)
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    if (this.queue.length === 0) return
    const events = this.queue
    this.queue = []
    const body = JSON.stringify({ time_ms: Date.now(), events })
    const delivery = this.deliver(body, events.length).finally(() => this.inFlight.delete(delivery))
    this.inFlight.add(delivery)
  }

  private async deliver(body: string, count: number): Promise<void> {
    const headers = { 'content-type': 'application/json', 'x-pusher-key': this.key, 'x-pusher-signature': webhookSignature(this.secret, body) }
    for (let attempt = 0; attempt <= this.target.retries; attempt++) {
      if (attempt > 0) {
        const waited = await sleep(Math.min(60_000, 500 * 2 ** (attempt - 1)), true, { signal: this.stopping.signal }).catch(() => false)
        if (!waited) break
      }
      try {
        const response = await fetch(this.target.url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) })
        await response.arrayBuffer()
        if (response.ok) return
        log.warn('realtime.webhook_refused', { status: response.status, attempt, events: count })
      } catch (error) {
        log.warn('realtime.webhook_failed', { attempt, events: count, message: error instanceof Error ? error.message : String(error) })
      }
    }
    log.error('realtime.webhook_dropped', { events: count })
  }

  /** Sends what is queued and waits for deliveries under way (without further retries). */
  async close(): Promise<void> {
    this.flush()
    this.closed = true
    this.stopping.abort()
    await Promise.allSettled([...this.inFlight])
  }
}
