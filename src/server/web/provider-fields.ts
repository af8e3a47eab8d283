import '@tanstack/react-start/server-only'
import { ProviderError } from '../provider'

/**
 * The API's 422 names fields by their path in the request (`travellers.0.birth_date`); a
 * one-page form names them its own way (`traveller_1`). This renames them, so each sentence
 * shows beside its field; anything else is thrown as it came.
 */
export function ontoFormFields(rename: (path: string) => string): (error: unknown) => never {
  return (error) => {
    if (error instanceof ProviderError && error.status === 422 && error.fieldErrors) {
      const fields: Record<string, string[]> = {}
      for (const [key, messages] of Object.entries(error.fieldErrors)) (fields[rename(key)] ??= []).push(...messages)
      throw new ProviderError(422, { error: { ...error.body.error, message: fields } })
    }
    throw error
  }
}
