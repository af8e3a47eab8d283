import { and, asc, eq, isNull, or } from 'drizzle-orm'
import { z } from 'zod'
import { addDays, today } from '~/contract/iso-date'
import type { ProductCode } from '~/contract/constants'
import type { RealtimeEventPayloads } from '~/contract/realtime'
import { formatDate } from '~/i18n/dates'
import { isLocale, type Locale } from '~/i18n/locales'
import { deadlineTitle, type Deadline } from '../account-area/calendar'
import type { Preferences } from '../account-area/preferences'
import type { Database, Queryable } from '../db/client'
import { insurers, orderPolicies, orders, policyEndReminders, users } from '../db/schema'
import { translate } from '../i18n'
import type { JobContext, JobQueue } from '../jobs/queue'
import { log } from '../log'
import { purchaseOf } from '../products'
import type { Mailer } from '../mail/mailer'
import { publishOnce } from '../realtime/publish-once'
import type { RealtimePublisher } from '../realtime/publisher'
import { policyRenewals } from '../db/schema'
import { END_REMINDER_DAYS, endReminderTime } from '../renewals/reminder-schedule'
import { remindersStopped } from '../renewals/renewals'

export const POLICY_END_REMINDER_JOB = 'policy.end-reminder'

const Payload = z.object({ policyId: z.uuid(), daysBefore: z.union([z.literal(30), z.literal(14), z.literal(7), z.literal(1)]), endDate: z.iso.date() })
/** One job per policy and threshold, for ever (decision 46): scheduling twice queues nothing new. */
const reminderKey = (policyId: string, daysBefore: number) => `${POLICY_END_REMINDER_JOB}:${policyId}:${daysBefore}`

export interface EndRemindersDeps {
  db: Database
  jobs: JobQueue
  mailer: Mailer
  events: Pick<RealtimePublisher, 'publishUserEvent'>
  preferences: Preferences
  publicUrl: string
}

/** What one run of a reminder did: sent it, found it sent already, or found nothing to remind of. */
export type EndReminderOutcome = 'sent' | 'already_sent' | 'void'

/**
 * Reminders before a policy or vignette bought here ends (decision 68), on the one job queue:
 * when an order is issued, one job per policy and threshold is queued in the issuing transaction,
 * due at 09:00 Bucharest 30, 14, 7 and 1 days before the last day of validity. A run writes the
 * reminder's row (unique per policy and threshold) and queues the mail in one transaction, so of
 * any number of runs, on any number of nodes, exactly one mails; the realtime notification is
 * then claimed on the same row, so it too goes out once. Channels follow the owner's
 * preferences (`policy_end`, `vignette_end`) at the time it goes out.
 */
export class PolicyEndReminders {
  constructor(private readonly deps: EndRemindersDeps) {}

  /** The reminder's job kind; defined where the services are built, before the workers start. */
  defineJobs(): void {
    this.deps.jobs.define({ kind: POLICY_END_REMINDER_JOB, payload: Payload, maxAttempts: 6, run: async (p, context) => void (await this.send(p, context)) })
  }

  /**
   * Queues the reminders of an order's issued policies, inside the transaction that marks it
   * issued. Thresholds whose day is the day of issue or earlier are skipped: the buyer has just
   * read the dates (a 10-day vignette gets the 7- and 1-day reminders, a 1-day one none).
   */
  async schedule(tx: Queryable, orderId: string, now: Date = new Date()): Promise<number> {
    const policies = await tx
      .select({ id: orderPolicies.id, endDate: orderPolicies.endDate })
      .from(orderPolicies)
      .where(and(eq(orderPolicies.orderId, orderId), eq(orderPolicies.status, 'issued')))
    const issuedOn = today(now)
    const reminders = policies.flatMap(({ id, endDate }) =>
      !endDate
        ? []
        : END_REMINDER_DAYS.filter((daysBefore) => addDays(endDate, -daysBefore) > issuedOn).map((daysBefore) => ({
            payload: { policyId: id, daysBefore, endDate },
            runAt: endReminderTime(endDate, daysBefore),
            dedupeKey: reminderKey(id, daysBefore),
          })),
    )
    // One statement for all of them, inside the issuing transaction.
    return this.deps.jobs.enqueueMany(POLICY_END_REMINDER_JOB, reminders, { tx })
  }

  /**
   * Sends one reminder if it has not gone out: nothing when the policy is gone, no longer issued
   * or now ends on another day (the job is stale), or its owner deleted the account. A guest
   * without an account gets the mail only (no notification centre, no preferences to read).
   */
  async send(payload: z.output<typeof Payload>, context?: Pick<JobContext, 'lastAttempt'>): Promise<EndReminderOutcome> {
    const { db } = this.deps
    const [found] = await db
      .select({ policy: orderPolicies, order: orders, insurerName: insurers.name })
      .from(orderPolicies)
      .innerJoin(orders, eq(orders.id, orderPolicies.orderId))
      .leftJoin(insurers, eq(insurers.code, orderPolicies.insurerCode))
      .where(eq(orderPolicies.id, payload.policyId))
    const reminders = found && purchaseOf(found.order.product)?.reminders
    if (!found || !reminders || found.policy.status !== 'issued' || found.order.status !== 'issued' || found.policy.endDate !== payload.endDate) return 'void'
    // Renewed here, bought elsewhere, or turned off for this policy: nothing more to remind of.
    if (await remindersStopped(db, found.policy.id, payload.endDate)) return 'void'
    const { policy, order } = found
    // A product of the registry: one of the contract's codes.
    const product = order.product as ProductCode

    let recipient: { userId: string | null; email: string; name: string; locale: Locale; routing: { email: boolean; notification_centre: boolean } }
    if (order.userId) {
      const [user] = await db.select({ email: users.email, firstName: users.firstName, locale: users.locale, isDeleted: users.isDeleted }).from(users).where(eq(users.id, order.userId))
      if (!user || user.isDeleted) return 'void'
      const routing = await this.deps.preferences.routing(order.userId, reminders.kind)
      recipient = { userId: order.userId, email: user.email, name: user.firstName, locale: isLocale(user.locale) ? user.locale : 'ro', routing }
    } else {
      recipient = { userId: null, email: order.customer.email, name: order.customer.first_name, locale: isLocale(order.locale) ? order.locale : 'ro', routing: { email: true, notification_centre: false } }
    }

    // A prepared renewal (from 29 days before the end) gets a one-click link straight to its checkout.
    const [prepared] = order.userId
      ? await db.select({ id: policyRenewals.id }).from(policyRenewals).where(and(eq(policyRenewals.orderPolicyId, policy.id), eq(policyRenewals.endDate, payload.endDate), eq(policyRenewals.status, 'open')))
      : []
    const number = `${policy.series ? `${policy.series} ` : ''}${policy.number ?? ''}`.trim()
    const { locale } = recipient
    const site = this.deps.publicUrl
    const inserted = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(policyEndReminders)
        .values({ orderPolicyId: policy.id, daysBefore: payload.daysBefore, userId: recipient.userId, email: recipient.routing.email, notificationCentre: recipient.routing.notification_centre })
        .onConflictDoNothing({ target: [policyEndReminders.orderPolicyId, policyEndReminders.daysBefore] })
        .returning()
      if (!row) return undefined
      if (recipient.routing.email) {
        await this.deps.mailer.send(
          'policy-end-reminder',
          recipient.email,
          locale,
          {
            name: recipient.name,
            what: translate(locale, reminders.subject),
            number,
            insurer: found.insurerName ?? policy.insurerCode,
            plate: policy.registrationPlate ?? '',
            end: formatDate(payload.endDate, locale),
            days: String(payload.daysBefore),
            // One click to the prepared renewal's checkout; before it is prepared, the account's cards; a guest starts from the product's form.
            renew: prepared ? `${site}/account/renewals/${prepared.id}` : order.userId ? `${site}/account/orders` : `${site}${reminders.renewPath(policy)}`,
            link: `${site}/account/orders`,
            settings: `${site}/account/preferences`,
          },
          { tx },
        )
      }
      return row
    })
    if (inserted) log.info('orders.end_reminder_sent', { policyId: policy.id, daysBefore: payload.daysBefore, email: inserted.email, notificationCentre: inserted.notificationCentre })

    // The notification: this run's, or one an earlier run claimed the row for but could not publish.
    const [row] = inserted ? [inserted] : await db.select().from(policyEndReminders).where(and(eq(policyEndReminders.orderPolicyId, policy.id), eq(policyEndReminders.daysBefore, payload.daysBefore)))
    if (row?.notificationCentre && row.userId && !row.pushedAt) {
      await this.push(row.id, row.userId, { order_id: order.id, policy_id: policy.id, product, registration_plate: policy.registrationPlate, number, end_date: payload.endDate, days_before: payload.daysBefore, renewal_id: prepared?.id ?? null }, context?.lastAttempt ?? true)
    }
    return inserted ? 'sent' : 'already_sent'
  }

  private push(rowId: string, userId: string, event: RealtimeEventPayloads['policy.end-reminder'], lastAttempt: boolean): Promise<void> {
    const { db } = this.deps
    return publishOnce(
      {
        claim: async () => (await db.update(policyEndReminders).set({ pushedAt: new Date() }).where(and(eq(policyEndReminders.id, rowId), isNull(policyEndReminders.pushedAt))).returning({ id: policyEndReminders.id })).length > 0,
        publish: () => this.deps.events.publishUserEvent(userId, 'policy.end-reminder', event),
        release: async () => void (await db.update(policyEndReminders).set({ pushedAt: null }).where(eq(policyEndReminders.id, rowId))),
      },
      lastAttempt,
      'the end reminder',
    )
  }

  /** The account's policies and vignettes bought here, each on its last day, for the calendar feed. */
  async deadlines(userId: string, locale: Locale): Promise<Deadline[]> {
    const rows = await this.deps.db
      .select({ id: orderPolicies.id, product: orders.product, endDate: orderPolicies.endDate, plate: orderPolicies.registrationPlate, number: orderPolicies.number, series: orderPolicies.series })
      .from(orderPolicies)
      .innerJoin(orders, eq(orders.id, orderPolicies.orderId))
      // A policy renewed, bought elsewhere or whose reminders are off leaves the feed too.
      .leftJoin(policyRenewals, and(eq(policyRenewals.orderPolicyId, orderPolicies.id), eq(policyRenewals.endDate, orderPolicies.endDate)))
      .where(and(eq(orders.userId, userId), eq(orders.status, 'issued'), eq(orderPolicies.status, 'issued'), or(isNull(policyRenewals.id), and(eq(policyRenewals.status, 'open'), eq(policyRenewals.remindersOff, false)))))
      .orderBy(asc(orderPolicies.endDate))
    return rows.flatMap((r): Deadline[] => {
      const reminders = purchaseOf(r.product)?.reminders
      if (!r.endDate || !reminders) return []
      const kind = reminders.kind === 'vignette_end' ? 'vignette' : 'policy'
      const which = r.plate ?? `${r.series ? `${r.series} ` : ''}${r.number ?? ''}`.trim()
      return [{ uid: `${kind}-${r.id}`, kind, date: r.endDate, allDay: true, title: deadlineTitle(locale, reminders.calendarTitle, which), path: '/account/orders', alarmDays: END_REMINDER_DAYS }]
    })
  }
}
