/**
 * What a form's server function answers: the result, or the field map (field → messages,
 * already in the visitor's language; `form` holds what concerns no field). Zod-free: the browser
 * uses it.
 */
export type FormResult<T> = { ok: true; data: T } | { ok: false; fields: Record<string, string[]> }

/**
 * Hidden fields every toolkit form posts (src/ui/form): without JavaScript the browser posts the
 * form itself to the server function, which needs to know which form it was, where to send the
 * browser back, and which fields are checkboxes (an unticked box sends nothing).
 */
export const FORM_ID_FIELD = '_form'
export const FORM_RETURN_FIELD = '_return'
export const FORM_CHECKBOXES_FIELD = '_checkboxes'

/**
 * A form posted without JavaScript that failed: the server function sends the browser back to the
 * page, with this in a short-lived cookie, so the page renders the same errors beside the same
 * fields with what the visitor typed (never passwords, codes or tokens).
 */
export interface FormFlash {
  form: string
  fields: Record<string, string[]>
  values: Record<string, string | boolean>
}
