import { and, asc, eq, gt, inArray, isNull, ne, or } from 'drizzle-orm'
import { z } from 'zod'
import type { ProductCode } from '~/contract/constants'
import { addDays, today } from '~/contract/iso-date'
import type { RealtimeEventPayloads } from '~/contract/realtime'
import { formatDate } from '~/i18n/dates'
import { isLocale } from '~/i18n/locales'
import type { Preferences } from '../account-area/preferences'
import { paperColumn } from '../account-area/vehicles'
import type { Database } from '../db/client'
import { orderPolicies, orders, policyRenewals, users, vehicleEndReminders, vehicles } from '../db/schema'
import { translate } from '../i18n'
import type { JobContext, JobQueue } from '../jobs/queue'
import { log } from '../log'
import type { Mailer } from '../mail/mailer'
import { END_REMINDER_DAYS, endReminderTime } from './reminder-schedule'
import { purchaseOf, vehicleRenewals } from '../products'
import { publishOnce } from '../realtime/publish-once'
import type { RealtimePublisher } from '../realtime/publisher'

export const VEHICLE_END_REMINDER_JOB = 'vehicle.end-reminder'
export const VEHICLE_END_REMINDER_SCAN_JOB = 'vehicle.end-reminders.schedule'
const SCAN_EVERY_MS = 60 * 60_000
/** Vehicles read per statement by the scan. */
const SCAN_BATCH = 500

const Payload = z.object({
  vehicleId: z.uuid(),
  product: z.string().min(1).max(40),
  daysBefore: z.union([z.literal(30), z.literal(14), z.literal(7), z.literal(1)]),
  endDate: z.iso.date(),
})
type Payload = z.output<typeof Payload>
/** One job per vehicle, product, last day and threshold, for ever: a new last day is a new set. */
const reminderKey = (p: Payload) => `${VEHICLE_END_REMINDER_JOB}:${p.vehicleId}:${p.product}:${p.endDate}:${p.daysBefore}`

export interface VehicleEndRemindersDeps {
  db: Database
  jobs: JobQueue
  mailer: Mailer
  events: Pick<RealtimePublisher, 'publishUserEvent'>
  preferences: Preferences
  publicUrl: string
  clock?: () => Date
}

export type VehicleReminderOutcome = 'sent' | 'already_sent' | 'void'

/**
 * End reminders of a vehicle's paper bought elsewhere whose product renews here (RCA, its last
 * day typed on the vehicle or taken from the policy check), the same as a policy bought here
 * gets (decision 160): mail, the bell and the calendar at 30, 14, 7 and 1 days, stopping when
 * the renewal is bought here or declared bought elsewhere, or the owner turns them off for
 * the vehicle. They are service messages about compulsory cover: no marketing consent asked.
 *
 * The last day can change at any time (the form, a purchase, the check), so the reminders are
 * not queued on write: an hourly scan queues those due today or tomorrow, each once for ever
 * by its dedupe key, and a run checks again that the vehicle still ends that day.
 */
export class VehicleEndReminders {
  private readonly clock: () => Date

  constructor(private readonly deps: VehicleEndRemindersDeps) {
    this.clock = deps.clock ?? (() => new Date())
  }

  defineJobs(): void {
    this.deps.jobs.define({ kind: VEHICLE_END_REMINDER_JOB, payload: Payload, maxAttempts: 6, run: async (p, context) => void (await this.send(p, context)) })
    this.deps.jobs.define({
      kind: VEHICLE_END_REMINDER_SCAN_JOB,
      payload: z.object({}),
      maxAttempts: 3,
      run: async () => {
        const now = this.clock()
        const queued = await this.schedule(now)
        if (queued > 0) log.info('renewals.vehicle_reminders_queued', { queued })
        await this.scheduleScan(new Date(now.getTime() + SCAN_EVERY_MS))
      },
    })
  }

  /** Queues the scan of the hour of `at` (once per hour whatever the nodes: its key is the hour). */
  async scheduleScan(at: Date = this.clock()): Promise<void> {
    const hour = new Date(Math.floor(at.getTime() / SCAN_EVERY_MS) * SCAN_EVERY_MS)
    await this.deps.jobs.enqueue(VEHICLE_END_REMINDER_SCAN_JOB, {}, { runAt: hour, dedupeKey: `${VEHICLE_END_REMINDER_SCAN_JOB}:${hour.toISOString()}` })
  }

  /**
   * Queues the reminders whose day is today or tomorrow (Bucharest) for every vehicle of an
   * account whose paper ends then; already queued ones are left as they are. Returns how many
   * were new. Whether to send is decided when each runs.
   */
  async schedule(now: Date = this.clock()): Promise<number> {
    const days = [today(now), addDays(today(now), 1)]
    let queued = 0
    for (const { product, paper } of vehicleRenewals) {
      const end = vehicles[paperColumn[paper.field]]
      const ends = days.flatMap((day) => END_REMINDER_DAYS.map((d) => addDays(day, d)))
      let after: string | undefined
      for (;;) {
        const batch = await this.deps.db
          .select({ id: vehicles.id, endDate: end })
          .from(vehicles)
          .where(and(inArray(end, ends), eq(vehicles.renewalReminders, true), after ? gt(vehicles.id, after) : undefined))
          .orderBy(asc(vehicles.id))
          .limit(SCAN_BATCH)
        if (batch.length === 0) break
        after = batch.at(-1)!.id
        const reminders = batch.flatMap(({ id, endDate }) =>
          END_REMINDER_DAYS.filter((d) => endDate && days.includes(addDays(endDate, -d))).map((daysBefore) => {
            const payload = { vehicleId: id, product, daysBefore, endDate: endDate! }
            return { payload, runAt: endReminderTime(endDate!, daysBefore), dedupeKey: reminderKey(payload) }
          }),
        )
        queued += await this.deps.jobs.enqueueMany(VEHICLE_END_REMINDER_JOB, reminders)
      }
    }
    return queued
  }

  /**
   * Sends one reminder if it has not gone out and is still wanted: nothing when the vehicle is
   * gone, ends on another day now, has its reminders off, its owner deleted the account, a
   * policy bought here by the account covers that end (that policy has its own reminders), or
   * the renewal of that end was bought or declared bought elsewhere, or turned off.
   */
  async send(payload: Payload, context?: Pick<JobContext, 'lastAttempt'>): Promise<VehicleReminderOutcome> {
    const { db } = this.deps
    const renewal = vehicleRenewals.find((r) => r.product === payload.product)
    const reminders = purchaseOf(payload.product)?.reminders
    if (!renewal || !reminders) return 'void'
    const end = vehicles[paperColumn[renewal.paper.field]]
    const [found] = await db
      .select({ vehicle: vehicles, end, email: users.email, firstName: users.firstName, locale: users.locale, isDeleted: users.isDeleted })
      .from(vehicles)
      .innerJoin(users, eq(users.id, vehicles.userId))
      .where(eq(vehicles.id, payload.vehicleId))
    if (!found || found.isDeleted || !found.vehicle.renewalReminders || found.end !== payload.endDate) return 'void'
    const { vehicle } = found
    if (await this.boughtHere(vehicle.userId, payload.product, vehicle.registrationPlate, payload.endDate)) return 'void'
    const [window] = await db
      .select({ id: policyRenewals.id, status: policyRenewals.status, remindersOff: policyRenewals.remindersOff })
      .from(policyRenewals)
      .where(and(eq(policyRenewals.vehicleId, vehicle.id), eq(policyRenewals.product, payload.product), eq(policyRenewals.endDate, payload.endDate)))
    if (window && (window.status !== 'open' || window.remindersOff)) return 'void'

    const routing = await this.deps.preferences.routing(vehicle.userId, reminders.kind)
    const locale = isLocale(found.locale) ? found.locale : 'ro'
    const site = this.deps.publicUrl
    const vehiclePage = `${site}/account/vehicles/${vehicle.id}`
    const inserted = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(vehicleEndReminders)
        .values({ vehicleId: vehicle.id, product: payload.product, endDate: payload.endDate, daysBefore: payload.daysBefore, userId: vehicle.userId, email: routing.email, notificationCentre: routing.notification_centre })
        .onConflictDoNothing({ target: [vehicleEndReminders.vehicleId, vehicleEndReminders.product, vehicleEndReminders.endDate, vehicleEndReminders.daysBefore] })
        .returning()
      if (!row) return undefined
      if (routing.email) {
        await this.deps.mailer.send(
          'vehicle-end-reminder',
          found.email,
          locale,
          {
            name: found.firstName,
            what: translate(locale, reminders.subject),
            plate: vehicle.registrationPlate,
            end: formatDate(payload.endDate, locale),
            days: String(payload.daysBefore),
            // One click to the prepared renewal's checkout; without one, the product's form with the vehicle.
            renew: window ? `${site}/account/renewals/${window.id}` : `${site}${reminders.renewPath({ registrationPlate: vehicle.registrationPlate, vin: vehicle.vin })}`,
            link: vehiclePage,
            settings: `${site}/account/preferences`,
          },
          { tx },
        )
      }
      return row
    })
    if (inserted) log.info('renewals.vehicle_reminder_sent', { vehicleId: vehicle.id, daysBefore: payload.daysBefore, email: inserted.email, notificationCentre: inserted.notificationCentre })

    const [row] = inserted
      ? [inserted]
      : await db
          .select()
          .from(vehicleEndReminders)
          .where(and(eq(vehicleEndReminders.vehicleId, vehicle.id), eq(vehicleEndReminders.product, payload.product), eq(vehicleEndReminders.endDate, payload.endDate), eq(vehicleEndReminders.daysBefore, payload.daysBefore)))
    if (row?.notificationCentre && row.userId && !row.pushedAt) {
      const event = {
        vehicle_id: vehicle.id,
        // A product of the registry: one of the contract's codes.
        product: payload.product as ProductCode,
        registration_plate: vehicle.registrationPlate,
        end_date: payload.endDate,
        days_before: payload.daysBefore,
        renewal_id: window?.id ?? null,
      }
      await this.push(row.id, row.userId, event, context?.lastAttempt ?? true)
    }
    return inserted ? 'sent' : 'already_sent'
  }

  /** An issued policy bought here by the account for that plate ends that day: its own reminders and renewal apply. */
  private async boughtHere(userId: string, product: string, plate: string, endDate: string): Promise<boolean> {
    const [policy] = await this.deps.db
      .select({ id: orderPolicies.id })
      .from(orderPolicies)
      .innerJoin(orders, eq(orders.id, orderPolicies.orderId))
      .where(and(eq(orders.userId, userId), eq(orders.product, product), eq(orders.status, 'issued'), eq(orderPolicies.status, 'issued'), eq(orderPolicies.registrationPlate, plate), eq(orderPolicies.endDate, endDate)))
      .limit(1)
    return Boolean(policy)
  }

  /** Published once (`publishOnce`): of two runs one publishes; a refused publish is unmarked and retried. */
  private push(rowId: string, userId: string, event: RealtimeEventPayloads['vehicle.end-reminder'], lastAttempt: boolean): Promise<void> {
    const { db } = this.deps
    return publishOnce(
      {
        claim: async () => (await db.update(vehicleEndReminders).set({ pushedAt: new Date() }).where(and(eq(vehicleEndReminders.id, rowId), isNull(vehicleEndReminders.pushedAt))).returning({ id: vehicleEndReminders.id })).length > 0,
        publish: () => this.deps.events.publishUserEvent(userId, 'vehicle.end-reminder', event),
        release: async () => void (await db.update(vehicleEndReminders).set({ pushedAt: null }).where(eq(vehicleEndReminders.id, rowId))),
      },
      lastAttempt,
      'the vehicle end reminder',
    )
  }

  /**
   * The account's vehicles whose reminders stopped for their paper's current end, for the
   * calendar: the renewal of that end bought here or elsewhere, or reminders off (the vehicle's
   * or that window's). Keys are `<vehicle id>:<paper field>`.
   */
  async stopped(userId: string): Promise<Set<string>> {
    const out = new Set<string>()
    for (const { product, paper } of vehicleRenewals) {
      const end = vehicles[paperColumn[paper.field]]
      const rows = await this.deps.db
        .select({ id: vehicles.id })
        .from(vehicles)
        .leftJoin(policyRenewals, and(eq(policyRenewals.vehicleId, vehicles.id), eq(policyRenewals.product, product), eq(policyRenewals.endDate, end)))
        .where(and(eq(vehicles.userId, userId), or(eq(vehicles.renewalReminders, false), ne(policyRenewals.status, 'open'), eq(policyRenewals.remindersOff, true))))
      for (const { id } of rows) out.add(`${id}:${paper.field}`)
    }
    return out
  }
}
