import type { FieldErrors } from '~/contract/errors'
import type { MessageKey } from '../i18n/api-messages'

/** An error the API answers with on purpose; anything else thrown becomes a 500. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    /** For 422: the field map that becomes `message`. */
    readonly fields?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(key)
    this.name = 'ApiError'
  }
}
