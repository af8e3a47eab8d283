/**
 * Reminders before a policy or vignette bought here ends (decision 68): bought end
 * to end through the sandbox insurers and card processor over HTTP, then the queue is run at the
 * reminders' times. Each reminder arrives once by mail and once on the user's realtime channel (a
 * real realtime node, a pusher-js device), in the account's language and by its preferences,
 * however many workers run it, and never again after a restart.
 */
import ICAL from 'ical.js'
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '~/contract/iso-date'
import { QuoteEnvelope, type Quote } from '~/contract/quotes'
import { privateUserChannel } from '~/contract/realtime'
import { todayInBucharest } from '~/i18n/dates'
import { jobs, mailOutbox, orderPolicies, policyEndReminders } from '~/server/db/schema'
import { JobQueue } from '~/server/jobs/queue'
import { POLICY_END_REMINDER_JOB, PolicyEndReminders } from '~/server/orders/end-reminders'
import { END_REMINDER_DAYS, endReminderTime } from '~/server/renewals/reminder-schedule'
import { RealtimePublisher } from '~/server/realtime/publisher'
import { SANDBOX_TEST_CARDS } from '~/server/sandbox/payments'
import { acceptedDocumentsFor, databaseKinds, json, type TestApi } from '../support/api'
import { bearer, registerUser } from '../support/accounts'
import { pollUntilComplete, rcaRequestFromTomorrow } from '../support/quotes'
import { servedApi, until } from '../support/served-api'
import { record, startCluster, subscribe, type TestCluster } from '../realtime/support'

type Order = { data: { id: string; status: string; payment: { url: string }; policies: { id: string; end_date: string | null }[] } }

describe.each(databaseKinds)('end-of-validity reminders for policies and vignettes bought here (%s)', (kind) => {
  let t: TestApi
  let close: () => Promise<unknown>
  let cluster: TestCluster
  let ip = 60
  beforeAll(async () => {
    cluster = await startCluster('single')
    ;({ t, close } = await servedApi(kind, {
      INSURER_QUOTE_TIMEOUT_MS: '2000',
      PUSHER_APP_ID: cluster.appId,
      PUSHER_APP_KEY: cluster.key,
      PUSHER_APP_SECRET: cluster.secret,
      PUSHER_HOST: '127.0.0.1',
      PUSHER_PORT: String(cluster.node(0).port),
    }))
  })
  afterAll(async () => {
    await cluster?.close()
    await close?.()
  })

  const apiUrl = () => `http://127.0.0.1:${t.config.PORT}/api/v1`
  const call = (path: string, token: string, method = 'GET', body?: unknown, headers: Record<string, string> = {}) =>
    t.call(path, { method, headers: { ...bearer(token), 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${ip++}`, ...headers }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })

  /** A complete quote with an offer; the sandbox fails about one request in twenty by request, so the next variant is tried then. */
  async function offerOf(product: string, variant: (n: number) => Record<string, unknown>): Promise<Quote['offers'][number]> {
    for (let n = 10; n < 30; n++) {
      const res = await t.call(`/products/${product}/quotes`, json({ token: '', ...variant(n) }, { 'x-forwarded-for': `198.51.100.${ip++}` }))
      expect(res.status, await res.clone().text()).toBe(201)
      const quote = await pollUntilComplete(t, QuoteEnvelope.parse(await res.json()).data.id)
      const offered = quote.offers.find((o) => o.status === 'offered')
      if (offered) return offered
    }
    throw new Error(`${product}: no offer`)
  }

  /** Orders the offer as the signed-in user, pays with an approved card on the processor's form, waits for issuance. */
  async function buy(offerId: string, token: string, email: string): Promise<Order['data']> {
    const customer = { first_name: 'Ana', last_name: 'Popescu', email, phone: '0722123456', address: { county: 'Cluj', city: 'Cluj-Napoca', street: 'Str. Horea 12' } }
    const res = await call('/orders', token, 'POST', { offer_id: offerId, customer, accepted_documents: await acceptedDocumentsFor(t, offerId), token: '' }, { 'idempotency-key': `reminders-${offerId}` })
    expect(res.status, await res.clone().text()).toBe(201)
    const created = ((await res.json()) as Order).data
    await fetch(created.payment.url, { method: 'POST', body: new URLSearchParams({ card_number: SANDBOX_TEST_CARDS.approved, expiry: '12/34', cvc: '123', holder: 'Ana Popescu' }), redirect: 'manual' })
    let order: Order['data'] | undefined
    await until(async () => (order = ((await (await call(`/orders/${created.id}`, token)).json()) as Order).data).status === 'issued', 'issued')
    return order!
  }

  const reminderMails = async (to: string) => (await t.deps.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, 'policy-end-reminder')))).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())

  it('mails and notifies once at 30, 14, 7 and 1 days, in the account’s language, as its preferences say', async () => {
    const { email, session } = await registerUser(t)
    const token = session.access_token
    // French; vignettes' reminders only in the notification centre.
    const prefs = await call('/preferences', token, 'PATCH', { language: 'fr', reminders: { vignette_end: { email: false, notification_centre: true } } })
    expect(prefs.status, await prefs.clone().text()).toBe(200)

    const rcaOffer = await offerOf('rca', (n) => rcaRequestFromTomorrow({ vehicle: { registration_plate: `CJ ${n} END` } }))
    const vignetteStart = addDays(todayInBucharest(), 3) // another last day than the RCA's, so the two interleave
    const vignetteOffer = await offerOf('ro-vignette', (n) => ({ vehicle: { registration_plate: `B ${n} VIG`, country: 'RO', vin: 'UU1HSDACN45123456', category: 'A' }, period: '12m', start_date: vignetteStart }))
    const rca = (await buy(rcaOffer.id, token, email)).policies[0]!
    const vignette = (await buy(vignetteOffer.id, token, email)).policies[0]!
    expect(rca.end_date).toBe(rcaOffer.end_date)
    expect(vignette.end_date).toBe(vignetteOffer.end_date)

    // From here the test is the workers: this node's queue and a second node's on the same database, run at the reminders' times.
    await t.deps.jobs.stop()
    const secondNode = new JobQueue(t.deps.database.db)
    new PolicyEndReminders({ db: t.deps.database.db, jobs: secondNode, mailer: t.deps.mailer, events: new RealtimePublisher(t.config), preferences: t.deps.accountArea.preferences, publicUrl: t.config.PUBLIC_URL }).defineJobs()
    const queued = await t.deps.database.db.select().from(jobs).where(eq(jobs.kind, POLICY_END_REMINDER_JOB))
    expect(queued.map((j) => j.dedupeKey).sort()).toEqual(
      [rca, vignette].flatMap((p) => END_REMINDER_DAYS.map((d) => `${POLICY_END_REMINDER_JOB}:${p.id}:${d}`)).sort(),
    )
    for (const job of queued) {
      const { policyId, daysBefore, endDate } = job.payload as { policyId: string; daysBefore: number; endDate: string }
      // 09:00 in Bucharest on the day `daysBefore` the last day.
      expect(job.runAt.toISOString()).toBe(endReminderTime(endDate, daysBefore).toISOString())
      expect(endDate).toBe(policyId === rca.id ? rca.end_date : vignette.end_date)
    }

    const device = cluster.client({ channelAuthorization: { endpoint: `${apiUrl()}/pusher/auth`, transport: 'ajax', headers: bearer(token) } })
    const seen = record(await subscribe(device, privateUserChannel(session.user.id)))
    const reminders = () => seen.filter((e) => e.name === 'policy.end-reminder').map((e) => e.data as { policy_id: string; days_before: number; product: string; registration_plate: string | null })

    const steps = [rca, vignette]
      .flatMap((p) => END_REMINDER_DAYS.map((days) => ({ policy: p, days, at: endReminderTime(p.end_date!, days) })))
      .sort((a, b) => a.at.getTime() - b.at.getTime())
    const expectedEvents: { policy_id: string; days_before: number }[] = []
    let expectedMails = 0
    for (const step of steps) {
      const isRca = step.policy.id === rca.id
      // Before the 1-day RCA reminder the user turns the notification centre off for policies: that one is mailed only.
      const rcaNotified = !(isRca && step.days === 1)
      if (isRca && step.days === 1) expect((await call('/preferences', token, 'PATCH', { reminders: { policy_end: { email: true, notification_centre: false } } })).status).toBe(200)

      // A minute early: nothing.
      await t.deps.jobs.runDue(new Date(step.at.getTime() - 60_000))
      expect(await reminderMails(email)).toHaveLength(expectedMails)

      // Due, with both nodes' workers at once.
      const due = new Date(step.at.getTime() + 60_000)
      await Promise.all([t.deps.jobs.runDue(due), secondNode.runDue(due)])
      if (isRca) expectedMails++
      if (!isRca || rcaNotified) expectedEvents.push({ policy_id: step.policy.id, days_before: step.days })
      await until(async () => reminders().length >= expectedEvents.length, `the ${step.days}-day notification`)
      expect(reminders()).toMatchObject(expectedEvents)
      const mails = await reminderMails(email)
      expect(mails).toHaveLength(expectedMails)
      if (isRca) {
        const mail = mails.at(-1)!
        expect(mail.locale).toBe('fr')
        expect(mail.subject).toContain(step.days === 1 ? 'expire demain' : `expire dans ${step.days} jours`)
        expect(mail.text).toContain('Votre police RCA')
        expect(mail.text).toContain('/account/preferences')
      }
    }
    expect(reminders()).toHaveLength(7)
    expect(reminders().filter((r) => r.product === 'ro-vignette')).toHaveLength(4)
    expect(reminders().find((r) => r.product === 'rca')!.registration_plate).toMatch(/^CJ\d+END$/)

    // Never twice: every job runs again as after a node died before marking it done (at the next start, on both nodes), and two runs of one reminder race.
    await t.deps.database.db.update(jobs).set({ status: 'queued' }).where(eq(jobs.kind, POLICY_END_REMINDER_JOB))
    const later = new Date(Date.now() + 2 * 366 * 86_400_000)
    await Promise.all([t.deps.jobs.runDue(later), secondNode.runDue(later)])
    const again = { policyId: rca.id, daysBefore: 7 as const, endDate: rca.end_date! }
    expect(await Promise.all([t.deps.endReminders.send(again), t.deps.endReminders.send(again)])).toEqual(['already_sent', 'already_sent'])
    await new Promise((resolve) => setTimeout(resolve, 300)) // nothing more happens: slowness only makes this more lenient, never red
    expect(await reminderMails(email)).toHaveLength(4)
    expect(reminders()).toHaveLength(7)
    const rows = await t.deps.database.db.select().from(policyEndReminders).where(inArray(policyEndReminders.orderPolicyId, [rca.id, vignette.id]))
    expect(rows).toHaveLength(8)
    expect(rows.filter((r) => r.email)).toHaveLength(4)

    // The calendar feed has both last days.
    const feed = ((await (await call('/calendar-feed', token)).json()) as { data: { url: string } }).data.url
    const ics = await (await t.call(new URL(feed).pathname.replace('/api/v1', ''))).text()
    const events = new ICAL.Component(ICAL.parse(ics) as unknown[]).getAllSubcomponents('vevent').map((e) => new ICAL.Event(e))
    const policyEvent = events.find((e) => e.uid.startsWith(`policy-${rca.id}@`))!
    const vignetteEvent = events.find((e) => e.uid.startsWith(`vignette-${vignette.id}@`))!
    expect(policyEvent.startDate.toString()).toBe(rca.end_date)
    // French sets a colon apart with a space, as the catalog writes it.
    expect(policyEvent.summary).toMatch(/^Fin de l’assurance RCA : CJ\d+END$/)
    expect(vignetteEvent.startDate.toString()).toBe(vignette.end_date)
    expect(vignetteEvent.summary).toMatch(/^Fin de la rovinietă : B\d+VIG$/)
    device.disconnect()
  })

  it('queues only the reminders still ahead: a 10-day vignette gets the 7- and 1-day ones', async () => {
    t.deps.jobs.start()
    const { email, session } = await registerUser(t)
    const offer = await offerOf('ro-vignette', (n) => ({ vehicle: { registration_plate: `B ${n} TEN`, country: 'RO', vin: 'UU1HSDACN45123456', category: 'A' }, period: '10d', start_date: addDays(todayInBucharest(), 1) }))
    const policy = (await buy(offer.id, session.access_token, email)).policies[0]!
    await t.deps.jobs.stop()
    const queued = await t.deps.database.db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.kind, POLICY_END_REMINDER_JOB))
    const mine = queued.map((j) => j.payload as { policyId: string; daysBefore: number }).filter((p) => p.policyId === policy.id)
    expect(mine.map((p) => p.daysBefore).sort((a, b) => a - b)).toEqual([1, 7])
    // A policy no longer issued (or moved to another last day) is not reminded of.
    await t.deps.database.db.update(orderPolicies).set({ endDate: addDays(policy.end_date!, 1) }).where(eq(orderPolicies.id, policy.id))
    expect(await t.deps.endReminders.send({ policyId: policy.id, daysBefore: 7, endDate: policy.end_date! })).toBe('void')
  })
})
