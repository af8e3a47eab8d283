import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useRouter } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useRef, useState } from 'react'
import type { Vehicle, VehicleList } from '~/contract/account-area'
import { MAX_VEHICLES_PER_ACCOUNT } from '~/contract/account-area-constants'
import { useVehicleCategoryLabels } from '~/i18n/vehicle-labels'
import { ContractForm, FormError, SubmitButton } from '~/ui/form/form-parts'
import { useContractForm } from '~/ui/form/use-contract-form'
import { notify } from '~/ui/toaster'
import { deleteVehicle } from './account-area.functions'
import { VehicleForm } from './vehicle-form'

/** `/account/vehicles`: the list, adding one, removing one (after saying what goes with it). */
export function VehiclesPage({ list }: { list: VehicleList }) {
  const { t } = useLingui()
  const router = useRouter()
  // A new form after each add: empty fields, no registry answer left over.
  const [added, setAdded] = useState(0)
  return (
    <>
      <h1>
        <Trans>Vehicles</Trans>
      </h1>
      <p className="lead">
        <Trans>Your vehicles, their papers and deadlines, costs and notes in one place.</Trans>
      </p>
      {list.data.length === 0 ? (
        <p className="empty-state" role="status">
          <Trans>No vehicles yet. Add the first one below.</Trans>
        </p>
      ) : (
        <ul className="card-grid vehicle-list" aria-label={t`Your vehicles`}>
          {list.data.map((v) => (
            <VehicleCard key={v.id} vehicle={v} onRemoved={() => router.invalidate()} />
          ))}
        </ul>
      )}
      <section className="section account-section" aria-labelledby="vehicle-add-title">
        <h2 id="vehicle-add-title">
          <Trans>Add a vehicle</Trans>
        </h2>
        {list.meta.total >= MAX_VEHICLES_PER_ACCOUNT ? (
          <p className="notice notice--warning" data-testid="vehicle-limit">
            <Trans>You have reached the limit of 50 vehicles. Remove one you no longer use to add another.</Trans>
          </p>
        ) : (
          <VehicleForm
            key={added}
            onDone={async (saved) => {
              notify('success', t`${saved.registration_plate} was added.`)
              setAdded((n) => n + 1)
              await router.invalidate()
            }}
          />
        )}
      </section>
    </>
  )
}

/** A vehicle's card; removing it asks first (a disclosure, so it works without JavaScript too). */
function VehicleCard({ vehicle, onRemoved }: { vehicle: Vehicle; onRemoved: () => Promise<void> }) {
  const { t } = useLingui()
  const categories = useVehicleCategoryLabels()
  const confirm = useRef<HTMLDetailsElement>(null)
  const remove = useServerFn(deleteVehicle)
  const form = useContractForm({
    id: `vehicle-remove-${vehicle.id}`,
    action: deleteVehicle,
    schema: () => import('~/contract/account-area-forms').then((m) => m.VehicleRef),
    defaultValues: {},
    send: () => remove({ data: { id: vehicle.id } }),
    onDone: async () => {
      notify('success', t`${vehicle.registration_plate} was removed.`)
      await onRemoved()
    },
    failureMessage: t`The vehicle could not be removed. Please try again.`,
  })
  const name = [vehicle.make, vehicle.model].filter(Boolean).join(' ')
  return (
    <li className="card">
      <h2>
        <Link to="/account/vehicles/$id" params={{ id: vehicle.id }} className="card__link">
          {vehicle.registration_plate}
        </Link>
      </h2>
      <p className="muted">{name ? `${name} · ${categories[vehicle.category]}` : categories[vehicle.category]}</p>
      <details ref={confirm} className="confirm">
        <summary className="button button--secondary">
          <Trans>Remove…</Trans>
        </summary>
        <ContractForm form={form} className="inline-form">
          <input type="hidden" name="id" value={vehicle.id} />
          <p role="alert">
            <Trans>Remove {vehicle.registration_plate}? Its diary and all its notes are deleted with it, and cannot be recovered.</Trans>
          </p>
          <FormError form={form} />
          <SubmitButton form={form} className="button button--danger">
            <Trans>Yes, remove it</Trans>
          </SubmitButton>{' '}
          <button type="button" className="button button--ghost" onClick={() => confirm.current?.removeAttribute('open')}>
            <Trans>Keep it</Trans>
          </button>
        </ContractForm>
      </details>
    </li>
  )
}
