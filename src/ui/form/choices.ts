import { counties } from '~/contract/counties'

/** A `<select>`'s choice: the value sent and the words shown. */
export interface Choice {
  value: string
  label: string
  disabled?: boolean
}

/** The choices of a closed list, in its order, with their labels. */
export function choices<T extends string>(values: readonly T[], labels: Record<T, string>): Choice[] {
  return values.map((value) => ({ value, label: labels[value] }))
}

/** Romania's counties by name (the address forms store the name). */
export const countyChoices: readonly Choice[] = counties.map((c) => ({ value: c.name, label: c.name }))
