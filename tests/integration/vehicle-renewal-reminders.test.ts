/**
 * Reminders and the end date for vehicles insured elsewhere (decision 160): a vehicle whose RCA last day
 * is typed in gets the end reminders of a policy bought here (mail, bell, calendar at 30, 14, 7
 * and 1 days), stopping when the renewal is bought here or declared bought elsewhere, or the
 * owner turns them off for the vehicle; and the public policy check's last day of a policy bought
 * here is taken onto a vehicle of the same plate, giving nothing else of its buyer away.
 *
 * The queue runs when the test says, at the reminders' times (injected). The notification
 * centre's publisher is the outside boundary (Pusher): a recorder that checks each event against
 * the realtime catalogue.
 */
import ICAL from 'ical.js'
import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, periodLastDay } from '~/contract/iso-date'
import { QuoteEnvelope } from '~/contract/quotes'
import type { RealtimeEventName, RealtimeEventPayloads } from '~/contract/realtime'
import { realtimeEventSchemas } from '~/contract/realtime-events'
import { RenewalList } from '~/contract/renewals'
import { VehicleEndFromCheck } from '~/contract/policy-check'
import { todayInBucharest } from '~/i18n/dates'
import { jobs, mailOutbox, orderPolicies, policyRenewals } from '~/server/db/schema'
import { JobQueue } from '~/server/jobs/queue'
import { END_REMINDER_DAYS, endReminderTime } from '~/server/renewals/reminder-schedule'
import { VEHICLE_END_REMINDER_JOB, VehicleEndReminders } from '~/server/renewals/vehicle-reminders'
import { databaseKinds, type TestApi } from '../support/api'
import { registerUser } from '../support/accounts'
import { rcaRequestFromTomorrow } from '../support/quotes'
import { servedApi } from '../support/served-api'
import { signedInPurchases } from '../support/signed-in-purchases'

type Vehicle = { id: string; registration_plate: string; rca_valid_until: string | null; renewal_reminders: boolean }
type Seen = { userId: string; name: RealtimeEventName; payload: RealtimeEventPayloads['vehicle.end-reminder'] }

describe.each(databaseKinds)('reminders and the policy check for vehicles insured elsewhere (%s)', (kind) => {
  let t: TestApi
  let close: () => Promise<unknown>
  beforeAll(async () => {
    ;({ t, close } = await servedApi(kind, { INSURER_QUOTE_TIMEOUT_MS: '2000' }))
    await t.deps.jobs.stop()
  })
  afterAll(async () => void (await close?.()))

  const { call, rcaOffer, buy } = signedInPurchases(() => t, 120, 'vehicle-reminders')

  /** A vehicle of the account with its RCA's last day typed in, a comparison made for it here, and the sweep run: its renewal is prepared. */
  async function vehicleWithRenewal(token: string, plate: string, end: string): Promise<{ vehicle: Vehicle; renewalId: string }> {
    const added = await call('/vehicles', token, 'POST', { registration_plate: plate, rca_valid_until: end })
    expect(added.status, await added.clone().text()).toBe(201)
    const vehicle = ((await added.json()) as { data: Vehicle }).data
    expect(vehicle.renewal_reminders).toBe(true)
    const quoted = await call('/products/rca/quotes', token, 'POST', { ...rcaRequestFromTomorrow({ vehicle: { registration_plate: plate } }), token: '' })
    expect(quoted.status, await quoted.clone().text()).toBe(201)
    await t.deps.quotes.settled(QuoteEnvelope.parse(await quoted.json()).data.id)
    await t.deps.renewals.sweep()
    const [row] = await t.deps.database.db.select().from(policyRenewals).where(eq(policyRenewals.vehicleId, vehicle.id))
    expect(row).toBeDefined()
    return { vehicle, renewalId: row!.id }
  }

  /** This test's workers: a node whose reminders publish to a recorder. */
  function node() {
    const seen: Seen[] = []
    const queue = new JobQueue(t.deps.database.db)
    const events = {
      publishUserEvent: async <E extends RealtimeEventName>(userId: string, name: E, payload: RealtimeEventPayloads[E]) => {
        realtimeEventSchemas[name].parse(payload)
        seen.push({ userId, name, payload: payload as Seen['payload'] })
        return true
      },
    }
    const reminders = new VehicleEndReminders({ db: t.deps.database.db, jobs: queue, mailer: t.deps.mailer, events, preferences: t.deps.accountArea.preferences, publicUrl: t.config.PUBLIC_URL })
    reminders.defineJobs()
    return { queue, reminders, seen }
  }

  const mailsTo = async (to: string) =>
    (await t.deps.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, 'vehicle-end-reminder')))).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())

  async function calendarEvent(token: string, vehicleId: string) {
    const feed = ((await (await call('/calendar-feed', token)).json()) as { data: { url: string } }).data.url
    const ics = await (await t.call(new URL(feed).pathname.replace('/api/v1', ''))).text()
    const event = new ICAL.Component(ICAL.parse(ics) as unknown[]).getAllSubcomponents('vevent').find((e) => String(e.getFirstPropertyValue('uid')).startsWith(`rca-${vehicleId}@`))
    if (!event) return undefined
    const alarms = event.getAllSubcomponents('valarm').map((a) => -(a.getFirstPropertyValue('trigger') as ICAL.Duration).toSeconds() / 86_400)
    return { date: String(event.getFirstPropertyValue('dtstart')), alarms: alarms.sort((a, b) => b - a) }
  }

  it('mails, notifies and keeps in the calendar at 30, 14, 7 and 1 days; stops when turned off or bought elsewhere; service messages without marketing consent', async () => {
    const { email, session } = await registerUser(t)
    const token = session.access_token
    expect(((await (await call('/preferences', token)).json()) as { data: { marketing_consent: boolean } }).data.marketing_consent).toBe(false)
    const end = addDays(todayInBucharest(), 20)
    const { vehicle, renewalId } = await vehicleWithRenewal(token, 'CJ 61 ELS', end)
    const { queue, reminders, seen } = node()

    // The calendar: the last day, reminding at each of the four days.
    expect(await calendarEvent(token, vehicle.id)).toEqual({ date: end, alarms: [30, 14, 7, 1] })

    /** Queues the threshold's reminder half a day before (the scan), then runs the queue a minute early and a minute late. */
    async function reach(days: (typeof END_REMINDER_DAYS)[number]): Promise<number> {
      const at = endReminderTime(end, days)
      const queued = await reminders.schedule(new Date(at.getTime() - 12 * 3_600_000))
      await queue.runDue(new Date(at.getTime() - 60_000))
      const before = (await mailsTo(email)).length
      await queue.runDue(new Date(at.getTime() + 60_000))
      expect((await mailsTo(email)).length).toBeGreaterThanOrEqual(before)
      return queued
    }

    expect(await reach(30)).toBe(1)
    expect(await reach(14)).toBe(1)
    let mails = await mailsTo(email)
    expect(mails).toHaveLength(2)
    expect(mails[0]!.subject).toContain('CJ61ELS')
    expect(mails[0]!.subject).toContain('30')
    // One click to the prepared renewal's checkout; the vehicle's page to write a new date or turn them off.
    expect(mails[0]!.text).toContain(`/account/renewals/${renewalId}`)
    expect(mails[0]!.text).toContain(`/account/vehicles/${vehicle.id}`)
    expect(seen.map((e) => [e.name, e.userId, e.payload.days_before, e.payload.renewal_id, e.payload.registration_plate])).toEqual([
      ['vehicle.end-reminder', session.user.id, 30, renewalId, 'CJ61ELS'],
      ['vehicle.end-reminder', session.user.id, 14, renewalId, 'CJ61ELS'],
    ])
    // Once for ever: the scan again queues nothing, a run again sends nothing.
    expect(await reminders.schedule(new Date(endReminderTime(end, 14).getTime() - 3_600_000))).toBe(0)
    expect(await reminders.send({ vehicleId: vehicle.id, product: 'rca', daysBefore: 14, endDate: end })).toBe('already_sent')

    // Turned off for the vehicle: nothing queued or sent, out of the calendar; on again, back.
    const off = await call(`/vehicles/${vehicle.id}`, token, 'PATCH', { renewal_reminders: false })
    expect(off.status, await off.clone().text()).toBe(200)
    expect(((await off.json()) as { data: Vehicle }).data.renewal_reminders).toBe(false)
    expect(await reach(7)).toBe(0)
    expect(await reminders.send({ vehicleId: vehicle.id, product: 'rca', daysBefore: 7, endDate: end })).toBe('void')
    expect(await calendarEvent(token, vehicle.id)).toBeUndefined()
    expect((await call(`/vehicles/${vehicle.id}`, token, 'PATCH', { renewal_reminders: 'no' })).status).toBe(422)
    expect((await call(`/vehicles/${vehicle.id}`, token, 'PATCH', { renewal_reminders: true })).status).toBe(200)
    expect(await reach(7)).toBe(1)
    expect(await mailsTo(email)).toHaveLength(3)
    expect(await calendarEvent(token, vehicle.id)).toEqual({ date: end, alarms: [30, 14, 7, 1] })

    // Declared bought elsewhere on the card: the 1-day reminder and the calendar stop.
    expect((await call(`/renewals/${renewalId}/bought-elsewhere`, token, 'POST')).status).toBe(200)
    await reach(1)
    expect(await reminders.send({ vehicleId: vehicle.id, product: 'rca', daysBefore: 1, endDate: end })).toBe('void')
    mails = await mailsTo(email)
    expect(mails).toHaveLength(3)
    expect(seen.map((e) => e.payload.days_before)).toEqual([30, 14, 7])
    expect(await calendarEvent(token, vehicle.id)).toBeUndefined()
    // Every threshold was queued once, with its own key.
    const keys = (await t.deps.database.db.select({ key: jobs.dedupeKey }).from(jobs).where(like(jobs.dedupeKey, `${VEHICLE_END_REMINDER_JOB}:${vehicle.id}:%`))).map((j) => j.key)
    expect(keys.sort()).toEqual(END_REMINDER_DAYS.map((d) => `${VEHICLE_END_REMINDER_JOB}:${vehicle.id}:rca:${end}:${d}`).sort())
  })

  it('stops when the renewal is bought here: the old end’s reminders are void, the new policy has its own', async () => {
    const { email, session } = await registerUser(t)
    const token = session.access_token
    const end = addDays(todayInBucharest(), 15)
    const { vehicle, renewalId } = await vehicleWithRenewal(token, 'CJ 62 ELS', end)
    const { reminders } = node()
    expect(await reminders.send({ vehicleId: vehicle.id, product: 'rca', daysBefore: 14, endDate: end })).toBe('sent')

    const card = RenewalList.parse(await (await call('/renewals', token)).json()).data.find((c) => c.id === renewalId)!
    expect(card.prices).toBe('ready')
    const bought = await buy(card.best[0]!.id, token, email)
    expect(bought.policies[0]).toMatchObject({ start_date: addDays(end, 1), end_date: periodLastDay(addDays(end, 1), 12) })
    const [closed] = await t.deps.database.db.select().from(policyRenewals).where(eq(policyRenewals.id, renewalId))
    expect(closed).toMatchObject({ status: 'renewed', renewedByOrderId: bought.id })
    expect(await reminders.send({ vehicleId: vehicle.id, product: 'rca', daysBefore: 7, endDate: end })).toBe('void')
    // The vehicle now ends with the policy bought here, whose own reminders and renewal apply: none for the vehicle.
    const newEnd = bought.policies[0]!.end_date!
    expect(((await (await call(`/vehicles/${vehicle.id}`, token)).json()) as { data: Vehicle }).data.rca_valid_until).toBe(newEnd)
    expect(await reminders.send({ vehicleId: vehicle.id, product: 'rca', daysBefore: 30, endDate: newEnd })).toBe('void')
    expect(await mailsTo(email)).toHaveLength(1)
  })

  it('takes the public check’s last day of a policy bought here onto a vehicle of the caller, and nothing else of its buyer', async () => {
    // Someone buys an RCA here, from tomorrow.
    const buyer = await registerUser(t)
    const offer = await rcaOffer((n) => `B ${n} CHK`)
    const policy = (await buy(offer.id, buyer.session.access_token, buyer.email)).policies[0]!
    const [issued] = await t.deps.database.db.select({ plate: orderPolicies.registrationPlate }).from(orderPolicies).where(eq(orderPolicies.id, policy.id))
    const plate = issued!.plate!

    // Another account holds a vehicle of that plate without a date: the check's last day is taken.
    const other = await registerUser(t)
    const token = other.session.access_token
    const added = ((await (await call('/vehicles', token, 'POST', { registration_plate: plate })).json()) as { data: Vehicle }).data
    expect((await call('/vehicles/policy-check', 'no-session', 'POST', { registration_plate: plate })).status).toBe(401)
    const first = await call('/vehicles/policy-check', token, 'POST', { registration_plate: plate })
    expect(first.status, await first.clone().text()).toBe(200)
    const body = (await first.json()) as { data: Record<string, unknown> }
    // Exactly the public answer's date about the policy: no insurer, number, buyer or order.
    expect(Object.keys(body.data).sort()).toEqual(['registration_plate', 'taken', 'valid_until', 'vehicle_id', 'vehicle_valid_until'])
    expect(VehicleEndFromCheck.parse(body).data).toEqual({ vehicle_id: added.id, registration_plate: plate, valid_until: policy.end_date, vehicle_valid_until: policy.end_date, taken: true })
    // The same date anyone reads from the public check on the policy's first day.
    const publicAnswer = (await (await t.call(`/policies/check?registration_plate=${plate}&date=${policy.start_date}`)).json()) as { data: { valid_until: string } }
    expect(publicAnswer.data.valid_until).toBe(policy.end_date)

    // From here the policy is in force today (the check's first answer).
    await t.deps.database.db.update(orderPolicies).set({ startDate: todayInBucharest() }).where(eq(orderPolicies.id, policy.id))
    // A date of its own is kept unless the owner asks for the check's.
    const typed = addDays(policy.end_date!, -100)
    await call(`/vehicles/${added.id}`, token, 'PATCH', { rca_valid_until: typed })
    const kept = VehicleEndFromCheck.parse(await (await call('/vehicles/policy-check', token, 'POST', { registration_plate: plate })).json()).data
    expect(kept).toMatchObject({ valid_until: policy.end_date, vehicle_valid_until: typed, taken: false })
    const replaced = VehicleEndFromCheck.parse(await (await call('/vehicles/policy-check', token, 'POST', { registration_plate: plate, replace: true })).json()).data
    expect(replaced).toMatchObject({ vehicle_valid_until: policy.end_date, taken: true })
    expect(((await (await call(`/vehicles/${added.id}`, token)).json()) as { data: Vehicle }).data.rca_valid_until).toBe(policy.end_date)

    // A plate that is not the caller's vehicle: 404, whether or not a policy exists for it.
    expect((await call('/vehicles/policy-check', token, 'POST', { registration_plate: 'CJ 99 ZZZ' })).status).toBe(404)
    expect((await call('/vehicles/policy-check', token, 'POST', { registration_plate: '??' })).status).toBe(422)
    // No policy in force here for the plate: nothing taken.
    await call('/vehicles', token, 'POST', { registration_plate: 'CJ 98 ZZZ' })
    expect(VehicleEndFromCheck.parse(await (await call('/vehicles/policy-check', token, 'POST', { registration_plate: 'CJ 98 ZZZ' })).json()).data).toMatchObject({ valid_until: null, vehicle_valid_until: null, taken: false })
  })
})
