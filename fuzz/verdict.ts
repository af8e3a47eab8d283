import { ErrorBody } from '~/contract/errors'
import { serovalValue, type SerializedError } from './seroval'

/** What came back for one request. */
export interface Answer {
  status: number
  headers: Headers
  text: string
  ms: number
  /** The request got no answer at all (connection closed, or no answer within the time allowed). */
  failure?: string
}

export type ProblemKind = 'server_error' | 'no_answer' | 'slow' | 'leak' | 'not_enveloped'

export interface Problem {
  kind: ProblemKind
  detail: string
}

/** Slower than this is a failure, whatever the answer. */
export const SLOW_MS = 5_000

/**
 * A runtime's, a parser's or a database's own words, or a stack frame: text no answer may carry.
 * (The fuzzer's own hostile input never contains these, so an echo does not count.)
 */
export const INTERNAL_TEXT =
  /Seroval|Failed to parse|Cannot read propert|Cannot destructure|TypeError|SyntaxError|RangeError|ReferenceError|is not a function|is not defined|is not iterable|Unexpected token|Unexpected end of JSON|in JSON at position|Server function info not found|Invariant failed|expected (GET|POST) method|Maximum call stack|node_modules|ZodError|"code":\s*"invalid_type"|\bat (?:async )?[\w.$<>]+ \((?:file:|node:|\/)[^)]*:\d+:\d+\)|\bat (?:file:|node:)\S*:\d+:\d+|ECONNREFUSED|Failed query|duplicate key value|violates .* constraint|invalid input syntax|out of range for type/

/** Paths whose 2xx answer is documentation, which may name anything (the OpenAPI text, the docs page). */
const DOCUMENTATION = /^\/api\/v1\/(openapi\.json|docs)(\?|$)/

/** Operations that answer in an outside party's protocol, not the envelope: a card processor's notifications (decision 51). */
const OUTSIDE_PROTOCOL = /^\/api\/v1\/payments\/notifications\//

/**
 * The 4xx shapes a server function may answer with (docs/security.md, "Fuzzing"):
 * - the API's envelope `{error: {code, message, pretty_message}}`: what the transport refuses
 *   (decision 57) and a private function's 401;
 * - Start's serialised `{error}` whose error is a `$TSR/Error` carrying only a `message`: input
 *   the validator refused, a provider refusal;
 * - Start's serialised `{result}`: `null` (a page read of an object that is not the visitor's, 404)
 *   or a form's refusal `{ok: false, fields: {name: [sentence]}}`.
 */
function serverFunctionShape(answer: Answer): string | undefined {
  if (answer.headers.get('x-tss-serialized') !== 'true') return isInternalRedirect(answer) || isBareRedirect(answer) ? undefined : envelopeShape(answer)
  let value: unknown
  try {
    value = serovalValue(JSON.parse(answer.text))
  } catch (error) {
    return `a serialised answer the fuzzer cannot read: ${(error as Error).message}`
  }
  const top = value as { error?: SerializedError; result?: unknown }
  const keys = Object.keys(value as object)
  if (keys.length === 1 && keys[0] === 'error') return typeof top.error?.errorMessage === 'string' && top.error.errorMessage.trim() !== '' ? undefined : 'an error without a sentence'
  if (keys.length === 1 && keys[0] === 'result') {
    if (top.result === null) return undefined
    const form = top.result as { ok?: unknown; fields?: Record<string, unknown> }
    const sentences = Object.values(form.fields ?? {})
    if (form.ok === false && sentences.length > 0 && sentences.every((s) => Array.isArray(s) && s.every((m) => typeof m === 'string' && m.trim() !== ''))) return undefined
  }
  return `a serialised answer of another shape: ${answer.text.slice(0, 120)}`
}

/**
 * Start's redirect for its client (`isSerializedRedirect`), here with the 401 of a session the
 * provider ended: the client follows it to the sign-in page. Only to a path of the site.
 */
function isInternalRedirect(answer: Answer): boolean {
  try {
    const redirect = JSON.parse(answer.text) as { isSerializedRedirect?: unknown; href?: unknown }
    return redirect.isSerializedRedirect === true && typeof redirect.href === 'string' && /^\/(?!\/)/.test(redirect.href)
  } catch {
    return false
  }
}

/**
 * The same redirect for a caller that is not Start's client (no `x-tsr-serverfn`): no body, a
 * `Location` on the site, and the status of the refusal (401 for an ended session).
 */
function isBareRedirect(answer: Answer): boolean {
  return answer.text === '' && /^\/(?!\/)/.test(answer.headers.get('location') ?? '')
}

/** The API's error envelope, with the answer's own status as its code. */
function envelopeShape(answer: Answer): string | undefined {
  if (!(answer.headers.get('content-type') ?? '').startsWith('application/json')) return `content type ${answer.headers.get('content-type') ?? 'none'}`
  let json: unknown
  try {
    json = JSON.parse(answer.text)
  } catch {
    return 'a body that is not JSON'
  }
  const parsed = ErrorBody.safeParse(json)
  if (!parsed.success) return `not the envelope: ${answer.text.slice(0, 120)}`
  if (parsed.data.error.code !== answer.status) return `envelope code ${parsed.data.error.code} on a ${answer.status}`
  return undefined
}

/** Everything wrong with one answer (nothing: the answer is acceptable). */
export function judge(request: { method: string; url: string }, answer: Answer): Problem[] {
  const problems: Problem[] = []
  if (answer.failure) return [{ kind: 'no_answer', detail: answer.failure }]
  if (answer.ms > SLOW_MS) problems.push({ kind: 'slow', detail: `${Math.round(answer.ms)} ms` })
  if (answer.status >= 500) problems.push({ kind: 'server_error', detail: `${answer.status}` })
  const documentation = answer.status < 300 && DOCUMENTATION.test(request.url)
  const leaked = documentation ? null : INTERNAL_TEXT.exec(answer.text)
  if (leaked) problems.push({ kind: 'leak', detail: `"${leaked[0]}"` })
  // HEAD answers carry no body to judge.
  if (answer.status >= 400 && answer.status < 500 && request.method !== 'HEAD') {
    const wrong = request.url.startsWith('/_serverFn') ? serverFunctionShape(answer) : OUTSIDE_PROTOCOL.test(request.url) ? undefined : envelopeShape(answer)
    if (wrong) problems.push({ kind: 'not_enveloped', detail: wrong })
  }
  return problems
}
