import { Trans, useLingui } from '@lingui/react/macro'
import { useServerFn } from '@tanstack/react-start'
import { useState, useSyncExternalStore } from 'react'
import type { Vehicle } from '~/contract/account-area'
import type { DirectBooking, DirectBookingInput } from '~/contract/direct-booking'
import { BOOKING_ADDRESS_MAX, BOOKING_NOTE_MAX, DIRECT_BOOKING_KINDS, type DirectBookingKind } from '~/contract/direct-booking-constants'
import { ContractForm, FormError, FormField, SubmitButton } from '~/ui/form/form-parts'
import { fieldId, useContractForm, type ContractFormApi } from '~/ui/form/use-contract-form'
import { AccidentGuide } from './accident-guide'
import { sendDirectBooking } from './direct-booking.functions'
import { useBookingKindLabels } from './labels'

/**
 * The request for help, a toolkit form (decision 56): what happened, the vehicle (one of the
 * account's, or a typed plate), where (an address, or the phone's position when the driver
 * allows it), a phone number and, for a guest, the e-mail. It posts without JavaScript too; the
 * position button appears only where the browser can give one.
 */
export function BookingForm({ vehicles, onSent }: { vehicles: Vehicle[] | null; onSent: (booking: DirectBooking) => Promise<void> | void }) {
  const { t } = useLingui()
  const kinds = useBookingKindLabels()
  const send = useServerFn(sendDirectBooking)
  const guest = vehicles === null
  const common = { kind: 'breakdown', registration_plate: '', address: '', latitude: '', longitude: '', phone: '', note: '' }
  const form = useContractForm({
    id: 'direct-booking',
    action: sendDirectBooking,
    schema: () => import('~/contract/direct-booking').then((m) => (guest ? m.GuestDirectBookingInput : m.DirectBookingInput)),
    defaultValues: guest ? { ...common, email: '' } : { ...common, vehicle_id: vehicles[0]?.id ?? '' },
    send: (values) => send({ data: values as DirectBookingInput }),
    onDone: async (booking) => {
      form.form.reset()
      await onSent(booking)
    },
    failureMessage: t`Your request could not be sent. Please try again, or call us.`,
  })

  return (
    <ContractForm form={form} labelledBy="booking-form-title">
      <FormField form={form} name="kind" label={<Trans>What happened?</Trans>}>
        {(p) => (
          <select {...p}>
            {DIRECT_BOOKING_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {kinds[kind]}
              </option>
            ))}
          </select>
        )}
      </FormField>

      <form.form.Subscribe selector={(s) => s.values.vehicle_id}>
        {(vehicleId) => (
          <>
            {vehicles && vehicles.length > 0 ? (
              <FormField form={form} name="vehicle_id" label={<Trans>Vehicle</Trans>}>
                {(p) => (
                  <select {...p}>
                    {vehicles.map((v) => (
                      <option key={v.id} value={v.id}>
                        {[v.registration_plate, v.make, v.model].filter(Boolean).join(' · ')}
                      </option>
                    ))}
                    <option value="">{t`Another vehicle: I type the plate`}</option>
                  </select>
                )}
              </FormField>
            ) : null}
            {guest || !vehicles || vehicles.length === 0 || vehicleId === '' ? (
              <FormField form={form} name="registration_plate" label={<Trans>Registration plate</Trans>} hint={<Trans>For example B 123 ABC.</Trans>}>
                {(p) => <input {...p} autoCapitalize="characters" autoComplete="off" maxLength={20} />}
              </FormField>
            ) : null}
          </>
        )}
      </form.form.Subscribe>

      <FormField
        form={form}
        name="address"
        label={<Trans>Where are you?</Trans>}
        hint={<Trans>The address, the road and kilometre, or a landmark. You can also add your phone’s position.</Trans>}
      >
        {(p) => <textarea {...p} rows={2} maxLength={BOOKING_ADDRESS_MAX} autoComplete="street-address" />}
      </FormField>
      <LocationButton form={form} />

      <FormField form={form} name="phone" label={<Trans>Phone number</Trans>} hint={<Trans>We call you on it. A Romanian number, or one from abroad with its country code.</Trans>}>
        {(p) => <input {...p} type="tel" autoComplete="tel" inputMode="tel" />}
      </FormField>
      {guest ? (
        <FormField form={form} name="email" label={<Trans>E-mail</Trans>} hint={<Trans>We send the reference and every change of status there.</Trans>}>
          {(p) => <input {...p} type="email" autoComplete="email" />}
        </FormField>
      ) : null}
      <FormField form={form} name="note" label={<Trans>Anything we should know? (optional)</Trans>}>
        {(p) => <textarea {...p} rows={3} maxLength={BOOKING_NOTE_MAX} />}
      </FormField>

      <form.form.Subscribe selector={(s) => s.values.kind}>
        {(kind) => ((DIRECT_BOOKING_KINDS as readonly unknown[]).includes(kind) ? <AccidentGuide kind={kind as DirectBookingKind} rca={undefined} headingLevel={3} /> : null)}
      </form.form.Subscribe>

      <FormError form={form} />
      <SubmitButton form={form}>
        <Trans>Send the request</Trans>
      </SubmitButton>
    </ContractForm>
  )
}

type Locating = 'idle' | 'asking' | 'refused' | 'unavailable'
const noSubscription = () => () => {}

/**
 * The phone's position, a progressive enhancement: shown only when the browser has geolocation,
 * asked only when the driver presses it (the browser then asks for consent), and it fills the
 * form's `latitude` and `longitude`. Without it, the address does the job.
 */
function LocationButton({ form }: { form: ContractFormApi }) {
  // False while rendering on the server and hydrating, so the button appears only where it can work.
  const supported = useSyncExternalStore(noSubscription, () => 'geolocation' in navigator, () => false)
  const [state, setState] = useState<Locating>('idle')
  const [accuracy, setAccuracy] = useState<number | null>(null)
  const error = form.errors.latitude ?? form.errors.longitude

  const locate = () => {
    setState('asking')
    navigator.geolocation.getCurrentPosition(
      (position) => {
        form.form.setFieldValue('latitude', position.coords.latitude.toFixed(6))
        form.form.setFieldValue('longitude', position.coords.longitude.toFixed(6))
        setAccuracy(Math.round(position.coords.accuracy))
        setState('idle')
        // The address may now be left empty: its sentence, if shown, goes.
        form.revalidateIfShown('address')
      },
      (failure) => setState(failure.code === failure.PERMISSION_DENIED ? 'refused' : 'unavailable'),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    )
  }
  const clear = () => {
    form.form.setFieldValue('latitude', '')
    form.form.setFieldValue('longitude', '')
    setAccuracy(null)
  }

  return (
    <form.form.Subscribe selector={(s) => [s.values.latitude, s.values.longitude] as const}>
      {([latitude, longitude]) => (
        <div className="location" id={fieldId(form.id, 'latitude')} tabIndex={-1}>
          {typeof latitude === 'string' && latitude !== '' && typeof longitude === 'string' ? (
            <p role="status" className="notice notice--success">
              {accuracy !== null ? (
                <Trans>
                  Your position is added: {latitude}, {longitude} (within about {accuracy} m).
                </Trans>
              ) : (
                <Trans>
                  Your position is added: {latitude}, {longitude}.
                </Trans>
              )}{' '}
              <button type="button" className="link-button" onClick={clear}>
                <Trans>Remove it</Trans>
              </button>
            </p>
          ) : supported ? (
            <button type="button" className="button button--secondary" onClick={locate} disabled={state === 'asking'} aria-busy={state === 'asking'}>
              {state === 'asking' ? <Trans>Finding your position…</Trans> : <Trans>Use my phone’s position</Trans>}
            </button>
          ) : null}
          {state === 'refused' ? (
            <p role="alert" className="field__error">
              <Trans>The browser was not allowed to give your position. Type the address instead, or allow it in the browser’s settings and try again.</Trans>
            </p>
          ) : null}
          {state === 'unavailable' ? (
            <p role="alert" className="field__error">
              <Trans>Your position could not be found just now. Type the address instead.</Trans>
            </p>
          ) : null}
          {error ? <p className="field__error">{error}</p> : null}
        </div>
      )}
    </form.form.Subscribe>
  )
}
