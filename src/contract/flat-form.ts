import { z } from 'zod'

/**
 * One-page forms send flat text fields (`county`, `traveller_1`, `baggage`); the API takes a
 * nested request. These read a form's values, and `flatForm` makes the form's schema: the values
 * read into the request, checked by the API's own schema, each failure named by its form field so
 * the sentence shows beside it.
 */
export const formText = (value: unknown) => (typeof value === 'string' ? value.trim() : undefined)

/** A checkbox: `true` from the toolkit, `true`/`on` from a browser without JavaScript. */
export const formBox = (value: unknown) => value === true || value === 'true' || value === 'on'

/** A whole number typed in the form; anything else stays as typed, refused with the field's sentence. */
export function formWhole(value: unknown) {
  const text = formText(value)
  return text && /^\d{1,9}$/.test(text) ? Number(text) : text || undefined
}

export function flatForm<S extends z.ZodType>(schema: S, toInput: (values: Record<string, unknown>) => unknown, fieldOf: (path: string) => string) {
  return z.unknown().transform((values, ctx): z.output<S> => {
    const read = values !== null && typeof values === 'object' ? (values as Record<string, unknown>) : {}
    const result = schema.safeParse(toInput(read), { reportInput: true })
    if (result.success) return result.data
    for (const issue of result.error.issues) {
      const field = fieldOf(issue.path.join('.'))
      ctx.issues.push({ code: 'custom', message: issue.message, path: [field], input: read[field] })
    }
    return z.NEVER
  })
}
