/**
 * Where a schema's failures belong on a form, without their sentences: the form toolkit
 * (`src/ui/form`) takes this on first load; the sentences (`./form-issues` and the language's
 * `fields` catalog) load with the schema, on first use (decisions 80 and 128). Zod-free.
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
