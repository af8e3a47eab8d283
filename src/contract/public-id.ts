import { z } from 'zod'
import { PUBLIC_ID_PATTERN } from './constants'

/** The one schema of a public id (quotes, offers, policy checks); `error` is the field message key a wrong value reports. */
export function publicId(error?: string) {
  return error ? z.string({ error }).regex(PUBLIC_ID_PATTERN, { error }) : z.string().regex(PUBLIC_ID_PATTERN)
}
