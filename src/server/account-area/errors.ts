import type { FieldMessageKey } from '~/contract/field-messages'

/** An object that is not the caller's, or does not exist: the API answers 404 either way (decision 16). */
export class NotFound extends Error {
  constructor() {
    super('not_found')
    this.name = 'NotFound'
  }
}

/** A rule that refused a value: the API answers 422 with this field's sentence; nothing was changed. */
export class FieldRefusal extends Error {
  constructor(
    readonly field: string,
    readonly key: FieldMessageKey,
  ) {
    super(key)
    this.name = 'FieldRefusal'
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Ids come from paths: anything that is not a UUID is simply not found (no 422, no database error). */
export function checkId(id: string): string {
  if (!UUID.test(id)) throw new NotFound()
  return id.toLowerCase()
}

export const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } }
  return e?.code === '23505' || e?.cause?.code === '23505'
}
