import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { QuoteEnvelope } from '~/contract/quotes'
import { RcaOwnerStep, RcaPolicyStep, RcaVehicleStep, RegisteredVehicle, type RcaPolicy } from '~/contract/rca'
import { isVin, normalizePlate, parsePlate } from '~/contract/vehicle'
import { VehicleList } from '~/contract/account-area'
import { ProviderError } from '~/server/provider'
import { getSession } from '~/server/session/session'
import { answerForm, contractInput, formInput, requestFieldSentence } from '~/server/web/forms'
import { callProvider, currentPagePath } from '~/server/web/request'
import { readRcaDraft, writeRcaDraft } from './rca-draft.server'
import type { RcaDraft } from './rca-steps-model'

/**
 * The RCA quote form's server functions: each step is checked with its section of
 * the API's request schema and kept in the draft cookie; the last one asks the provider for the
 * quote with the three sections together. Posted without JavaScript, each answers a 303 to the
 * next step (or back with the errors).
 */

const stepUrl = (returnTo: string, search: Record<string, string>) => `${new URL(returnTo, 'http://site.internal').pathname}?${new URLSearchParams(search)}`

/** What the form starts from: the draft, a registry lookup for a deep link's plate + VIN, the signed-in visitor's vehicles. */
export const getRcaForm = createServerFn({ method: 'GET' })
  .validator(
    contractInput(
      z.object({
        plate: z.string().max(20).optional(),
        vin: z.string().max(30).optional(),
      }).strict(), // only the deep link's two parts; anything else is a caller's mistake
    ),
  )
  .handler(async ({ data }) => {
    const draft = await readRcaDraft()
    const plate = data.plate && parsePlate(data.plate) ? normalizePlate(data.plate) : undefined
    const vin = data.vin && isVin(data.vin) ? data.vin.toUpperCase() : undefined
    let lookup: { status: 'found'; vehicle: RegisteredVehicle } | { status: 'not_found' | 'unavailable' } | null = null
    // A deep link for another vehicle than the one in the draft: the registry fills the vehicle step in.
    if (plate && vin && (draft.vehicle?.registration_plate !== plate || draft.vehicle.vin !== vin)) {
      try {
        const found = await callProvider('/vehicles/lookup', {
          query: { registration_plate: plate, vin },
          schema: z.object({ data: RegisteredVehicle }),
        })
        lookup = { status: 'found', vehicle: found.data }
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error
        lookup = { status: error.status === 404 ? 'not_found' : 'unavailable' }
      }
    }
    const session = await getSession()
    const vehicles = session.accessToken
      ? await callProvider('/vehicles', {
          query: { per_page: '50' },
          schema: VehicleList,
        })
          .then((l) => l.data)
          .catch(() => [])
      : []
    return {
      draft,
      deepLink: plate ? { plate, vin } : null,
      lookup,
      vehicles: vehicles.map((v) => ({
        id: v.id,
        registration_plate: v.registration_plate,
        vin: v.vin,
        make: v.make,
        model: v.model,
      })),
    }
  })

async function saveSection<K extends 'vehicle' | 'owner' | 'policy'>(key: K, value: RcaDraft[K]) {
  const draft = await readRcaDraft()
  await writeRcaDraft({ ...draft, [key]: value })
}

export const saveRcaVehicle = createServerFn({ method: 'POST' })
  .validator(formInput(RcaVehicleStep))
  .handler(({ data }) =>
    answerForm(
      data,
      async (vehicle) => {
        await saveSection('vehicle', vehicle)
        return { next: 'owner' as const }
      },
      { done: (_saved, returnTo) => stepUrl(returnTo, { step: 'owner' }) },
    ),
  )

export const saveRcaOwner = createServerFn({ method: 'POST' })
  .validator(formInput(RcaOwnerStep))
  .handler(({ data }) =>
    answerForm(
      data,
      async (owner) => {
        await saveSection('owner', owner)
        return { next: 'policy' as const }
      },
      { done: (_saved, returnTo) => stepUrl(returnTo, { step: 'policy' }) },
    ),
  )

/** The 422 of the quote API speaks of `policy.months`; the policy step's fields are `months`. */
function ontoPolicyStep(error: unknown): never {
  if (error instanceof ProviderError && error.status === 422 && error.fieldErrors) {
    const fields: Record<string, string[]> = {}
    for (const [key, messages] of Object.entries(error.fieldErrors)) fields[key.startsWith('policy.') ? key.slice('policy.'.length) : 'form'] = messages
    throw new ProviderError(422, {
      error: { ...error.body.error, message: fields },
    })
  }
  throw error
}

/** The partner the quote is made under: the RCA page's own `/rca-{partner}` prefix. */
const partnerOfPage = () => /^\/rca-([a-z0-9-]{1,40})(?:\/|$)/.exec(currentPagePath() ?? '')?.[1]

export const requestRcaQuote = createServerFn({ method: 'POST' })
  .validator(formInput(RcaPolicyStep.and(z.object({ token: z.string().max(4096).optional() }))))
  .handler(({ data }) =>
    answerForm(
      data,
      async ({ token, ...policy }: RcaPolicy & { token?: string }) => {
        await saveSection('policy', policy)
        const draft = await readRcaDraft()
        if (!draft.vehicle || !draft.owner) {
          const missing = !draft.vehicle ? 'rca_vehicle_missing' : 'rca_owner_missing'
          throw new ProviderError(422, {
            error: {
              code: 422,
              message: { form: [requestFieldSentence(missing)] },
              pretty_message: '',
            },
          })
        }
        const partner = partnerOfPage()
        const quote = await callProvider('/products/rca/quotes', {
          method: 'POST',
          query: { partner },
          json: {
            vehicle: draft.vehicle,
            owner: draft.owner,
            policy,
            token: token ?? '',
          },
          schema: QuoteEnvelope,
        }).catch(ontoPolicyStep)
        return { quote: quote.data.id }
      },
      {
        done: (made, returnTo) => stepUrl(returnTo, { step: 'offers', quote: made.quote, wait: '1' }),
      },
    ),
  )
