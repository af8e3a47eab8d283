import { timingSafeEqual } from 'node:crypto'

/** Whether a bearer token is the operator token; compared in constant time, so timing does not reveal it. */
export function isOperatorToken(given: string | undefined, expected: string): boolean {
  const a = Buffer.from(given ?? '')
  const b = Buffer.from(expected)
  return expected.length > 0 && a.length === b.length && timingSafeEqual(a, b)
}
