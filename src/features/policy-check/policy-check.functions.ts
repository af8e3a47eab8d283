import { createServerFn } from '@tanstack/react-start'
import { setResponseStatus } from '@tanstack/react-start/server'
import type { FormResult } from '~/contract/form-result'
import { PolicyCheckForm, PolicyCheckResult, policyCheckQueryOf, PolicyVerification, VerificationCodeParams } from '~/contract/policy-check'
import { ProviderError } from '~/server/provider'
import { contractInput, formInput } from '~/server/web/forms'
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
