/**
 * The part of Seroval's JSON form (the payload format of TanStack Start's server-function calls)
 * the fuzzer speaks: plain values in, plain values out. Written here rather than imported from
 * `seroval` so the fuzzer can also write nodes Seroval itself would never produce.
 */

/** A Seroval node as JSON. */
export type SerovalNode = Record<string, unknown>

/** Seroval escapes strings as JavaScript literals; JSON's escapes are a subset it reads back. */
const escape = (text: string) => JSON.stringify(text).slice(1, -1)

/** `value` as a Seroval node; `next` numbers the objects and arrays (Seroval's reference ids). */
export function serovalNode(value: unknown, next = { id: 0 }): SerovalNode {
  if (value === null) return { t: 2, s: 0 }
  if (value === undefined) return { t: 2, s: 1 }
  if (value === true) return { t: 2, s: 2 }
  if (value === false) return { t: 2, s: 3 }
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return { t: 2, s: 7 }
    if (value === Infinity) return { t: 2, s: 5 }
    if (value === -Infinity) return { t: 2, s: 6 }
    if (Object.is(value, -0)) return { t: 2, s: 4 }
    return { t: 0, s: value }
  }
  if (typeof value === 'string') return { t: 1, s: escape(value) }
  if (typeof value === 'bigint') return { t: 3, s: String(value) }
  if (Array.isArray(value)) {
    const i = next.id++
    return { t: 9, i, a: value.map((item) => serovalNode(item, next)), o: 0 }
  }
  const i = next.id++
  const entries = Object.entries(value as Record<string, unknown>)
  return { t: 10, i, p: { k: entries.map(([key]) => escape(key)), v: entries.map(([, item]) => serovalNode(item, next)) }, o: 0 }
}

/** The body of a call with `data` (and, when given, the client's `context`), as Start's client sends it. */
export function serovalPayload(data: unknown, context?: unknown): string {
  const call: Record<string, unknown> = { data }
  if (context !== undefined) call.context = context
  return JSON.stringify({ t: serovalNode(call), f: 127, m: [] })
}

/** A string node's text (`\x3C` is Seroval's `<`). */
const unescape = (text: string) => (text.includes('\\') ? (JSON.parse(`"${text.replace(/\\x([0-9a-fA-F]{2})/g, '\\u00$1')}"`) as string) : text)

/** A server function's error as Start sends it: only the message crosses the wire. */
export interface SerializedError {
  errorMessage: string
}

/**
 * A plain value read back from a Seroval answer: objects, arrays, strings, numbers, constants
 * and Start's shallow errors (`$TSR/Error`). Any other node throws: the answer carried something
 * the fuzzer does not expect an error to carry.
 */
export function serovalValue(node: unknown): unknown {
  if (typeof node !== 'object' || node === null) throw new Error(`not a Seroval node: ${JSON.stringify(node)}`)
  const n = node as { t?: unknown; s?: unknown; a?: unknown; p?: { k?: unknown; v?: unknown }; c?: unknown }
  switch (n.t) {
    case 0:
      return Number(n.s)
    case 1:
      return unescape(String(n.s))
    case 2:
      return [null, undefined, true, false, -0, Infinity, -Infinity, NaN][Number(n.s)]
    case 9:
      return (Array.isArray(n.a) ? n.a : []).map(serovalValue)
    case 10: {
      const keys = Array.isArray(n.p?.k) ? (n.p.k as string[]) : []
      const values = Array.isArray(n.p?.v) ? n.p.v : []
      return Object.fromEntries(keys.map((key, i) => [unescape(key), serovalValue(values[i])]))
    }
    case 25: {
      const fields = (n.s ?? {}) as Record<string, unknown>
      const extra = Object.keys(fields).filter((key) => key !== 'message')
      if (n.c !== '$TSR/Error' || extra.length > 0) throw new Error(`an error node carrying ${JSON.stringify({ c: n.c, fields: Object.keys(fields) })}`)
      return { errorMessage: String(serovalValue(fields.message ?? { t: 1, s: '' })) } satisfies SerializedError
    }
    default:
      throw new Error(`Seroval node of kind ${String(n.t)}`)
  }
}
