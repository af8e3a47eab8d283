import type { FieldMessageKey } from '~/contract/field-messages'

/** A rule a request breaks that depends on today or on the tariff (zod checks the shape): a dotted field path and its sentence key. */
export interface RuleProblem {
  path: string
  key: FieldMessageKey
}

/** Thrown by a product's `prepare` when the request breaks such rules: the API answers 422 with the field map. */
export class RequestRuleError extends Error {
  constructor(readonly problems: RuleProblem[]) {
    super(problems.map((p) => `${p.path}: ${p.key}`).join('; '))
    this.name = 'RequestRuleError'
  }
}

/** Throws when any rule is broken. */
export function refuseIf(problems: RuleProblem[]): void {
  if (problems.length > 0) throw new RequestRuleError(problems)
}
