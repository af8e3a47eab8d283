import '@tanstack/react-start/server-only'
import { setResponseStatus } from '@tanstack/react-start/server'
import type { FormResult } from '~/contract/form-result'
import { ProviderError } from '../provider'

/**
 * Runs a provider call for a form: a 422 becomes the field map the form shows; refusals of the
 * whole form become its message; anything else is thrown. An object the provider does not find
 * for this user (another user's, ended, unknown) makes the server function answer 404 too, so
 * no caller can take it for a success.
 */
export async function formResult<T>(call: () => Promise<T>): Promise<FormResult<T>> {
  try {
    return { ok: true, data: await call() }
  } catch (error) {
    if (error instanceof ProviderError && error.status === 422 && error.fieldErrors) return { ok: false, fields: error.fieldErrors }
    if (error instanceof ProviderError && error.status === 404) {
      setResponseStatus(404)
      return { ok: false, fields: { form: [error.body.error.pretty_message] } }
    }
    // Refusals that concern the whole form (deleted account, too many attempts): the provider's sentence.
    if (error instanceof ProviderError && (error.status === 403 || error.status === 422 || error.status === 429)) {
      return { ok: false, fields: { form: [error.body.error.pretty_message] } }
    }
    throw error
  }
}

/**
 * A bounded string from a form field (anything else becomes empty). Server functions take
 * browser input through this; the provider then checks it with the shared schemas.
 */
export const formText = (value: unknown, max: number): string => (typeof value === 'string' ? value.slice(0, max) : '')
