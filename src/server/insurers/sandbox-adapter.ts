import { InsurerUnavailable, type InsurerAdapter, type InsurerQuoteAnswer, type IssueRequest, type IssueResult } from './adapter'
import { postJson, type JsonResponse } from '../http/json-client'
import { ATTEMPT_HEADER, IDEMPOTENCY_HEADER, SandboxIssuedPolicy, SandboxQuoteAnswer, SandboxRefusal, type SandboxIssueRequest } from './sandbox-protocol'

/**
 * Speaks the sandbox insurer protocol over HTTP: a real client (kept-alive connections), so the
 * fan-out meets the same latencies, 5xx answers and hangs as it would with an insurer.
 */
export class SandboxInsurerAdapter implements InsurerAdapter {
  private readonly base: string

  /** `sandboxUrl`: where the sandbox services answer (`SANDBOX_URL`, an origin); `code`: the insurer. */
  constructor(sandboxUrl: string, code: string) {
    this.base = `${sandboxUrl.replace(/\/+$/, '')}/sandbox/insurers/${encodeURIComponent(code)}`
  }

  async quote(product: string, payload: Record<string, unknown>, signal: AbortSignal, attempt = 1): Promise<InsurerQuoteAnswer> {
    const response = await this.post(`/quotes/${encodeURIComponent(product)}`, payload, { [ATTEMPT_HEADER]: String(attempt) }, signal)
    if (response.status === 429) {
      // The body repeats the Retry-After header's seconds (the JSON client keeps no headers).
      const seconds = Number((response.body as { error?: { retry_after_seconds?: unknown } } | undefined)?.error?.retry_after_seconds ?? 1)
      throw new InsurerUnavailable('rate_limited', 'quote answered 429', true, (Number.isFinite(seconds) && seconds > 0 ? seconds : 1) * 1000)
    }
    if (response.status !== 200) throw new InsurerUnavailable('insurer_error', `quote answered ${response.status}`, response.status >= 500)
    const answer = SandboxQuoteAnswer.safeParse(response.body)
    if (!answer.success) throw new InsurerUnavailable('invalid_answer', 'quote answer does not follow the protocol')
    return answer.data
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

function unavailable(error: unknown, signal: AbortSignal): InsurerUnavailable {
  if (signal.aborted) return new InsurerUnavailable('timeout', 'no answer before the timeout')
  return new InsurerUnavailable('unreachable', error instanceof Error ? error.message : String(error))
}
