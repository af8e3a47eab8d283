import '@tanstack/react-start/server-only'
import { isRedirect } from '@tanstack/react-router'
import { setResponseStatus } from '@tanstack/react-start/server'
import type { z } from 'zod'
import { FORM_CHECKBOXES_FIELD, FORM_ID_FIELD, FORM_RETURN_FIELD, type FormResult } from '~/contract/form-result'
import type { FieldMessageKey } from '~/contract/field-messages'
import { issuesToFields } from '~/contract/form-issues'
import { internalPath } from '~/contract/paths'
import { lonelySurrogatePaths } from '~/contract/well-formed-text'
import { fieldSentence, i18nFor } from '../i18n'
import { ProviderError } from '../provider'
import { writeFormFlash } from './form-flash'
import { currentPagePath, requestLocale } from './request'

/**
 * Runs a provider call for a form: a 422 becomes the field map the form shows; refusals of the
 * whole form become its message; anything else is thrown. An object the provider does not find
 * for this user (another user's, ended, unknown) makes the server function answer 404 too, so
 * no caller can take it for a success.
 */
export async function formResult<T>(call: () => Promise<T>): Promise<FormResult<T>> {
  try {
    return { ok: true, data: await call() }
  } catch (error) {
    if (error instanceof ProviderError && error.status === 422 && error.fieldErrors) {
      setResponseStatus(422)
      return { ok: false, fields: error.fieldErrors }
    }
    if (error instanceof ProviderError && error.status === 404) {
      setResponseStatus(404)
      return { ok: false, fields: { form: [error.body.error.pretty_message] } }
    }
    // Refusals that concern the whole form (deleted account, too many attempts, a product not sold for want of a fresh exchange rate): the provider's sentence.
    if (error instanceof ProviderError && (error.status === 403 || error.status === 422 || error.status === 429 || error.status === 503)) {
      setResponseStatus(error.status)
      return { ok: false, fields: { form: [error.body.error.pretty_message] } }
    }
    throw error
  }
}

/** A form field's sentence in the visitor's language, for a server function's own refusal. */
export function requestFieldSentence(key: FieldMessageKey): string {
  return fieldSentence(requestLocale(), key)
}

/**
 * Input a server function refused (missing, of the wrong type, failing its schema): it answers
 * this status with a sentence in the visitor's language, never a parser's or a runtime's text.
 */
export class InputError extends Error {
  constructor(
    readonly status: 400 | 422,
    message: string,
    readonly fields: Record<string, string[]> = {},
  ) {
    super(message)
    this.name = 'InputError'
  }
}

/** Text no database can store (a lone surrogate), by field: refused before any schema or call reads it. */
function unreadableFields(input: unknown): Record<string, string[]> | undefined {
  const paths = lonelySurrogatePaths(input)
  if (paths.length === 0) return undefined
  const message = requestFieldSentence('text_unreadable')
  return Object.fromEntries(paths.map((path) => [path || 'form', [message]]))
}

const refuse = (status: 400 | 422, fields: Record<string, string[]> = {}): never => {
  setResponseStatus(status)
  const first = Object.values(fields)[0]?.[0]
  throw new InputError(status, first ?? requestFieldSentence('request_invalid'), fields)
}

/**
 * The validator of a server function that is not a form: the contract schema checks the input;
 * anything else answers 400 (not an object) or 422 (fields wrong) with a translated sentence.
 */
export function contractInput<S extends z.ZodType>(schema: S): (input: z.input<S>) => z.output<S> {
  return (input) => {
    const unreadable = unreadableFields(input)
    if (unreadable) return refuse(422, unreadable)
    const result = schema.safeParse(input, { reportInput: true })
    if (result.success) return result.data
    const malformed = input === null || typeof input !== 'object' || Array.isArray(input)
    return refuse(malformed ? 400 : 422, malformed ? {} : issuesToFields(result.error.issues, i18nFor(requestLocale())))
  }
}

/** A form submission as the validator hands it to the handler: checked input or the fields that failed. */
export interface FormSubmission<T> {
  parsed: { ok: true; input: T } | { ok: false; fields: Record<string, string[]> }
  /** Posted by the browser without JavaScript: answer with a redirect, not data. */
  noScript: { form: string; returnTo: string; values: Record<string, string | boolean> } | undefined
}

/**
 * The validator of a form's server function. It takes the form's values as an object (the
 * toolkit's call with JavaScript) or as the browser's own post (FormData, without JavaScript),
 * checks them with the same contract schema as the API and the browser, and hands the handler
 * either the input or the translated field map. Anything that is neither answers 400.
 */
export function formInput<S extends z.ZodType>(schema: S): (input: z.input<S>) => FormSubmission<z.output<S>> {
  // Typed as the schema's input for callers; the browser's own post arrives as FormData.
  return (input) => {
    const raw: unknown = input
    let values: unknown = raw
    let noScript: FormSubmission<unknown>['noScript']
    if (raw instanceof FormData) {
      const posted = formDataValues(raw)
      // A page without JavaScript cannot solve a captcha: the token goes empty and the provider decides.
      posted.token ??= ''
      values = posted
      const form = typeof posted[FORM_ID_FIELD] === 'string' ? posted[FORM_ID_FIELD].slice(0, 64) : 'form'
      noScript = { form, returnTo: internalPath(posted[FORM_RETURN_FIELD]) ?? currentPagePath() ?? '/', values: posted }
    } else if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      return refuse(400)
    }
    const unreadable = unreadableFields(values)
    if (unreadable) return { parsed: { ok: false, fields: unreadable }, noScript }
    const result = schema.safeParse(values, { reportInput: true })
    if (result.success) return { parsed: { ok: true, input: result.data }, noScript }
    return { parsed: { ok: false, fields: issuesToFields(result.error.issues, i18nFor(requestLocale())) }, noScript }
  }
}

/**
 * Posted text is cut above every contract's own maximum (a note holds 10 000 characters), so a
 * longer text is refused by its schema with the field's sentence, never saved cut short.
 */
const MAX_POSTED_TEXT = 50_000

/** A posted form's text fields; the boxes it names as checkboxes become true or false. */
function formDataValues(data: FormData): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {}
  for (const [name, value] of data.entries()) if (typeof value === 'string' && !(name in values)) values[name] = value.slice(0, MAX_POSTED_TEXT)
  const boxes = typeof values[FORM_CHECKBOXES_FIELD] === 'string' ? values[FORM_CHECKBOXES_FIELD].split(',').filter(Boolean) : []
  for (const box of boxes.slice(0, 20)) values[box] = typeof values[box] === 'string' && values[box] !== ''
  return values
}

/**
 * Runs a form submission: a failed check answers 422 with the field map; otherwise `run` calls
 * the provider (through `formResult`). Posted without JavaScript, the answer is a 303 instead:
 * on success to `done(data)` (or back to the page), on failure back to the page, which shows the
 * errors from a short-lived cookie (src/server/web/form-flash.ts). A call that fills the form in
 * rather than ending it (a registry look-up) names what to put back with `refill`: the browser
 * returns to the form with those values (and sentences) over what was typed.
 */
export async function answerForm<I, T>(
  submission: FormSubmission<I>,
  run: (input: I) => Promise<T>,
  options: {
    done?: (data: T, returnTo: string) => string | undefined
    refill?: (data: T) => { values?: Record<string, string>; fields?: Record<string, string[]> }
  } = {},
): Promise<FormResult<T> | Response> {
  const { parsed, noScript } = submission
  let result: FormResult<T>
  try {
    if (parsed.ok) result = await formResult(() => run(parsed.input))
    else {
      setResponseStatus(422)
      result = { ok: false, fields: parsed.fields }
    }
  } catch (error) {
    // A redirect (maintenance, an ended session) is followed as a page load: 303 so the browser GETs it.
    if (noScript && isRedirect(error)) return seeOther(error.headers.get('location') ?? '/')
    throw error
  }
  if (!noScript) return result
  if (result.ok && options.refill) {
    const { values = {}, fields = {} } = options.refill(result.data)
    await writeFormFlash({ form: noScript.form, fields, values: { ...noScript.values, ...values } })
    return seeOther(noScript.returnTo)
  }
  if (result.ok) return seeOther(internalPath(options.done?.(result.data, noScript.returnTo)) ?? noScript.returnTo)
  await writeFormFlash({ form: noScript.form, fields: result.fields, values: noScript.values })
  return seeOther(noScript.returnTo)
}

const seeOther = (location: string) => {
  setResponseStatus(303)
  return new Response(null, { status: 303, headers: { location } })
}
