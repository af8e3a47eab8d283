/**
 * Route search parameters, checked without zod. Every route's `validateSearch` is part of the
 * route tree, which the browser loads on every first visit; with zod there it took the whole zod
 * core (about 23 KB gzip, shared with the lazily loaded form schemas) into the first load of every
 * page (decision 78). A search field is optional by nature: a value that does not
 * fit is dropped (undefined), never an error, as the former `z.catch(z.optional(…), undefined)` did.
 *
 * The router has already parsed each value (`?page=2` is the number 2, `?sent=yes` the string).
 */
import { PUBLIC_ID_PATTERN } from '~/contract/constants'

/** One search field: the value when it fits, otherwise undefined. */
export type SearchField<T> = (value: unknown) => T | undefined

type Parsed<S extends Record<string, SearchField<unknown>>> = { [K in keyof S]?: S[K] extends SearchField<infer T> ? T : never }

/** A `validateSearch` function from a field per name; names not listed are dropped. */
export function searchParams<S extends Record<string, SearchField<unknown>>>(fields: S): (search: Record<string, unknown>) => NoInfer<Parsed<S>> {
  return (search) => {
    const parsed: Record<string, unknown> = {}
    for (const [name, field] of Object.entries(fields)) {
      const value = field(search[name])
      if (value !== undefined) parsed[name] = value
    }
    return parsed as NoInfer<Parsed<S>>
  }
}

/** A string of at most `max` characters, matching `pattern` when one is given. */
export function text(max: number, pattern?: RegExp): SearchField<string> {
  return (value) => (typeof value === 'string' && value.length <= max && (!pattern || pattern.test(value)) ? value : undefined)
}

/** Exactly one of `values` (strings or numbers, compared without conversion). */
export function oneOf<const T extends readonly (string | number)[]>(...values: T): SearchField<T[number]> {
  return (value) => (values.includes(value as T[number]) ? (value as T[number]) : undefined)
}

/** A whole number between `min` and `max`. */
export function integer(min: number, max: number): SearchField<number> {
  return (value) => (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : undefined)
}

/** A 22-character public id (quotes, offers). */
export const publicId = text(22, PUBLIC_ID_PATTERN)

/** A UUID, any version, as zod's `z.uuid()` accepts. */
export const uuid = text(36, /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/)
