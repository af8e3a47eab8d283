import { createServerFn } from '@tanstack/react-start'
import { setResponseStatus } from '@tanstack/react-start/server'
import type { FormResult } from '~/contract/form-result'
import { isPlausiblePlate, normalizePlate } from '~/contract/vehicle'
import { PolicyCheckForm, PolicyCheckResult, policyCheckQueryOf, PolicyVerification, VehicleEndFromCheck, VehicleEndFromCheckForm, VehicleEndFromCheckInput, VerificationCodeParams } from '~/contract/policy-check'
import { ProviderError } from '~/server/provider'
import { getSession } from '~/server/session/session'
import { answerForm, contractInput, formInput } from '~/server/web/forms'
import { signedInOnly } from '~/server/web/signed-in-only'
import { callProvider } from '~/server/web/request'

const refused = (status: 422 | 429, fields: Record<string, string[]>): FormResult<never> => {
  setResponseStatus(status)
  return { ok: false, fields }
}

/** The API names the vehicle `registration_plate` or `vin`; the form has one field for both. */
const formFieldOf = (apiField: string) => (apiField === 'registration_plate' || apiField === 'vin' ? 'vehicle' : apiField === 'date' ? 'date' : 'form')

/**
 * The check form of `/verify` (a GET form: the answer is a page anyone can reload or share).
 * Wrong input is the form's field map, never an error page, and the page answers 422 (429 when
 * the provider's limit is reached); the answer is the API's.
 */
export const checkPolicy = createServerFn({ method: 'GET' })
  .validator(formInput(PolicyCheckForm))
  .handler(async ({ data: { parsed } }): Promise<FormResult<PolicyCheckResult['data']>> => {
    if (!parsed.ok) return refused(422, parsed.fields)
    try {
      return { ok: true, data: (await callProvider('/policies/check', { query: policyCheckQueryOf(parsed.input), schema: PolicyCheckResult })).data }
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error
      if (error.status === 422 && error.fieldErrors) {
        const fields: Record<string, string[]> = {}
        for (const [name, messages] of Object.entries(error.fieldErrors)) (fields[formFieldOf(name)] ??= []).push(...messages)
        return refused(422, fields)
      }
      // Too many checks from this address: the provider's sentence says when to try again.
      if (error.status === 429) return refused(429, { form: [error.body.error.pretty_message] })
      throw error
    }
  })

/** The page behind a policy document's QR code, or null (the page answers 404) for a code that names no policy. */
export const getPolicyVerification = createServerFn({ method: 'GET' })
  .validator(contractInput(VerificationCodeParams))
  .handler(async ({ data }): Promise<PolicyVerification['data'] | null> => {
    try {
      return (await callProvider(`/policies/verify/${encodeURIComponent(data.code)}`, { schema: PolicyVerification })).data
    } catch (error) {
      if (error instanceof ProviderError && error.status === 404) {
        setResponseStatus(404)
        return null
      }
      throw error
    }
  })

/**
 * After a check by plate: when the visitor is signed in and the plate is one of their vehicles,
 * what the check means for it (decision 160): its RCA last day taken from the answer when it had
 * none, or the answer's date to offer. Null for anyone else (nothing is asked of the provider).
 */
export const vehicleEndFromCheck = createServerFn({ method: 'POST' })
  .validator(contractInput(VehicleEndFromCheckInput))
  .handler(async ({ data }): Promise<VehicleEndFromCheck['data'] | null> => {
    const session = await getSession()
    if (!session.accessToken || !session.user) return null
    try {
      return (await callProvider('/vehicles/policy-check', { method: 'POST', json: { registration_plate: data.registration_plate, replace: false }, schema: VehicleEndFromCheck })).data
    } catch (error) {
      // Not one of the visitor's vehicles, or too many checks: the public answer stands alone.
      if (error instanceof ProviderError && (error.status === 404 || error.status === 429)) return null
      throw error
    }
  })

/** The check's "use this date for my vehicle" button: the answer's date replaces the vehicle's. */
export const takeVehicleEndFromCheck = createServerFn({ method: 'POST' })
  .middleware([signedInOnly])
  .validator(formInput(VehicleEndFromCheckForm))
  .handler(({ data }) => answerForm(data, async (input) => (await callProvider('/vehicles/policy-check', { method: 'POST', json: input, schema: VehicleEndFromCheck })).data))

/** The plate of a check's field, when it is a plate (not a VIN). */
export function checkedPlateOf(vehicle: string | undefined): string | undefined {
  return vehicle !== undefined && isPlausiblePlate(vehicle) ? normalizePlate(vehicle) : undefined
}
