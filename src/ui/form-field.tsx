import type { ReactNode } from 'react'

export type FieldErrors = Partial<Record<string, string[]>>

interface ControlProps {
  id: string
  name: string
  'aria-invalid'?: true
  'aria-describedby'?: string
}

/**
 * A labelled form control with an optional hint and the provider's first message for the
 * field (spec §5), wired for screen readers (`aria-invalid`, `aria-describedby`).
 */
export function Field({
  form,
  name,
  label,
  hint,
  errors,
  children,
}: {
  form: string
  name: string
  label: ReactNode
  hint?: ReactNode
  errors: FieldErrors
  children: (props: ControlProps) => ReactNode
}) {
  const id = `${form}-${name}`
  const messages = errors[name]
  const describedBy = messages ? `${id}-error` : hint ? `${id}-hint` : undefined
  return (
    <div className={messages ? 'field field--invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children({ id, name, ...(messages ? { 'aria-invalid': true as const } : {}), ...(describedBy ? { 'aria-describedby': describedBy } : {}) })}
      {messages ? (
        <p className="field__error" id={`${id}-error`}>
          {messages[0]}
        </p>
      ) : null}
    </div>
  )
}

/** Errors that belong to no field (rate limits, refused accounts), shown above the buttons. */
export function FormAlert({ errors }: { errors: FieldErrors }) {
  const messages = errors.form
  return messages ? (
    <p className="notice notice--warning" role="alert">
      {messages[0]}
    </p>
  ) : null
}
