import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useState, type FormEvent, type ReactNode } from 'react'
import type { FormResult } from '~/contract/form-result'
import { addDays } from '~/contract/iso-date'
import type { PolicyCheckResult, VehicleEndFromCheck } from '~/contract/policy-check'
import { CHECK_DATE_RANGE_DAYS } from '~/contract/policy-check-constants'
import { todayInBucharest } from '~/i18n/dates'
import { ContractForm, FormError, SubmitButton } from '~/ui/form/form-parts'
import { useContractForm } from '~/ui/form/use-contract-form'
import { useDay } from '~/ui/policy-facts'
import { takeVehicleEndFromCheck } from './policy-check.functions'
import type { PolicyCheckSearch } from './search'

type Answer = FormResult<PolicyCheckResult['data']>

/**
 * `/verify`: does a vehicle have a valid RCA policy (bought through us), and until when? A GET
 * form, so the answer is a page the server renders, with or without JavaScript; with it, the
 * router only spares the reload. No personal data: yes or no, the insurer, the end date.
 */
export function PolicyCheckPage({ search, answer, vehicle }: { search: PolicyCheckSearch; answer: Answer | null; vehicle: VehicleEndFromCheck['data'] | null }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const today = todayInBucharest()
  const errors = answer && !answer.ok ? answer.fields : {}
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const value = (name: string) => (typeof form.get(name) === 'string' ? (form.get(name) as string) : '')
    void navigate({ to: '/verify', search: { vehicle: value('vehicle'), date: value('date') || undefined } })
  }
  return (
    <>
      <h1>
        <Trans>Check an RCA policy</Trans>
      </h1>
      <p className="lead">
        <Trans>Find out whether a vehicle has a valid RCA policy bought through us, and until when. The answer holds no personal data.</Trans>
      </p>
      {/* `key`: a new answer resets the fields to what was asked (the browser keeps typed values otherwise). */}
      <form key={`${search.vehicle ?? ''}|${search.date ?? ''}`} method="get" action="/verify" className="form" aria-label={t`Vehicle to check`} noValidate onSubmit={onSubmit}>
        <Field name="vehicle" label={t`Registration number or VIN`} hint={t`For example B 123 ABC, or the 17 characters of the VIN.`} error={errors.vehicle?.[0]}>
          {(props) => <input {...props} type="text" defaultValue={search.vehicle ?? ''} autoCapitalize="characters" autoComplete="off" spellCheck={false} required />}
        </Field>
        <Field name="date" label={t`Date to check`} hint={t`Leave empty for today.`} error={errors.date?.[0]}>
          {(props) => <input {...props} type="date" defaultValue={search.date ?? ''} min={addDays(today, -CHECK_DATE_RANGE_DAYS)} max={addDays(today, CHECK_DATE_RANGE_DAYS)} />}
        </Field>
        {errors.form?.[0] ? (
          <p className="notice notice--warning" role="alert">
            {errors.form[0]}
          </p>
        ) : null}
        <div>
          <button type="submit" className="button">
            <Trans>Check</Trans>
          </button>
        </div>
      </form>
      <div aria-live="polite">
        {answer?.ok ? <CheckAnswer vehicle={search.vehicle ?? ''} answer={answer.data} /> : null}
        {answer?.ok && vehicle ? <YourVehicle key={`${vehicle.vehicle_id}|${vehicle.valid_until ?? ''}`} found={vehicle} checked={search.vehicle ?? ''} /> : null}
      </div>
      <p className="muted">
        <Trans>Only policies issued through us are checked here. For a policy bought elsewhere, ask its insurer.</Trans>
      </p>
    </>
  )
}

function CheckAnswer({ vehicle, answer }: { vehicle: string; answer: PolicyCheckResult['data'] }) {
  const day = useDay()
  const on = day(answer.checked_on)
  const until = answer.valid_until ? day(answer.valid_until) : ''
  const insurer = answer.insurer ?? ''
  const shown = vehicle.trim().toUpperCase()
  return (
    <section className={`notice verdict ${answer.valid ? 'notice--success' : 'notice--warning'}`} aria-labelledby="check-answer-title" data-valid={answer.valid}>
      <h2 id="check-answer-title" className="verdict__title">
        {answer.valid ? <Trans>Valid</Trans> : answer.next ? <Trans>Not yet valid</Trans> : <Trans>No valid policy found</Trans>}
      </h2>
      {answer.valid ? (
        <p>
          <Trans>
            {shown} has an RCA policy from {insurer} valid on {on}, until {until} inclusive.
          </Trans>
        </p>
      ) : answer.next ? (
        <NextPolicy shown={shown} on={on} starts={day(answer.next.valid_from)} insurer={answer.next.insurer} />
      ) : (
        <p>
          <Trans>
            Among the policies issued through us, {shown} has no RCA policy valid on {on}.
          </Trans>
        </p>
      )}
    </section>
  )
}

/** No policy on the day checked, but one issued through us starts later: say from when. */
function NextPolicy({ shown, on, starts, insurer }: { shown: string; on: string; starts: string; insurer: string | null }) {
  return (
    <p>
      {insurer ? (
        <Trans>
          {shown} has no RCA policy in force on {on}, but one from {insurer} starts on {starts}.
        </Trans>
      ) : (
        <Trans>
          {shown} has no RCA policy in force on {on}, but one starts on {starts}.
        </Trans>
      )}
    </p>
  )
}

/**
 * The checked plate is one of the signed-in visitor's vehicles (decision 160): the answer's last
 * day was noted on it (it had none), or is offered in place of the one it has, so the renewal is
 * prepared. Only the visitor's own vehicle and the public answer's date are shown.
 */
function YourVehicle({ found, checked }: { found: VehicleEndFromCheck['data']; checked: string }) {
  const day = useDay()
  const [taken, setTaken] = useState(found.taken)
  if (!found.valid_until) return null
  const plate = found.registration_plate
  const until = day(found.valid_until)
  const link = (
    <Link to="/account/vehicles/$id" params={{ id: found.vehicle_id }}>
      <Trans>See the vehicle</Trans>
    </Link>
  )
  if (taken)
    return (
      <p className="notice notice--info" data-vehicle-end="taken">
        <Trans>
          We noted {until} as the last day of the RCA of your vehicle {plate}: fresh prices for the next policy will wait in your account before it ends, and we will remind you.
        </Trans>{' '}
        {link}
      </p>
    )
  // Only ever later: a date past this policy's end may be one renewed elsewhere.
  if (found.vehicle_valid_until && found.vehicle_valid_until >= found.valid_until) return null
  const noted = day(found.vehicle_valid_until ?? found.valid_until)
  return (
    <div className="notice notice--info" data-vehicle-end="offered">
      <p>
        <Trans>
          Your vehicle {plate} has {noted} noted as the last day of its RCA. Use {until}, the last day of the policy found here, so its renewal is prepared in time?
        </Trans>
      </p>
      <TakeEndForm checked={checked} onDone={() => setTaken(true)} />
    </div>
  )
}

function TakeEndForm({ checked, onDone }: { checked: string; onDone: () => void }) {
  const { t } = useLingui()
  const send = useServerFn(takeVehicleEndFromCheck)
  const form = useContractForm({
    id: 'policy-check-take-end',
    action: takeVehicleEndFromCheck,
    schema: () => import('~/contract/policy-check').then((m) => m.VehicleEndFromCheckForm),
    defaultValues: {},
    send: () => send({ data: { vehicle: checked } }),
    onDone,
    failureMessage: t`That did not work. Please try again in a moment.`,
  })
  return (
    <ContractForm form={form} className="inline-form">
      <input type="hidden" name="vehicle" value={checked} />
      <FormError form={form} />
      <SubmitButton form={form}>
        <Trans>Use this date for my vehicle</Trans>
      </SubmitButton>
    </ContractForm>
  )
}

interface ControlProps {
  id: string
  name: string
  'aria-invalid'?: true
  'aria-describedby': string
}

/** A labelled field with its hint and, under it, its error once (`aria-invalid`, `aria-describedby`). */
function Field({ name, label, hint, error, children }: { name: string; label: string; hint: string; error: string | undefined; children: (props: ControlProps) => ReactNode }) {
  const id = `policy-check-${name}`
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      <p className="field__hint" id={`${id}-hint`}>
        {hint}
      </p>
      {children({ id, name, ...(error ? { 'aria-invalid': true as const } : {}), 'aria-describedby': error ? `${id}-hint ${id}-error` : `${id}-hint` })}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  )
}
