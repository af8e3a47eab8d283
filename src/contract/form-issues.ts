import type { I18n } from '@lingui/core'
import { fieldMessage, isFieldMessageKey, type FieldMessageKey } from './field-messages'
import { issueField, type SchemaIssue } from './issue-fields'

export { fieldsOntoForm, issueField, type SchemaIssue } from './issue-fields'

/**
 * Turning a schema's failures into one sentence per field, the same way in the browser (the
 * form toolkit, `src/ui/form`) and on the server (server functions, `src/server/web/forms.ts`).
 * Zod-free: it reads the Standard Schema issue shape, so the browser takes it without zod. The
 * sentences come from the `fields` catalog through the Lingui instance passed in: the server's
 * instance of the request's language, or in the browser the one `src/i18n/field-catalog.ts`
 * loads with a form's schema, on first use, never on first load (decisions 80 and 128).
 */

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

/** The sentence shown for an issue, in the visitor's language. */
export function issueSentence(issue: SchemaIssue, i18n: I18n): string {
  return fieldMessage(i18n, issueKey(issue))
}

/** Every field's messages (translated, one per distinct sentence), keyed by dotted field name. */
export function issuesToFields(issues: readonly SchemaIssue[], i18n: I18n): Record<string, string[]> {
  const fields: Record<string, string[]> = {}
  for (const issue of issues) {
    const list = (fields[issueField(issue)] ??= [])
    const sentence = issueSentence(issue, i18n)
    if (!list.includes(sentence)) list.push(sentence)
  }
  return fields
}

/**
 * A message that may be a key (from a schema) or already a sentence (from the API's 422, which
 * the API translated): the sentence either way.
 */
export function fieldText(i18n: I18n, message: string): string {
  return isFieldMessageKey(message) ? fieldMessage(i18n, message) : message
}
