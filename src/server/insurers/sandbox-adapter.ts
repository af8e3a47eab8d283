import { InsurerUnavailable, type InsurerAdapter, type InsurerQuoteAnswer, type IssueRequest, type IssueResult, type RenewalQuoting } from './adapter'
import { postJson, type JsonResponse } from '../http/json-client'
import { ATTEMPT_HEADER, IDEMPOTENCY_HEADER, SandboxIssuedPolicy, SandboxQuoteAnswer, SandboxRefusal, SandboxRenewalQuoteAnswer, sandboxRenewalQuota, type SandboxIssueRequest } from './sandbox-protocol'

/**
 * Speaks the sandbox insurer protocol over HTTP: a real client (kept-alive connections), so the
 * fan-out meets the same latencies, 5xx answers and hangs as it would with an insurer.
 */
export class SandboxInsurerAdapter implements InsurerAdapter {
  private readonly base: string

  /** `sandboxUrl`: where the sandbox services answer (`SANDBOX_URL`, an origin); `code`: the insurer. */
  /** The renewal endpoint, with the quota the sandbox documents for it (as the catalogue copies its per-quote limit). */
  readonly renewals: RenewalQuoting

  constructor(sandboxUrl: string, code: string) {
    this.base = `${sandboxUrl.replace(/\/+$/, '')}/sandbox/insurers/${encodeURIComponent(code)}`
    this.renewals = { ...sandboxRenewalQuota(code), quote: (product, items, signal, attempt) => this.renewalQuotes(product, items, signal, attempt) }
  }

  async quote(product: string, payload: Record<string, unknown>, signal: AbortSignal, attempt = 1): Promise<InsurerQuoteAnswer> {
    const response = await this.post(`/quotes/${encodeURIComponent(product)}`, payload, { [ATTEMPT_HEADER]: String(attempt) }, signal)
    refused(response, 'quote')
    const answer = SandboxQuoteAnswer.safeParse(response.body)
    if (!answer.success) throw new InsurerUnavailable('invalid_answer', 'quote answer does not follow the protocol')
    return answer.data
  }

  private async renewalQuotes(product: string, items: Parameters<RenewalQuoting['quote']>[1], signal: AbortSignal, attempt = 1): Promise<Map<string, InsurerQuoteAnswer | null>> {
    const response = await this.post(`/renewal-quotes/${encodeURIComponent(product)}`, { items }, { [ATTEMPT_HEADER]: String(attempt) }, signal)
    refused(response, 'renewal quotes')
    const answer = SandboxRenewalQuoteAnswer.safeParse(response.body)
    if (!answer.success) throw new InsurerUnavailable('invalid_answer', 'renewal answer does not follow the protocol')
    return new Map(answer.data.items.map((item) => [item.id, item.answer]))
  }

  async document(url: string, signal: AbortSignal): Promise<Uint8Array> {
    let response: Response
    try {
      response = await fetch(url, { signal })
    } catch (error) {
      throw unavailable(error, signal)
    }
    if (response.status !== 200 || !response.headers.get('content-type')?.startsWith('application/pdf')) {
      await response.body?.cancel()
      throw new InsurerUnavailable('insurer_error', `document answered ${response.status}`, response.status >= 500)
    }
    return new Uint8Array(await response.arrayBuffer())
  }

  async issue(request: IssueRequest, signal: AbortSignal): Promise<IssueResult> {
    const body: SandboxIssueRequest = {
      product: request.product,
      reference: request.reference,
      payload: request.payload,
      customer: request.customer,
      start_date: request.start_date,
      end_date: request.end_date,
    }
    const response = await this.post('/policies', body, { [IDEMPOTENCY_HEADER]: request.idempotencyKey }, signal)
    const json = response.body
    if (response.status === 422) {
      const refusal = SandboxRefusal.safeParse(json)
      return { status: 'refused', reason: refusal.success ? refusal.data.error.code : 'refused' }
    }
    if (response.status !== 200 && response.status !== 201) throw new InsurerUnavailable('insurer_error', `issue answered ${response.status}`)
    const policy = SandboxIssuedPolicy.safeParse(json)
    if (!policy.success) throw new InsurerUnavailable('invalid_answer', 'issue answer does not follow the protocol')
    return { status: 'issued', policy: policy.data }
  }

  private async post(path: string, body: unknown, headers: Record<string, string>, signal: AbortSignal): Promise<JsonResponse> {
    try {
      return await postJson(`${this.base}${path}`, body, headers, signal)
    } catch (error) {
      throw unavailable(error, signal)
    }
  }
}

/** Throws for anything but a 200: a 429 with the insurer's wait, a 5xx as transient. */
function refused(response: JsonResponse, what: string): void {
  if (response.status === 429) {
    // The body repeats the Retry-After header's seconds (the JSON client keeps no headers).
    const seconds = Number((response.body as { error?: { retry_after_seconds?: unknown } } | undefined)?.error?.retry_after_seconds ?? 1)
    throw new InsurerUnavailable('rate_limited', `${what} answered 429`, true, (Number.isFinite(seconds) && seconds > 0 ? seconds : 1) * 1000)
  }
  if (response.status !== 200) throw new InsurerUnavailable('insurer_error', `${what} answered ${response.status}`, response.status >= 500)
}

function unavailable(error: unknown, signal: AbortSignal): InsurerUnavailable {
  if (signal.aborted) return new InsurerUnavailable('timeout', 'no answer before the timeout')
  return new InsurerUnavailable('unreachable', error instanceof Error ? error.message : String(error))
}
