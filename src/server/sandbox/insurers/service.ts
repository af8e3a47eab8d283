/**
 * The sandbox insurer service: what an insurer's web service looks like to a broker, for every
 * insurer of the catalogue at once, under `/insurers/{code}/…` of the sandbox prefix.
 *
 *   POST /insurers/{code}/quotes/{product}   the product's payload → 200 a price or a refusal;
 *                                            sometimes 503, sometimes no answer at all; 429 with
 *                                            Retry-After beyond the insurer's rate limit (rate-limits.ts)
 *   POST /insurers/{code}/renewal-quotes/{product}  `{items: [{id, payload}]}` (at most the renewal
 *                                            quota's `batchMax`) → 200 `{items: [{id, answer}]}`, each
 *                                            answer as a single quote's; 429 beyond the renewal quota
 *   POST /insurers/{code}/policies           Idempotency-Key header → 201 the policy (200 when repeated)
 *   GET  /insurers/paid/pad-policies/{number} the PAID pool's PAD register → 200 the policy, 404 unknown
 *   GET  /insurers/{code}/documents/{product}/{kind}-{edition}.pdf  the IPID or general conditions
 *                                            (the URLs each offered price carries) → 200 a PDF
 *
 * Each insurer prices with its own tariff (the product's pricer). Latency and failures follow
 * `quoteBehaviour`, a hash of the insurer, the request, the try (the broker's `X-Request-Attempt`
 * header) and the minute, so asking again can succeed. Documented triggers for issuing
 * (docs/api.md): a customer e-mail starting `refuse-issue` is refused (422 `customer_refused`),
 * one starting `unavailable-issue` always meets a 503.
 */
import { createHash } from 'node:crypto'
import type { z } from 'zod'
import { ATTEMPT_HEADER, IDEMPOTENCY_HEADER, SandboxIssueRequest, SandboxRenewalQuoteRequest, sandboxRenewalQuota, type SandboxDocument, type SandboxIssuedPolicy, type SandboxQuoteAnswer } from '~/server/insurers/sandbox-protocol'
import { behaviourOf, canonicalJson, quoteReference, referenceOf, requestDigest, tryDigest, type SandboxTry } from './behaviour'
import { documentPdf, publishedDocuments } from './documents'
import { findSandboxPadPolicy } from './pad-registry'
import { SandboxPolicyStore } from './policy-store'
import { SandboxRateLimits } from './rate-limits'

/** A price in bani, or why the insurer does not cover the risk. */
export type SandboxPrice = { status: 'offered'; premium: number; details: Record<string, unknown> } | { status: 'declined'; reason: string }

/** How the sandbox insurers price one product. */
export interface SandboxPricer<P = unknown> {
  /** The insurers that sell the product, by catalogue code. */
  insurers: readonly string[]
  /** The payload as the insurer's API accepts it, or undefined when it does not follow the product's format. */
  parse(payload: unknown): P | undefined
  price(insurer: string, payload: P): SandboxPrice
}

export interface InsurerSandboxOptions {
  pricers: Record<string, SandboxPricer<never>>
  /** `SANDBOX_LATENCY_SCALE`. */
  latencyScale: number
  /** Where issued policies are kept across restarts (`DATA_DIR`); in memory when undefined. */
  dataDir?: string | undefined
  /** The sandbox's clock: the minute a try arrives in is part of its draw (tests fix it). */
  clock?: () => Date
  /** `SANDBOX_INSURER_FAILURES`: `none` answers the tries whose draw is a 5xx or a hang (default `drawn`). */
  failures?: 'drawn' | 'none'
}

/** How long a hanging request is held when its client does not give up first. */
const HANG_MS = 65_000
/** What pricing one more item adds to a renewal call's latency (unscaled). */
const RENEWAL_ITEM_MS = 3
const CUSTOMER_REFUSED_PREFIX = 'refuse-issue'
const CUSTOMER_UNAVAILABLE_PREFIX = 'unavailable-issue'

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } })
const problem = (status: number, code: string, message: string) => json(status, { error: { code, message } })

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms)
    timer.unref?.()
    function done() {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
    signal?.addEventListener('abort', done, { once: true })
  })
}

/** A price or a refusal; the reference is bound to the request (`digest`), so issuing can check it. */
function answerOf(insurer: string, product: string, digest: Buffer, price: SandboxPrice, documents: SandboxDocument[]): SandboxQuoteAnswer {
  return price.status === 'declined'
    ? price
    : { status: 'offered', premium: { amount: price.premium, currency: 'RON' }, reference: referenceOf(insurer, product, digest), details: price.details, documents }
}

function rateLimited(retryAfterSeconds: number): Response {
  return new Response(JSON.stringify({ error: { code: 'rate_limited', message: 'Too many price requests: see the rate limit.', retry_after_seconds: retryAfterSeconds } }), {
    status: 429,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'retry-after': String(retryAfterSeconds) },
  })
}

/** Beside the price, as an insurer's site links them: relative to the endpoint, `…/{code}/documents/…`. */
function documentsOf(insurer: string, product: string, endpoint: string): SandboxDocument[] {
  return publishedDocuments(insurer, product).map(({ path: file, ...document }) => ({ ...document, url: new URL(`../${file}`, endpoint).href }))
}

async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json()
  } catch {
    return undefined
  }
}

export class InsurerSandbox {
  private readonly store: SandboxPolicyStore
  private readonly pricers: Record<string, SandboxPricer<unknown>>
  private readonly limits = new SandboxRateLimits()

  constructor(private readonly options: InsurerSandboxOptions) {
    this.store = new SandboxPolicyStore(options.dataDir)
    this.pricers = options.pricers as Record<string, SandboxPricer<unknown>>
  }

  /** Every insurer the sandbox knows, for any product. */
  get insurers(): string[] {
    return [...new Set(Object.values(this.pricers).flatMap((p) => p.insurers))]
  }

  /** Answers `path` (relative to the sandbox prefix, `/insurers/…`); undefined when the path is not the insurers'. */
  async handle(request: Request, path: string): Promise<Response | undefined> {
    const match = /^\/insurers\/([a-z0-9-]{2,40})\/(quotes\/([a-z0-9-]{2,40})|policies)\/?$/.exec(path)
    if (!path.startsWith('/insurers/')) return undefined
    const pad = /^\/insurers\/paid\/pad-policies\/([^/]{1,60})\/?$/.exec(path)
    const document = /^\/insurers\/([a-z0-9-]{2,40})\/documents\/([a-z0-9-]{2,40})\/([a-z_]{2,40}-\d{4}-\d{2}-\d{2}\.pdf)$/.exec(path)
    const renewals = /^\/insurers\/([a-z0-9-]{2,40})\/renewal-quotes\/([a-z0-9-]{2,40})\/?$/.exec(path)
    if (renewals) {
      if (request.method !== 'POST') return problem(405, 'method_not_allowed', 'Use POST.')
      if (!this.insurers.includes(renewals[1]!)) return problem(404, 'insurer_unknown', `No insurer ${renewals[1]}.`)
      return this.renewalQuotes(request, renewals[1]!, renewals[2]!)
    }
    if (document) return request.method === 'GET' ? this.document(document[1]!, document[2]!, document[3]!) : problem(405, 'method_not_allowed', 'Use GET.')
    if (pad) return request.method === 'GET' ? this.padPolicy(decodeURIComponent(pad[1] ?? '')) : problem(405, 'method_not_allowed', 'Use GET.')
    if (!match) return problem(404, 'not_found', 'No such endpoint.')
    if (request.method !== 'POST') return problem(405, 'method_not_allowed', 'Use POST.')
    const insurer = match[1] ?? ''
    if (!this.insurers.includes(insurer)) return problem(404, 'insurer_unknown', `No insurer ${insurer}.`)
    return match[3] ? this.quote(request, insurer, match[3]) : this.issue(request, insurer)
  }

  private padPolicy(number: string): Response {
    const policy = findSandboxPadPolicy(number)
    return policy ? json(200, policy) : problem(404, 'policy_not_found', 'No PAD policy has this number.')
  }

  /** A published document's current edition; an older or unknown one is not served (404). */
  private async document(insurer: string, product: string, file: string): Promise<Response> {
    const bytes = await documentPdf(insurer, product, file)
    if (!bytes) return problem(404, 'document_not_found', 'No such document or edition.')
    return new Response(new Uint8Array(bytes), { status: 200, headers: { 'content-type': 'application/pdf', 'content-disposition': `inline; filename="${insurer}-${file}"`, 'cache-control': 'public, max-age=3600' } })
  }

  private async quote(request: Request, insurer: string, product: string): Promise<Response> {
    const pricer = this.pricers[product]
    if (!pricer || !pricer.insurers.includes(insurer)) return problem(404, 'product_not_offered', `${insurer} does not sell ${product}.`)
    const admitted = this.limits.admit(insurer)
    if (!admitted.ok) return rateLimited(admitted.retryAfterSeconds)
    const raw = await readJson(request)
    const payload = pricer.parse(raw)
    if (payload === undefined) return problem(400, 'invalid_request', 'The request does not follow the product format.')
    const digest = requestDigest(insurer, product, raw)
    const behaviour = behaviourOf(tryDigest(digest, this.tryOf(request)))
    await sleep(behaviour.latencyMs * this.options.latencyScale, request.signal)
    const outcome = this.options.failures === 'none' ? 'answer' : behaviour.outcome
    if (outcome === 'error') return problem(503, 'service_unavailable', 'The pricing service is unavailable.')
    if (outcome === 'hang') {
      // Held until the broker gives up (its timeout) or for longer than any timeout it may have.
      await sleep(HANG_MS, request.signal)
      return problem(504, 'upstream_timeout', 'The pricing service did not answer.')
    }
    return json(200, answerOf(insurer, product, digest, pricer.price(insurer, payload), documentsOf(insurer, product, request.url)))
  }

  /**
   * Many renewal requests priced in one call. The call as a whole draws its latency (plus a few
   * milliseconds an item) and its passing failure like a single quote; each item is priced
   * as a single quote of its payload would be, `null` when its payload does not follow the format.
   */
  private async renewalQuotes(request: Request, insurer: string, product: string): Promise<Response> {
    const pricer = this.pricers[product]
    if (!pricer || !pricer.insurers.includes(insurer)) return problem(404, 'product_not_offered', `${insurer} does not sell ${product}.`)
    const body = SandboxRenewalQuoteRequest.safeParse(await readJson(request))
    if (!body.success || body.data.items.length > sandboxRenewalQuota(insurer).batchMax) return problem(400, 'invalid_request', 'The request does not follow the renewal format.')
    const { items } = body.data
    const admitted = this.limits.admitRenewals(insurer, items.length)
    if (!admitted.ok) return rateLimited(admitted.retryAfterSeconds)
    const behaviour = behaviourOf(tryDigest(requestDigest(insurer, `${product}:renewals`, items.map((item) => item.id)), this.tryOf(request)))
    await sleep((behaviour.latencyMs + RENEWAL_ITEM_MS * items.length) * this.options.latencyScale, request.signal)
    const outcome = this.options.failures === 'none' ? 'answer' : behaviour.outcome
    if (outcome === 'error') return problem(503, 'service_unavailable', 'The pricing service is unavailable.')
    if (outcome === 'hang') {
      await sleep(HANG_MS, request.signal)
      return problem(504, 'upstream_timeout', 'The pricing service did not answer.')
    }
    const documents = documentsOf(insurer, product, request.url)
    return json(200, {
      items: items.map(({ id, payload: raw }) => {
        const payload = pricer.parse(raw)
        return { id, answer: payload === undefined ? null : answerOf(insurer, product, requestDigest(insurer, product, raw), pricer.price(insurer, payload), documents) }
      }),
    })
  }

  /** Which try this is (the broker's attempt header) and when it arrived: what the behaviour is drawn from with the request. */
  private tryOf(request: Request): SandboxTry {
    const attempt = Number(request.headers.get(ATTEMPT_HEADER) ?? '1')
    return { attempt: Number.isInteger(attempt) && attempt >= 1 && attempt <= 9 ? attempt : 1, at: this.options.clock?.() ?? new Date() }
  }

  private async issue(request: Request, insurer: string): Promise<Response> {
    const key = request.headers.get(IDEMPOTENCY_HEADER)?.trim()
    if (!key || key.length > 200) return problem(400, 'idempotency_key_required', 'Send an Idempotency-Key header (at most 200 characters).')
    const parsed = SandboxIssueRequest.safeParse(await readJson(request))
    if (!parsed.success) return problem(400, 'invalid_request', 'The request does not follow the policy format.')
    const body = parsed.data
    const digest = createHash('sha256').update(canonicalJson(body)).digest('base64url')
    const earlier = this.store.get(insurer, key)
    if (earlier) return earlier.requestDigest === digest ? json(200, earlier.policy) : problem(422, 'idempotency_key_reused', 'This key was used for another policy.')

    const email = body.customer.email.toLowerCase()
    if (email.startsWith(CUSTOMER_UNAVAILABLE_PREFIX)) return problem(503, 'service_unavailable', 'The issuing service is unavailable.')
    if (body.reference !== quoteReference(insurer, body.product, body.payload)) return problem(422, 'reference_unknown', 'No price was given with this reference.')
    if (email.startsWith(CUSTOMER_REFUSED_PREFIX)) return problem(422, 'customer_refused', 'The insurer does not issue this policy.')

    const seed = requestDigest(insurer, 'policy', key)
    await sleep((200 + (seed[0] ?? 0) * 2) * this.options.latencyScale, request.signal)
    const policy: z.infer<typeof SandboxIssuedPolicy> = {
      series: `RO/${insurer.slice(0, 3).toUpperCase()}/${(body.product.slice(0, 1) + insurer.slice(-1)).toUpperCase()}`,
      number: String(seed.readUIntBE(2, 5)).padStart(13, '0').slice(-10),
      start_date: body.start_date,
      end_date: body.end_date,
    }
    this.store.put({ insurer, key, requestDigest: digest, policy })
    return json(201, policy)
  }
}
