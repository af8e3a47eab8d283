import fc from 'fast-check'

/**
 * What an attacker types where a value belongs: wrong types, edge numbers, huge and odd text
 * (NUL, lone surrogates, right-to-left marks, CRLF, markup, SQL, paths, template syntax).
 * None of it contains the words the verdict looks for ("TypeError"…), so an echo is not a leak.
 */
const oddStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%ff',
  '%00',
  '\ud800',
  'x\udfffy',
  '\u202eevil',
  '\ufeff',
  'ﬀİß',
  '🚗🚗🚗',
  '\r\nSet-Cookie: a=b',
  '<script>alert(1)</script>',
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '../../../etc/passwd',
  '..\\..\\windows',
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x1F',
  ' 42 ',
  '2026-02-30',
  '9999-99-99',
  '0000-00-00',
  'true',
  '[object Object]',
  '@',
  'a@b',
  'a'.repeat(257) + '@example.com',
  'javascript:alert(1)',
  '//evil.example',
  'http://169.254.169.254/latest/meta-data/',
]

/** Text sizes around the limits: a field's maximum, a URL's comfort, the API's 64 KB body limit. */
const hugeString = fc.constantFrom(300, 3_000, 70_000).chain((length) => fc.constantFrom('a', 'é', '\u0000', '9', ' ').map((unit) => unit.repeat(length)))

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...oddStrings) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: hugeString },
)

const edgeNumbers = [0, -0, -1, 1.5, -1.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 53) - 2, Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE, 1e21]

/** A nest `depth` levels deep: parsers and walkers that recurse meet their limits. */
const nested = (depth: number, leaf: unknown): unknown => {
  let value = leaf
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { a: value }
  return value
}

/** A value of the wrong type, or of the right type but out of every range. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  { weight: 3, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], { '': '' }, ...edgeNumbers) },
  { weight: 1, arbitrary: fc.constantFrom(50, 1_000).map((depth) => nested(depth, 'deep')) },
  { weight: 1, arbitrary: fc.constantFrom(1_000, 20_000).map((length) => Array.from({ length }, (_, i) => i)) },
  { weight: 1, arbitrary: fc.constant(JSON.parse('{"__proto__": {"admin": true}, "constructor": {"prototype": {"admin": true}}}') as unknown) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
)

/** Keys nobody declared. */
export const hostileKey: fc.Arbitrary<string> = fc.constantFrom('__proto__', 'constructor', 'prototype', '', ' ', 'a.b', 'a[b]', '$where', 'id', 'user_id', 'role', 'is_admin', '\u0000', 'x'.repeat(2_000))

/** Percent-encoding that never throws: a lone surrogate goes out as UTF-8's replacement character. */
export function percentEncode(text: string): string {
  try {
    return encodeURIComponent(text)
  } catch {
    return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0').toUpperCase()}`).join('')
  }
}

/** A path segment as it goes on the wire: some already percent-encoded wrongly on purpose. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('%ff', '%00', '%', '%2', '%E0%A4%A', '%C0%AF', '..', '%2e%2e', '%2F', '%2f..%2f..%2fetc', 'a%20b', '%EF%BB%BF', '-1', '0', '00000000-0000-0000-0000-000000000000', 'x'.repeat(3_000)) },
  { weight: 2, arbitrary: hostileString.filter((s) => s.length > 0 && s.length < 6_000).map(percentEncode) },
)

/** A JSON text that does not parse, or parses into something odd. */
export const brokenJson: fc.Arbitrary<string> = fc.constantFrom(
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '[1,2',
  'NaN',
  '\ufeff{}',
  '{"a":"\\u12"}',
  '{"a":"\\ud800"}',
  '{"a":1}{"b":2}',
  'null',
  '"just a string"',
  '12',
  '{} trailing',
  '{"a":1e999999}',
  '\u0000',
  '{"__proto__":{"polluted":true}}',
  '[' + '['.repeat(20_000) + ']'.repeat(20_000) + ']',
)

/** A multipart body built by hand, with a boundary fixed by the seed (`FormData` would pick its own). */
export function multipart(fields: [string, string][], boundary = 'fuzzboundary7MA4YWxkTrZu0gW'): { type: string; text: string } {
  const parts = fields.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, '_')}"\r\n\r\n${value}\r\n`)
  return { type: `multipart/form-data; boundary=${boundary}`, text: `${parts.join('')}--${boundary}--\r\n` }
}

/** Multipart bodies a parser must refuse: no boundary, a wrong one, cut short, a file where text belongs. */
export const brokenMultipart: fc.Arbitrary<{ type: string; text: string }> = fc.constantFrom(
  { type: 'multipart/form-data', text: 'garbage' },
  { type: 'multipart/form-data; boundary=x', text: 'garbage' },
  { type: 'multipart/form-data; boundary=x', text: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nunterminated' },
  { type: 'multipart/form-data; boundary=x', text: '--x\r\n\r\nno headers\r\n--x--\r\n' },
  { type: 'multipart/form-data; boundary=x', text: '--x\r\nContent-Disposition: form-data; name="email"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nfile\r\n--x--\r\n' },
  { type: 'multipart/form-data; boundary=', text: '----\r\n' },
  { type: 'multipart/form-data; boundary=' + 'b'.repeat(200), text: '--x--' },
  { type: 'multipart/mixed; boundary=x', text: '--x--\r\n' },
)

/** Content types that do not fit the body, or do not exist. */
export const oddContentType: fc.Arbitrary<string | undefined> = fc.constantFrom(undefined, 'text/plain', 'application/xml', 'application/json; charset=utf-16', 'application/octet-stream', 'application/json, text/html', 'APPLICATION/JSON', 'image/png', 'x', 'application/x-www-form-urlencoded; charset=koi8-r')
