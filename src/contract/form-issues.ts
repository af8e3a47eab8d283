import type { Locale } from '~/i18n/locales'
import { fieldMessage, isFieldMessageKey, type FieldMessageKey } from './field-messages'

/**
 * Turning a schema's failures into one sentence per field, the same way in the browser (the
 * form toolkit, `src/ui/form`) and on the server (server functions, `src/server/web/forms.ts`).
 * Zod-free: it reads the Standard Schema issue shape, so the browser takes it without zod.
 */

/** What a failed check reports (Standard Schema's issue, plus zod's `code` and `input` when present). */
export interface SchemaIssue {
  readonly message: string
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined
  readonly code?: string
  readonly input?: unknown
}

/** The dotted name of an issue's field (`owner.cnp`, `items.0.name`); `form` when it names none. */
export function issueField(issue: SchemaIssue): string {
  const parts = (issue.path ?? []).map((part) => String(typeof part === 'object' && part !== null ? part.key : part))
  return parts.length > 0 ? parts.join('.') : 'form'
}

/**
 * The message key of an issue: the schema's own key when it has one, else a generic key by the
 * kind of failure, so a visitor never reads a check's internals (a pattern, a type name).
 */
export function issueKey(issue: SchemaIssue): FieldMessageKey {
  if (isFieldMessageKey(issue.message)) return issue.message
  // Without the input reported (the browser's Standard Schema call) a wrong type means a missing value.
  const absent = !('input' in issue) || issue.input === undefined || issue.input === null || issue.input === ''
  if (issue.code === 'invalid_type') return absent ? 'field_required' : 'field_invalid'
  if (issue.code === 'too_small' && (issue.input === '' || issue.input === undefined)) return 'field_required'
  if (issue.code === 'too_big') return 'field_too_long'
  return 'field_invalid'
}

/** Every field's messages (translated, one per distinct sentence), keyed by dotted field name. */
export function issuesToFields(issues: readonly SchemaIssue[], locale: Locale): Record<string, string[]> {
  const fields: Record<string, string[]> = {}
  for (const issue of issues) {
    const list = (fields[issueField(issue)] ??= [])
    const sentence = fieldMessage(locale, issueKey(issue))
    if (!list.includes(sentence)) list.push(sentence)
  }
  return fields
}

/**
 * A message that may be a key (from a schema) or already a sentence (from the API's 422, which
 * the API translated): the sentence either way.
 */
export function fieldText(locale: Locale, message: string): string {
  return isFieldMessageKey(message) ? fieldMessage(locale, message) : message
}

/**
 * The API's 422 field map laid onto a form's fields: each dotted key that names a field of the
 * form keeps its first message; the rest (and `form`, `body`) become the form's own message, so
 * nothing the server said is lost and nothing shows twice.
 */
export function fieldsOntoForm(
  fields: Readonly<Record<string, readonly string[] | undefined>>,
  formFields: readonly string[],
): { fields: Record<string, string>; form: string | undefined } {
  const known = new Set(formFields)
  const onFields: Record<string, string> = {}
  const rest: string[] = []
  for (const [name, messages] of Object.entries(fields)) {
    const first = messages?.[0]
    if (!first) continue
    // `owner.cnp` may be shown by a field named `owner.cnp`, or by its parent `owner` when the form has no finer field.
    const target = known.has(name) ? name : [...known].find((f) => name.startsWith(`${f}.`))
    if (target && !(target in onFields)) onFields[target] = first
    else if (!target && !rest.includes(first)) rest.push(first)
  }
  return { fields: onFields, form: rest.length > 0 ? rest.join(' ') : undefined }
}
