import type { ErrorBody, FieldErrors } from '~/contract/errors'
import type { Locale } from '~/i18n/locales'
import { prettyMessage, type MessageKey } from './messages'

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

export function errorBody(locale: Locale, status: number, key: MessageKey, fields?: FieldErrors): ErrorBody {
  return { error: { code: status, message: fields ?? key, pretty_message: prettyMessage(locale, key) } }
}
