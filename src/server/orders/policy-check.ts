import { and, asc, desc, eq, gt, gte, inArray, lte } from 'drizzle-orm'
import type { PolicyCheckResult, PolicyVerification } from '~/contract/policy-check'
import type { PolicyStanding } from '~/contract/policy-check-constants'
import { TIME_ZONE } from '~/i18n/locales'
import type { Database } from '../db/client'
import { insurers, orderPolicies, orders } from '../db/schema'
import { publiclyCheckedProducts } from '../products'

/** Today's date in Bucharest, `YYYY-MM-DD`: a policy is valid through its end date there. */
export function bucharestToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
}

/** `B123ABC` → `B****BC`: enough to recognise one's car, not to find someone's. */
export function maskPlate(plate: string): string {
  const county = /^[A-Z]{1,2}/.exec(plate)?.[0] ?? ''
  const tail = plate.slice(-2)
  return `${county}${'*'.repeat(Math.max(plate.length - county.length - 2, 1))}${tail}`
}

/** The public check of the policies issued here whose product answers it (RCA): valid or not and until when; no personal data. */
export class PolicyChecks {
  constructor(private readonly db: Database) {}

  /** Whether the vehicle has such an issued policy in force on `on` (today in Bucharest by default). */
  async check(by: { registration_plate?: string | undefined; vin?: string | undefined; date?: string | undefined }, now = new Date()): Promise<PolicyCheckResult['data']> {
    const day = by.date ?? bucharestToday(now)
    const vehicle = by.vin ? eq(orderPolicies.vin, by.vin) : eq(orderPolicies.registrationPlate, by.registration_plate ?? '')
    const checked = and(vehicle, eq(orderPolicies.status, 'issued'), eq(orders.status, 'issued'), inArray(orders.product, [...publiclyCheckedProducts]))
    const policies = () =>
      this.db
        .select({ insurer: insurers.name, startDate: orderPolicies.startDate, endDate: orderPolicies.endDate })
        .from(orderPolicies)
        .innerJoin(orders, eq(orders.id, orderPolicies.orderId))
        .leftJoin(insurers, eq(insurers.code, orderPolicies.insurerCode))
    const [found] = await policies()
      .where(and(checked, lte(orderPolicies.startDate, day), gte(orderPolicies.endDate, day)))
      .orderBy(desc(orderPolicies.endDate))
      .limit(1)
    if (found) return { valid: true, insurer: found.insurer, valid_until: found.endDate, checked_on: day, next: null }
    // None that day: a policy that starts later is still news to whoever checks.
    const [next] = await policies().where(and(checked, gt(orderPolicies.startDate, day))).orderBy(asc(orderPolicies.startDate)).limit(1)
    return { valid: false, insurer: null, valid_until: null, checked_on: day, next: next?.startDate ? { insurer: next.insurer, valid_from: next.startDate } : null }
  }

  /** What the QR code's page shows, or null for an unknown code (or a policy never issued). */
  async verify(code: string, now = new Date()): Promise<PolicyVerification['data'] | null> {
    const [found] = await this.db
      .select({ policy: orderPolicies, product: orders.product, orderStatus: orders.status, insurer: insurers.name })
      .from(orderPolicies)
      .innerJoin(orders, eq(orders.id, orderPolicies.orderId))
      .leftJoin(insurers, eq(insurers.code, orderPolicies.insurerCode))
      .where(eq(orderPolicies.verificationCode, code))
    const p = found?.policy
    if (!found || !p || p.status !== 'issued' || !p.number || !p.startDate || !p.endDate) return null
    const status = standingOf({ issued: found.orderStatus === 'issued', start: p.startDate, end: p.endDate }, bucharestToday(now))
    return {
      valid: status === 'in_force',
      status,
      product: found.product,
      insurer: { name: found.insurer ?? p.insurerCode },
      number: `${p.series ? `${p.series} ` : ''}${p.number}`,
      valid_from: p.startDate,
      valid_until: p.endDate,
      registration_plate: p.registrationPlate ? maskPlate(p.registrationPlate) : null,
    }
  }
}

/** Where an issued policy stands on `day`: an order refunded after issue cancels it. */
export function standingOf(policy: { issued: boolean; start: string; end: string }, day: string): PolicyStanding {
  if (!policy.issued) return 'cancelled'
  if (day < policy.start) return 'not_yet_in_force'
  return day > policy.end ? 'ended' : 'in_force'
}
