import { addDays, today } from './iso-date'

/** Hungarian validity is Hungarian time: a daily vignette is the calendar day in Budapest (romania-insurance-facts.md §3.3). */
export const HUNGARY_TIME_ZONE = 'Europe/Budapest'

/**
 * The first day a product's cover may start when bought at `now`: a vignette the same day (in its
 * country's time, romania-insurance-facts.md §3), a policy tomorrow at the earliest (Bucharest; romania-insurance-facts.md §1.2, travel
 * and home by the insurers' rules). An offer that starts before it can no longer be bought.
 */
export function earliestStart(product: string, now: Date): string {
  if (product === 'ro-vignette') return today(now)
  if (product === 'hu-vignette') return today(now, HUNGARY_TIME_ZONE)
  return addDays(today(now), 1)
}
