import { useLingui } from '@lingui/react/macro'
import { useForm, type ReactFormExtendedApi } from '@tanstack/react-form'
import { useRouteContext, useRouterState } from '@tanstack/react-router'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { captchaToken, type CaptchaProvider } from '~/captcha/captcha-token'
import { useCaptchaWidget } from '~/captcha/use-captcha-widget'
import type { FormFlash, FormResult } from '~/contract/form-result'
import { fieldsOntoForm, issueField, type SchemaIssue } from '~/contract/issue-fields'
import { isLocale, type Locale } from '~/i18n/locales'
import { useFollowRedirect } from '../follow-redirect'

/** The values a toolkit form holds: text fields are strings, checkboxes booleans. */
export type FormValues = Record<string, string | boolean>

/**
 * A contract schema as the browser uses it: anything Standard Schema (zod, zod/mini). Forms load
 * it lazily (`() => import('~/contract/auth').then((m) => m.LoginInput)`) so zod reaches the
 * browser only when a visitor starts filling in a form, never on first load (decision 56).
 */
export interface BrowserSchema {
  readonly '~standard': {
    validate(value: unknown): { readonly issues?: ReadonlyArray<SchemaIssue> } | Promise<{ readonly issues?: ReadonlyArray<SchemaIssue> }>
  }
}

export interface ContractFormOptions<V extends FormValues, T> {
  /** Names the form: the prefix of its fields' ids and the key of its errors after a post without JavaScript. */
  id: string
  /** The server function the form posts to without JavaScript (its `url`); with JavaScript, `send` calls it. */
  action: { url: string }
  /** The same zod schema the API and the server function check with, loaded on first use. */
  schema: () => Promise<BrowserSchema>
  defaultValues: V
  /** Calls the server function with the checked values (and the captcha `token` when `captcha` is set). */
  send: (values: V & { token?: string }) => Promise<FormResult<T> | Response | undefined>
  /** After a success, with what was sent; `form.form.reset()` puts the default values back. */
  onDone?: (data: T, values: V) => Promise<void> | void
  captcha?: { provider: CaptchaProvider; action?: string }
  /** The form-level message when the call itself failed (network, server error). */
  failureMessage?: string
}

const EMPTY: Record<string, string> = {}

/**
 * The field sentences (their code and the `fields` catalog of the page's language) load on first
 * use with the schema, not with the page (decisions 80 and 128); a post without JavaScript gets
 * them from the server. Forms use it through the hook; a form's own notice may call it too.
 */
let sentences: Promise<typeof import('./field-sentences')> | undefined
export const loadFieldSentences = (locale: Locale) =>
  (sentences ??= import('./field-sentences').catch((error: unknown) => {
    sentences = undefined // tried again on the next check
    throw error
  })).then(({ fieldSentences }) => fieldSentences(locale))

/**
 * One way of doing forms (decision 56), on @tanstack/react-form: values and submission state live
 * in TanStack Form; this adds the contract schema's checks on blur and on submit, each field's
 * sentence once beside it, the server's 422 field map laid onto the fields, a form-level message
 * for the rest, the first invalid field focused, and the post without JavaScript (the same
 * server function re-renders the page with the same errors). Render it with the parts of
 * `./form-parts` (`ContractForm`, `FormField`, `CheckboxField`, `FormError`, `SubmitButton`).
 */
export function useContractForm<V extends FormValues, T>(options: ContractFormOptions<V, T>) {
  const { t, i18n } = useLingui()
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : 'ro'
  const widget = useCaptchaWidget()
  const followRedirect = useFollowRedirect()
  const element = useRef<HTMLFormElement | null>(null)
  const returnTo = useRouterState({ select: (s) => s.location.href })

  // A post without JavaScript came back with errors: start from what was typed and show them.
  const rootContext = useRouteContext({ strict: false }) as { formFlash?: FormFlash }
  const flash = rootContext.formFlash?.form === options.id ? rootContext.formFlash : undefined
  const names = useMemo(() => Object.keys(options.defaultValues), [options.defaultValues])
  // Only the first render's flash counts (a lazy initial state): later navigations carry none.
  const [initial] = useState(() => {
    const values = { ...options.defaultValues }
    for (const name of names) {
      const kept = flash?.values[name]
      if (kept !== undefined && typeof kept === typeof values[name]) (values as FormValues)[name] = kept
    }
    const placed = flash ? fieldsOntoForm(flash.fields, names) : { fields: EMPTY, form: undefined }
    return { values, ...placed }
  })

  const [errors, setErrors] = useState<Record<string, string>>(initial.fields)
  const [formError, setFormError] = useState<string | undefined>(initial.form)
  const schemaRef = useRef<Promise<BrowserSchema> | null>(null)
  const loadSchema = useCallback(() => (schemaRef.current ??= options.schema()), [options])

  /** Every field's first sentence for these values (fields of the form only: the server checks the rest). */
  const check = useCallback(
    async (values: FormValues): Promise<Record<string, string>> => {
      const [schema, sentence] = await Promise.all([loadSchema(), loadFieldSentences(locale)])
      const result = await schema['~standard'].validate(values)
      const found: Record<string, string> = {}
      for (const issue of result.issues ?? []) {
        const name = issueField(issue)
        if (names.includes(name) && !(name in found)) found[name] = sentence.ofIssue(issue)
      }
      return found
    },
    [loadSchema, names, locale],
  )

  const focusFirst = useCallback(
    (invalid: Record<string, string>) => {
      const first = names.find((name) => name in invalid)
      if (first) document.getElementById(fieldId(options.id, first))?.focus()
    },
    [names, options.id],
  )

  const form = useForm({
    defaultValues: initial.values as V,
    onSubmit: async ({ value }) => {
      setFormError(undefined)
      const invalid = await check(value).catch(() => ({}) as Record<string, string>)
      setErrors(invalid)
      if (Object.keys(invalid).length > 0) {
        focusFirst(invalid)
        return
      }
      try {
        const token = options.captcha ? await captchaToken(options.captcha.provider, { ...widget, action: options.captcha.action, container: element.current ?? undefined }) : undefined
        const result = await options.send(token === undefined ? value : { ...value, token })
        // Undefined when `useServerFn` followed a redirect instead (maintenance, a session that ended).
        if (!result || result instanceof Response) return
        if (!result.ok) {
          const placed = fieldsOntoForm(result.fields, names)
          const sentence = await loadFieldSentences(locale)
          setErrors(placed.fields)
          setFormError(placed.form && sentence.text(placed.form))
          focusFirst(placed.fields)
          return
        }
        await options.onDone?.(result.data, value)
      } catch (thrown) {
        if (await followRedirect(thrown)) return
        // Shown once, in the form (role=alert), not as a toast besides.
        setFormError(options.failureMessage ?? t`Something went wrong. Please try again.`)
      }
    },
  })

  // What a visitor typed before the page's JavaScript ran (a slow phone) is in the controls, not in
  // the form's state: take it over once, before a re-render would put the state's value back.
  const adoptedTyped = useRef(false)
  useEffect(() => {
    const controls = element.current?.elements
    if (adoptedTyped.current || !controls) return
    adoptedTyped.current = true
    for (const name of names) {
      const control = controls.namedItem(name)
      if (!control) continue
      const typed = control instanceof HTMLInputElement && control.type === 'checkbox' ? control.checked : (control as HTMLInputElement | RadioNodeList).value
      if (typed !== form.getFieldValue(name)) form.setFieldValue(name, typed as never)
    }
  }, [form, names])

  /** Blur: check the whole form, update this field's sentence (others keep theirs until their turn). */
  const validateField = useCallback(
    async (name: string) => {
      const invalid = await check(form.state.values).catch(() => undefined)
      if (!invalid) return
      setErrors((current) => {
        const next = { ...current }
        if (invalid[name]) next[name] = invalid[name]
        else delete next[name]
        return next
      })
    },
    [check, form],
  )

  /** Typing in a field that shows an error re-checks it, so the sentence goes as soon as it is fixed. */
  const revalidateIfShown = useCallback(
    (name: string) => {
      if (name in errors) void validateField(name)
    },
    [errors, validateField],
  )

  /**
   * Sends some of the form's values to another server function than its own (a registry look-up
   * beside the submit): its field sentences replace those of `fields`, what concerns no field is
   * the form's message, and its data comes back when it succeeded.
   */
  const sendPart = useCallback(
    async <R>(fields: readonly string[], call: (values: V) => Promise<FormResult<R> | Response | undefined>): Promise<R | undefined> => {
      setFormError(undefined)
      try {
        const result = await call(form.state.values)
        if (!result || result instanceof Response) return undefined
        const placed = fieldsOntoForm(result.ok ? {} : result.fields, names)
        const sentence = await loadFieldSentences(locale)
        setErrors((current) => ({ ...Object.fromEntries(Object.entries(current).filter(([name]) => !fields.includes(name))), ...placed.fields }))
        setFormError(placed.form && sentence.text(placed.form))
        focusFirst(placed.fields)
        return result.ok ? result.data : undefined
      } catch (thrown) {
        if (!(await followRedirect(thrown))) setFormError(options.failureMessage ?? t`Something went wrong. Please try again.`)
        return undefined
      }
    },
    [form, names, locale, focusFirst, followRedirect, options.failureMessage, t],
  )

  return {
    id: options.id,
    // The parts render fields by name; they need no knowledge of this form's value types.
    form: form as unknown as LooseForm,
    element,
    action: options.action.url,
    returnTo,
    errors,
    formError,
    checkboxes: names.filter((name) => typeof options.defaultValues[name] === 'boolean'),
    /** Loads the schema on the first focus, so the first blur checks at once. */
    warmUp: () => void Promise.all([loadSchema(), loadFieldSentences(locale)]).catch(() => undefined),
    validateField,
    revalidateIfShown,
    sendPart,
  }
}

// No form-level validators: the contract schema is checked by `check`, outside TanStack Form.
type NoValidator = undefined
type LooseForm = ReactFormExtendedApi<FormValues, NoValidator, NoValidator, NoValidator, NoValidator, NoValidator, NoValidator, NoValidator, NoValidator, NoValidator, NoValidator, never>

/** What the form parts need of `useContractForm`. */
export type ContractFormApi = ReturnType<typeof useContractForm<FormValues, unknown>>

/** The DOM id of a field's control (its label's `for`, the id focused on submit). */
export const fieldId = (form: string, name: string) => `${form}-${name.replace(/\./g, '-')}`
