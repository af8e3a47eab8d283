import type { RcaOwner, RcaPolicy, RcaVehicle } from '~/contract/rca'

/** The steps of the RCA quote form, in order; `offers` shows the quote they made. */
export const RCA_STEPS = ['vehicle', 'owner', 'policy', 'offers'] as const
export type RcaStep = (typeof RCA_STEPS)[number]

/** The checked sections of the request, saved step by step (src/features/rca/rca-draft.server.ts). */
export interface RcaDraft {
  vehicle?: RcaVehicle
  owner?: RcaOwner
  policy?: Omit<RcaPolicy, 'start_date'> & { start_date: string }
}

/** The first step still to fill in before `step` can be shown: a link to a later step never skips one. */
export function firstMissingStep(draft: RcaDraft, step: RcaStep): RcaStep {
  if (step === 'vehicle' || !draft.vehicle) return 'vehicle'
  if (step === 'owner' || !draft.owner) return 'owner'
  return step
}

/** A section as the form's text values (numbers and dates as typed, the box as a boolean). */
export function asFormValues(section: object | undefined): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {}
  for (const [name, value] of Object.entries(section ?? {})) values[name] = typeof value === 'boolean' ? value : String(value)
  return values
}
