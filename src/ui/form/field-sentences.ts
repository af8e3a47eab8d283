import { fieldText, issueSentence } from '~/contract/form-issues'
import type { SchemaIssue } from '~/contract/issue-fields'
import { fieldCatalog } from '~/i18n/field-catalog'
import type { Locale } from '~/i18n/locales'

/**
 * The field sentences of a language as the form toolkit uses them: a schema's issue, or a
 * server answer's message (a key or a sentence already translated), as the sentence to show.
 * Loaded with `import()` on a form's first use, with the `fields` catalog of the language
 * (decision 128).
 */
export async function fieldSentences(locale: Locale) {
  const i18n = await fieldCatalog(locale)
  return {
    ofIssue: (issue: SchemaIssue) => issueSentence(issue, i18n),
    text: (message: string) => fieldText(i18n, message),
  }
}
