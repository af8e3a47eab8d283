/**
 * A UTF-16 surrogate without its partner: JSON can carry it (`"\ud800"`), but no database,
 * mail or PDF can store it. Every text input is checked for it before anything else reads it,
 * so it is refused field by field with a sentence (422), never met by the database as a 500.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** The dotted paths (`customer.first_name`, `items.0`) of every string, or object key, holding a lone surrogate; `''` for the input itself. */
export function lonelySurrogatePaths(value: unknown): string[] {
  const found: string[] = []
  const walk = (node: unknown, path: string[], depth: number) => {
    if (typeof node === 'string') {
      if (LONE_SURROGATE.test(node)) found.push(path.join('.'))
      return
    }
    if (depth > 32 || node === null || typeof node !== 'object') return
    const entries = node instanceof FormData ? [...node.entries()] : Object.entries(node)
    for (const [key, child] of entries) {
      if (LONE_SURROGATE.test(key)) found.push([...path, key.replace(new RegExp(LONE_SURROGATE, 'g'), '\uFFFD')].join('.'))
      else walk(child, [...path, key], depth + 1)
    }
  }
  walk(value, [], 0)
  return [...new Set(found)]
}
