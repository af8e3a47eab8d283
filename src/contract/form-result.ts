/**
 * What a form's server function answers: the result, or the provider's 422 field map
 * (field → messages, already in the visitor's language). Zod-free: the browser uses it.
 */
export type FormResult<T> = { ok: true; data: T } | { ok: false; fields: Record<string, string[]> }
