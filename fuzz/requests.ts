import fc from 'fast-check'
import { brokenJson, brokenMultipart, hostileKey, hostileSegment, hostileValue, multipart, oddContentType, percentEncode } from './hostile'
import { propertyNames, validValue, type JsonSchema } from './schema-values'
import { serovalPayload } from './seroval'
import type { ApiOperation, ServerFunction, Target } from './targets'

/** Who the request claims to be; the runner turns it into headers with the run's real tokens. */
export type Credentials = 'none' | 'garbage' | 'user' | 'operator' | 'session'

/** One request, as plain data: printable in a report and replayable from its seed. */
export interface FuzzRequest {
  target: Target
  method: string
  /** Path and query, percent-encoded as sent (wrong escapes on purpose). */
  url: string
  headers: Record<string, string>
  body: string | undefined
  credentials: Credentials
  /** What was done to it, for the report: "missing field", "multipart", … */
  mutation: string
}

/**
 * Operations the fuzzer calls only without a working token, and values it keeps within bounds:
 * behaviour that is correct but would spoil the rest of the run. Each has its reason.
 */
const DESIGN_LIMITS = {
  // The operator's maintenance switch answers every other call 503 while on (on purpose).
  noOperatorToken: new Set(['PUT /operator/maintenance']),
  // The long poll of a quote waits up to 25 s by design; the fuzzer asks for at most 4 s.
  queryMaximum: { 'GET /quotes/{id}': { wait: 4 } } as Record<string, Record<string, number>>,
}

/**
 * Longest path and query sent. Node refuses a request head over 16 KB itself (431 with no body,
 * before any code of ours runs, often resetting the connection while the client still writes),
 * so longer heads would only test Node: with the largest odd headers below the head stays under
 * 14 KB. A longer URL is cut here, which leaves it malformed, as intended.
 */
const MAX_URL = 8_000
const capped = (request: FuzzRequest): FuzzRequest => (request.url.length <= MAX_URL ? request : { ...request, url: request.url.slice(0, MAX_URL), mutation: `${request.mutation}, URL cut to ${MAX_URL}` })

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD']
const acceptLanguage = fc.constantFrom('ro', 'en', 'fr', 'ro-RO,ro;q=0.9,en;q=0.8', 'de', '*', 'xx-YY;q=0.5', 'ro;q=abc', 'en;q=0', ',,,', 'a,'.repeat(500), '')
const forwardedFor = fc.oneof(
  { weight: 8, arbitrary: fc.tuple(fc.integer({ min: 1, max: 223 }), fc.nat(255), fc.nat(255), fc.integer({ min: 1, max: 254 })).map((parts) => parts.join('.')) },
  { weight: 1, arbitrary: fc.constantFrom('not-an-ip', '::1', '1.2.3.4, 5.6.7.8', '', '999.999.999.999', '2001:db8::1', 'unknown, 10.0.0.1', '1.1.1.1,'.repeat(100)) },
)

/** An input object with one thing wrong with it (or nothing, a quarter of the time, so checks behind the first pass too). */
function inputObject(schema: JsonSchema | undefined): fc.Arbitrary<{ value: unknown; mutation: string }> {
  const names = propertyNames(schema)
  const valid = validValue(schema ?? { type: 'object' })
  const required = schema?.required ?? []
  return fc.oneof(
    { weight: 3, arbitrary: valid.map((value) => ({ value, mutation: 'valid' })) },
    {
      weight: 3,
      arbitrary: fc.tuple(valid, names.length > 0 ? fc.constantFrom(...names) : hostileKey, hostileValue).map(([value, name, bad]) => ({ value: { ...asObject(value), [name]: bad }, mutation: `field ${name} hostile` })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, required.length > 0 ? fc.constantFrom(...required) : fc.constant('')).map(([value, name]) => {
        const { [name]: _dropped, ...rest } = asObject(value)
        return { value: rest, mutation: `missing ${name || 'nothing'}` }
      }),
    },
    { weight: 1, arbitrary: fc.tuple(valid, hostileKey, hostileValue).map(([value, key, bad]) => ({ value: withKey(asObject(value), key, bad), mutation: `extra key ${key.slice(0, 20)}` })) },
    { weight: 2, arbitrary: hostileValue.map((value) => ({ value, mutation: 'hostile whole' })) },
    { weight: 1, arbitrary: fc.record(Object.fromEntries(names.map((n) => [n, hostileValue]))).map((value) => ({ value, mutation: 'every field hostile' })) },
  )
}

const asObject = (value: unknown): Record<string, unknown> => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {})
/** Sets a key as JSON.parse would (an own `__proto__` too). */
const withKey = (object: Record<string, unknown>, key: string, value: unknown) => Object.defineProperty({ ...object }, key, { value, enumerable: true, configurable: true, writable: true })

/** Flat text fields, as a form or a query string carries them. */
const flatFields = (value: unknown): [string, string][] =>
  Object.entries(asObject(value)).map(([k, v]) => [k, typeof v === 'string' ? v : v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)])

const queryString = (fields: [string, string][]) => fields.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&')

/** A body for an operation or function that takes one, in every encoding a client could send. */
function body(schema: JsonSchema | undefined, jsonBody: (value: unknown) => string): fc.Arbitrary<{ type: string | undefined; text: string | undefined; mutation: string }> {
  const input = inputObject(schema)
  return fc.oneof(
    { weight: 8, arbitrary: input.map(({ value, mutation }) => ({ type: 'application/json', text: jsonBody(value), mutation })) },
    { weight: 2, arbitrary: brokenJson.map((text) => ({ type: 'application/json', text, mutation: 'broken JSON' })) },
    { weight: 2, arbitrary: input.map(({ value, mutation }) => ({ type: 'application/x-www-form-urlencoded', text: queryString(flatFields(value)), mutation: `urlencoded, ${mutation}` })) },
    { weight: 2, arbitrary: input.map(({ value, mutation }) => ({ ...multipart(flatFields(value)), mutation: `multipart, ${mutation}` })) },
    { weight: 2, arbitrary: brokenMultipart.map((m) => ({ ...m, mutation: 'broken multipart' })) },
    { weight: 1, arbitrary: fc.tuple(oddContentType, input).map(([type, { value }]) => ({ type, text: JSON.stringify(value), mutation: `content type ${type ?? 'none'}` })) },
    { weight: 1, arbitrary: fc.constantFrom(undefined, '').map((text) => ({ type: 'application/json', text, mutation: 'no body' })) },
    { weight: 1, arbitrary: fc.oneof({ weight: 9, arbitrary: fc.constant(70_000) }, { weight: 1, arbitrary: fc.constant(1_200_000) }).map((n) => ({ type: 'application/json', text: JSON.stringify({ filler: 'x'.repeat(n) }), mutation: `huge body ${n}` })) },
  )
}

/** The request headers every call shares: language, address (spreads rate limits), sometimes odd ones. */
const commonHeaders = fc.record(
  {
    'accept-language': acceptLanguage,
    'x-forwarded-for': forwardedFor,
    'x-request-id': fc.constantFrom('fuzz', '', '../../x', 'a'.repeat(500), '<x>'),
    cookie: fc.constantFrom('asiguro_locale=xx', 'a=b; ; =c', 'asiguro_consent=%ff', '='.repeat(100)),
  },
  { requiredKeys: ['accept-language', 'x-forwarded-for'] },
)

function apiRequest(op: ApiOperation): fc.Arbitrary<FuzzRequest> {
  const label = `${op.method} ${op.path}`
  const pathParam = (schema: JsonSchema) =>
    fc.oneof({ weight: 3, arbitrary: validValue(schema).map((v) => percentEncode(String(v))) }, { weight: 2, arbitrary: hostileSegment })
  const maxima = DESIGN_LIMITS.queryMaximum[label] ?? {}
  const queryParam = (name: string, schema: JsonSchema) => {
    const bounded = name in maxima ? { ...schema, maximum: Math.min(schema.maximum ?? Infinity, maxima[name]!) } : schema
    return fc.oneof({ weight: 3, arbitrary: validValue(bounded).map((v) => percentEncode(String(v))) }, { weight: 1, arbitrary: hostileSegment })
  }
  const query = fc.tuple(
    fc.tuple(...op.queryParams.map((p) => fc.option(queryParam(p.name, p.schema).map((v) => `${p.name}=${v}`), { freq: p.required ? 8 : 2 }))),
    fc.array(fc.tuple(fc.oneof(hostileKey.map(percentEncode), fc.constantFrom('%ff', 'a[]', 'page', 'per_page')), hostileSegment).map(([k, v]) => `${k}=${v}`), { maxLength: 2 }),
  )
  const who: Credentials[] = op.operator ? ['operator', 'operator', 'none', 'garbage', 'user'] : ['user', 'user', 'none', 'garbage', 'operator']
  const credentials = fc.constantFrom(...who).map((c): Credentials => (c === 'operator' && DESIGN_LIMITS.noOperatorToken.has(label) ? 'garbage' : c))
  const method = fc.oneof({ weight: 19, arbitrary: fc.constant(op.method) }, { weight: 1, arbitrary: fc.constantFrom(...methods) })
  return fc
    .record({
      params: fc.tuple(...op.pathParams.map((p) => pathParam(p.schema))),
      query,
      credentials,
      method,
      headers: commonHeaders,
      body: op.body ? body(op.body.schema, (value) => JSON.stringify(value)) : fc.constant(undefined),
    })
    .map(({ params, query: [declared, extra], credentials: who, method: verb, headers, body: b }) => {
      let path = op.path
      op.pathParams.forEach((p, i) => (path = path.replace(`{${p.name}}`, params[i]!)))
      const search = [...declared.filter((q): q is string => q !== null), ...extra].join('&')
      const sendsBody = b && verb !== 'GET' && verb !== 'HEAD'
      return {
        target: op,
        method: verb,
        url: `/api/v1${path}${search ? `?${search}` : ''}`,
        headers: { ...headers, ...(sendsBody && b.type ? { 'content-type': b.type } : {}) },
        body: sendsBody ? b.text : undefined,
        credentials: who,
        mutation: [verb !== op.method ? `method ${verb}` : '', b?.mutation ?? 'no body'].filter(Boolean).join(', '),
      }
    })
}

/**
 * Seroval texts Start's parser must refuse or survive: unknown node kinds, references to
 * nothing, keys without values, a cycle, exotic values where data belongs (dates, regular
 * expressions, maps, typed arrays, errors), a `__proto__` key, a client `context`.
 */
const data = (node: unknown) => JSON.stringify({ t: { t: 10, i: 0, p: { k: ['data'], v: [node] }, o: 0 }, f: 127, m: [] })
const oddSeroval = fc.constantFrom(
  JSON.stringify({ t: { t: 99 }, f: 127, m: [] }),
  JSON.stringify({ t: { t: 4, i: 7 }, f: 127, m: [] }),
  JSON.stringify({ t: null }),
  JSON.stringify({ t: { t: 10, i: 0, p: { k: ['data'], v: [] }, o: 0 }, f: 127, m: [] }),
  JSON.stringify({ t: { t: 10, i: 0, p: { k: ['data', 'data'], v: [{ t: 0, s: 1 }] }, o: 0 }, f: 127, m: [] }),
  data({ t: 4, i: 0 }),
  data({ t: 10, i: 1, p: { k: ['self', 'email'], v: [{ t: 4, i: 1 }, { t: 4, i: 1 }] }, o: 0 }),
  data({ t: 5, i: 1, s: 'not a date' }),
  data({ t: 6, i: 1, c: '(a+)+$', m: 'g' }),
  data({ t: 8, i: 1, e: { k: [{ t: 1, s: 'email' }], v: [{ t: 0, s: 1 }] }, f: { t: 26, i: 2, s: 0 } }),
  data({ t: 7, i: 1, a: [{ t: 0, s: 1 }] }),
  data({ t: 15, i: 1, c: 'Uint8Array', f: { t: 19, i: 2, s: 'AQI=', f: { t: 26, i: 3, s: 5 } }, b: 0, l: 99999 }),
  data({ t: 13, i: 1, s: 0, m: 'x', p: { k: ['stack'], v: [{ t: 1, s: 'y' }] } }),
  data({ t: 25, i: 1, s: { message: { t: 1, s: 'x' } }, c: '$TSR/Error' }),
  data({ t: 25, i: 1, s: {}, c: '$TSR/Unknown' }),
  data({ t: 21, i: 1, f: { t: 0, s: 1 } }),
  data({ t: 17, i: 1, s: 3 }),
  data({ t: 3, s: '1'.repeat(5000) }),
  data({ t: 1, s: '\\x' }),
  data({ t: 1, s: 'a\\u0000b' }),
  data({ t: 11, i: 1, p: { k: ['__proto__'], v: [{ t: 10, i: 2, p: { k: ['admin'], v: [{ t: 2, s: 2 }] }, o: 0 }] }, o: 0 }),
  data({ t: 10, i: 1, p: { k: ['__proto__'], v: [{ t: 10, i: 2, p: { k: ['email'], v: [{ t: 1, s: 'x@example.com' }] }, o: 0 }] }, o: 0 }),
  data({ t: 12, i: 1, s: 1, f: { t: 0, s: 1 } }),
  JSON.stringify({ t: { t: 10, i: 0, p: { k: ['data', 'context'], v: [{ t: 2, s: 1 }, { t: 10, i: 1, p: { k: ['nonce', 'session'], v: [{ t: 1, s: 'x' }, { t: 1, s: 'y' }] }, o: 0 }] }, o: 0 }, f: 127, m: [] }),
  JSON.stringify({ t: { t: 10, i: 0, p: { k: ['data', 'context'], v: [{ t: 2, s: 1 }, { t: 0, s: 5 }] }, o: 0 }, f: 127, m: [] }),
  JSON.stringify({ data: { email: 'x' } }),
)

/** A payload for a function: its input (valid or with something wrong), or a Seroval text that is itself wrong. */
function functionPayload(fn: ServerFunction): fc.Arbitrary<{ text: string; mutation: string }> {
  return fc.oneof(
    { weight: 6, arbitrary: inputObject(fn.input).map(({ value, mutation }) => ({ text: serovalPayload(value), mutation })) },
    { weight: 1, arbitrary: fc.tuple(inputObject(fn.input), hostileValue).map(([{ value }, context]) => ({ text: serovalPayload(value, context), mutation: 'client context' })) },
    { weight: 2, arbitrary: oddSeroval.map((text) => ({ text, mutation: 'odd Seroval' })) },
    { weight: 1, arbitrary: brokenJson.map((text) => ({ text, mutation: 'broken JSON' })) },
  )
}

/** Same-origin headers as a browser on the site sends them (the CSRF check), sometimes not. */
const callerHeaders = (baseUrl: string) =>
  fc.oneof(
    { weight: 12, arbitrary: fc.constant({ origin: baseUrl, 'sec-fetch-site': 'same-origin', 'x-tsr-serverfn': 'true' }) },
    { weight: 2, arbitrary: fc.constant({ origin: baseUrl, 'sec-fetch-site': 'same-origin' }) },
    { weight: 1, arbitrary: fc.constantFrom<Record<string, string>>({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'x-tsr-serverfn': 'true' }, { 'x-tsr-serverfn': 'true' }, { origin: 'null' }) },
  )

function functionRequest(fn: ServerFunction, baseUrl: string): fc.Arbitrary<FuzzRequest> {
  const wrongMethod = fn.method === 'GET' ? 'POST' : 'GET'
  const method = fc.oneof({ weight: 18, arbitrary: fc.constant<string>(fn.method) }, { weight: 1, arbitrary: fc.constant(wrongMethod) }, { weight: 1, arbitrary: fc.constantFrom('PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD') })
  const postBody = fc.oneof(
    { weight: 8, arbitrary: functionPayload(fn).map((p) => ({ type: 'application/json' as string | undefined, text: p.text as string | undefined, mutation: p.mutation })) },
    { weight: fn.form ? 3 : 1, arbitrary: inputObject(fn.input).map(({ value, mutation }) => ({ ...multipart(flatFields(value)), mutation: `FormData, ${mutation}` })) },
    { weight: 1, arbitrary: brokenMultipart.map((m) => ({ ...m, mutation: 'broken multipart' })) },
    { weight: 1, arbitrary: inputObject(fn.input).map(({ value }) => ({ type: 'application/x-www-form-urlencoded', text: queryString(flatFields(value)), mutation: 'urlencoded' })) },
    { weight: 1, arbitrary: fc.tuple(oddContentType, functionPayload(fn)).map(([type, p]) => ({ type, text: p.text, mutation: `content type ${type ?? 'none'}` })) },
    { weight: 1, arbitrary: fc.constantFrom(undefined, '').map((text) => ({ type: 'application/json', text, mutation: 'no body' })) },
    { weight: 1, arbitrary: fc.oneof({ weight: 9, arbitrary: fc.constant(70_000) }, { weight: 1, arbitrary: fc.constant(1_200_000) }).map((n) => ({ type: 'application/json', text: serovalPayload({ filler: 'x'.repeat(n) }), mutation: `huge body ${n}` })) },
  )
  const getQuery = fc.oneof(
    { weight: 6, arbitrary: functionPayload(fn).map((p) => ({ query: `payload=${percentEncode(p.text)}`, mutation: p.mutation })) },
    { weight: 1, arbitrary: fc.constantFrom('', 'payload=', 'payload=%ff', 'payload=%00', 'payload=1&payload=2', `payload=${'x'.repeat(MAX_URL)}`, 'createServerFn=1').map((query) => ({ query, mutation: `query ${query.slice(0, 20)}` })) },
  )
  const id = fc.oneof({ weight: 30, arbitrary: fc.constant(fn.id) }, { weight: 1, arbitrary: fc.constantFrom(fn.id.toUpperCase(), `${fn.id}x`, fn.id.slice(0, 63), `${fn.id}/extra`, `${fn.id}%00`, `${fn.id}%ff`) })
  const credentials = fc.constantFrom<Credentials>('session', 'session', 'session', 'none', 'garbage')
  return fc
    .record({ method, postBody, getQuery, id, credentials, headers: commonHeaders, caller: callerHeaders(baseUrl) })
    .map(({ method: verb, postBody: b, getQuery: q, id: fnId, credentials: who, headers, caller }) => {
      const isGet = verb === 'GET' || verb === 'HEAD'
      return {
        target: fn,
        method: verb,
        url: `/_serverFn/${fnId}${isGet && q.query ? `?${q.query}` : ''}`,
        headers: { ...headers, ...caller, ...(!isGet && b.type ? { 'content-type': b.type } : {}) },
        body: isGet ? undefined : b.text,
        credentials: who,
        mutation: [verb !== fn.method ? `method ${verb}` : '', fnId !== fn.id ? `id ${fnId.slice(60)}` : '', isGet ? q.mutation : b.mutation].filter(Boolean).join(', '),
      }
    })
}

/** Paths no operation or function has: the envelope must say 404 (or 400) there too. */
function strayRequest(baseUrl: string): fc.Arbitrary<FuzzRequest> {
  const strayOperation: Target = { kind: 'api', method: 'GET', path: '/<stray>', pathParams: [], queryParams: [], body: undefined, operator: false }
  const strayFunction: Target = { kind: 'fn', id: '<stray>', name: '<stray>', method: 'POST', input: undefined, form: false }
  return fc
    .record({
      url: fc.oneof(
        fc.constantFrom('/api/v1', '/api/v1/', '/api/v1//products', '/api/v1/products/', '/api/v1/%ff', '/api/v1/..%2f..%2fetc%2fpasswd', '/api/v1/vehicles/%00/notes', '/_serverFn', '/_serverFn/', `/_serverFn/${'0'.repeat(64)}`, '/_serverFn/..%2f', '/_serverFn/a.b', '/_serverFn/%ff'),
        hostileSegment.map((s) => `/api/v1/${s}`),
        hostileSegment.map((s) => `/_serverFn/${s}`),
      ),
      method: fc.constantFrom('GET', 'POST', 'DELETE'),
      headers: commonHeaders,
      caller: callerHeaders(baseUrl),
    })
    .map(({ url, method, headers, caller }) => ({
      target: url.startsWith('/_serverFn') ? strayFunction : strayOperation,
      method,
      url,
      headers: { ...headers, ...caller, ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
      body: method === 'GET' ? undefined : '{}',
      credentials: 'none' as const,
      mutation: 'stray path',
    }))
}

/** Any request of the run: an operation or a function chosen evenly, now and then a stray path. */
export function fuzzRequest(targets: Target[], baseUrl: string): fc.Arbitrary<FuzzRequest> {
  const perTarget = targets.map((t) => (t.kind === 'api' ? apiRequest(t) : functionRequest(t, baseUrl)))
  return fc.oneof({ weight: 24, arbitrary: fc.oneof(...perTarget) }, { weight: 1, arbitrary: strayRequest(baseUrl) }).map(capped)
}
