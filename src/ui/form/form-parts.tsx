import { Trans } from '@lingui/react/macro'
import type { FocusEvent, ReactNode } from 'react'
import { FORM_CHECKBOXES_FIELD, FORM_ID_FIELD, FORM_RETURN_FIELD } from '~/contract/form-result'
import type { Choice } from './choices'
import { fieldId, type ContractFormApi } from './use-contract-form'

/**
 * The parts of a toolkit form (src/ui/form/use-contract-form.ts). `ContractForm` is a real
 * `<form method="post">` to the server function, so it works before and without JavaScript;
 * with JavaScript the toolkit checks and sends it instead.
 */
export function ContractForm({
  form,
  className = 'form',
  labelledBy,
  label,
  children,
}: {
  form: ContractFormApi
  className?: string
  labelledBy?: string
  /** The form's name when no heading names it (`aria-label`). */
  label?: string
  children: ReactNode
}) {
  return (
    <form.form.Subscribe selector={(s) => s.isSubmitting}>
      {(submitting) => (
        <form
          ref={form.element}
          id={form.id}
          className={className}
          action={form.action}
          method="post"
          encType="multipart/form-data"
          noValidate
          aria-busy={submitting}
          aria-labelledby={labelledBy}
          aria-label={label}
          onSubmit={(event) => {
            event.preventDefault()
            void form.form.handleSubmit()
          }}
        >
          <input type="hidden" name={FORM_ID_FIELD} value={form.id} />
          <input type="hidden" name={FORM_RETURN_FIELD} value={form.returnTo} />
          {form.checkboxes.length > 0 ? <input type="hidden" name={FORM_CHECKBOXES_FIELD} value={form.checkboxes.join(',')} /> : null}
          {children}
        </form>
      )}
    </form.form.Subscribe>
  )
}

/** What a text control gets from `FormField`: spread it on the `<input>`, `<select>` or `<textarea>`. */
export interface TextControlProps {
  id: string
  name: string
  value: string
  onChange: (event: { target: { value: string } }) => void
  onBlur: (event: FocusEvent<HTMLElement>) => void
  onFocus: () => void
  'aria-invalid'?: true
  'aria-describedby'?: string
}

/** Whether focus moves from a control to a submit button of its own form. */
function leavesForSubmit(event: FocusEvent<HTMLElement>): boolean {
  const next = event.relatedTarget
  return next instanceof HTMLButtonElement && next.type === 'submit' && next.form !== null && next.form === event.currentTarget.closest('form')
}

/** The ids that describe a control: its error when it shows one, else its hint. */
function describedBy(id: string, error: string | undefined, hint: ReactNode) {
  const ids = [error ? `${id}-error` : undefined, hint ? `${id}-hint` : undefined].filter(Boolean)
  return ids.length > 0 ? ids.join(' ') : undefined
}

/**
 * A labelled text field: label, optional hint, the control, and its error sentence once, right
 * under it (`aria-invalid`, `aria-describedby`). `name` may be dotted (`owner.cnp`).
 */
export function FormField({
  form,
  name,
  label,
  hint,
  children,
}: {
  form: ContractFormApi
  name: string
  label: ReactNode
  hint?: ReactNode
  children: (control: TextControlProps) => ReactNode
}) {
  const id = fieldId(form.id, name)
  const error = form.errors[name]
  const described = describedBy(id, error, hint)
  return (
    <form.form.Field name={name}>
      {(field) => (
        <div className={error ? 'field field--invalid' : 'field'}>
          <label htmlFor={id}>{label}</label>
          {hint ? (
            <p className="field__hint" id={`${id}-hint`}>
              {hint}
            </p>
          ) : null}
          {children({
            id,
            name,
            value: typeof field.state.value === 'string' ? field.state.value : '',
            onChange: (event) => {
              field.handleChange(event.target.value)
              form.revalidateIfShown(name)
            },
            onBlur: (event) => {
              field.handleBlur()
              // Leaving for the submit button: the submit checks every field. A sentence shown now
              // would move the button between press and release, and the click would miss it.
              if (!leavesForSubmit(event)) void form.validateField(name)
            },
            onFocus: form.warmUp,
            ...(error ? { 'aria-invalid': true as const } : {}),
            ...(described ? { 'aria-describedby': described } : {}),
          })}
          {error ? (
            <p className="field__error" id={`${id}-error`}>
              {error}
            </p>
          ) : null}
        </div>
      )}
    </form.form.Field>
  )
}

/** A labelled `<select>` of `choices`; `placeholder` adds an empty first choice ("Choose the county"). */
export function SelectField({
  form,
  name,
  label,
  hint,
  choices,
  placeholder,
  autoComplete,
}: {
  form: ContractFormApi
  name: string
  label: ReactNode
  hint?: ReactNode
  choices: readonly Choice[]
  placeholder?: string
  autoComplete?: string
}) {
  return (
    <FormField form={form} name={name} label={label} hint={hint}>
      {(p) => (
        <select {...p} autoComplete={autoComplete}>
          {placeholder === undefined ? null : <option value="">{placeholder}</option>}
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value} disabled={choice.disabled}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  )
}

/** A required or optional checkbox with its label (which may hold links) and its error once, under it. */
export function CheckboxField({ form, name, label }: { form: ContractFormApi; name: string; label: ReactNode }) {
  const id = fieldId(form.id, name)
  const error = form.errors[name]
  return (
    <form.form.Field name={name}>
      {(field) => (
        <div className={error ? 'field field--checkbox field--invalid' : 'field field--checkbox'}>
          <input
            type="checkbox"
            id={id}
            name={name}
            value="true"
            checked={field.state.value === true}
            onChange={(event) => {
              field.handleChange(event.target.checked)
              form.revalidateIfShown(name)
            }}
            onBlur={() => field.handleBlur()}
            onFocus={form.warmUp}
            {...(error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {})}
          />
          <label htmlFor={id}>{label}</label>
          {error ? (
            <p className="field__error" id={`${id}-error`}>
              {error}
            </p>
          ) : null}
        </div>
      )}
    </form.form.Field>
  )
}

/** What concerns no field (too many attempts, a refused account, a failed call): once, above the button. */
export function FormError({ form }: { form: ContractFormApi }) {
  return form.formError ? (
    <p className="notice notice--warning" role="alert">
      {form.formError}
    </p>
  ) : null
}

/** The submit button: disabled, with a waiting label, while the form is checked and sent. */
export function SubmitButton({ form, children, className = 'button' }: { form: ContractFormApi; children: ReactNode; className?: string }) {
  return (
    <form.form.Subscribe selector={(s) => s.isSubmitting}>
      {(submitting) => (
        <button type="submit" className={className} disabled={submitting}>
          {submitting ? <Trans>Please wait…</Trans> : children}
        </button>
      )}
    </form.form.Subscribe>
  )
}
