/**
 * The renewal autopilot: an RCA bought end to end through the sandbox insurers and processor,
 * then the sweep run at the window's days on an injected clock (two nodes at once, and through
 * the job queue), the card's figures read back from the quote's own offers, the one-click order
 * following on the day after the old end (at month ends and on 29 February too), and the end
 * reminders and calendar stopping when the renewal is bought here or declared bought elsewhere.
 */
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, periodLastDay, zonedInstant } from '~/contract/iso-date'
import { QuoteEnvelope } from '~/contract/quotes'
import { todayInBucharest } from '~/i18n/dates'
import { RenewalEnvelope, RenewalList, type Renewal } from '~/contract/renewals'
import { jobs, offers, orderPolicies, policyRenewals, quotes } from '~/server/db/schema'
import { JobQueue } from '~/server/jobs/queue'
import { Renewals, RENEWAL_PRICES_HOLD_MINUTES, RENEWAL_SWEEP_JOB } from '~/server/renewals/renewals'
import { databaseKinds, type TestApi } from '../support/api'
import { registerUser } from '../support/accounts'
import { rcaRequestFromTomorrow } from '../support/quotes'
import { servedApi } from '../support/served-api'
import { signedInPurchases, type IssuedOrder } from '../support/signed-in-purchases'

type Order = { data: IssuedOrder }

/** 10:00 in Bucharest on `day`: the sweep's injected clock. */
const on = (day: string) => zonedInstant(day, '10:00')

describe.each(databaseKinds)('renewal autopilot (%s)', (kind) => {
  let t: TestApi
  let close: () => Promise<unknown>
  beforeAll(async () => {
    ;({ t, close } = await servedApi(kind, { INSURER_QUOTE_TIMEOUT_MS: '2000' }))
    // The test is the workers: the sweeps run when it says, on its clock.
    await t.deps.jobs.stop()
  })
  afterAll(async () => void (await close?.()))

  const { call, rcaOffer, buy } = signedInPurchases(() => t, 20, 'renewals')

  const renewalQuotes = async (renewalId: string) =>
    t.deps.database.db
      .select({ id: quotes.id })
      .from(quotes)
      .where(sql`${quotes.context}->>'renewal_of' = ${renewalId}`)

  let user: { email: string; token: string; id: string }
  let policy: Order['data']['policies'][number]
  let premium: number

  beforeAll(async () => {
    const { email, session } = await registerUser(t)
    user = { email, token: session.access_token, id: session.user.id }
    const offer = await rcaOffer((n) => `CJ ${n} RNW`)
    premium = offer.premium!.amount
    policy = (await buy(offer.id, user.token, email)).policies[0]!
  })

  it('prepares one renewal per policy and window, however many nodes sweep, and quotes again when prices run out', async () => {
    const end = policy.end_date!
    const db = t.deps.database.db
    const second = new Renewals({ db, jobs: new JobQueue(db), quotes: t.deps.quotes })

    // The day before the window opens: nothing.
    expect(await t.deps.renewals.sweep(on(addDays(end, -30)))).toMatchObject({ quoted: 0 })
    expect(await db.select().from(policyRenewals).where(eq(policyRenewals.orderPolicyId, policy.id))).toHaveLength(0)

    // The window's first day (the new cover starts within 30 days), two nodes at once.
    const opened = on(addDays(end, -29))
    const [a, b] = await Promise.all([t.deps.renewals.sweep(opened), second.sweep(opened)])
    expect(a.quoted + b.quoted).toBe(1)
    const rows = await db.select().from(policyRenewals).where(eq(policyRenewals.orderPolicyId, policy.id))
    expect(rows).toHaveLength(1)
    const renewal = rows[0]!
    expect(renewal).toMatchObject({ endDate: end, status: 'open', previousPremium: premium })
    expect(await renewalQuotes(renewal.id)).toHaveLength(1)
    // Written once, complete, with every insurer's answer (decision 165): no pending offer to repair.
    const [made] = await db.select({ status: quotes.status, total: quotes.insurersTotal }).from(quotes).where(eq(quotes.id, renewal.quoteId!))
    const answers = await db.select({ status: offers.status }).from(offers).where(eq(offers.quoteId, renewal.quoteId!))
    expect(made?.status).toBe('complete')
    expect(answers).toHaveLength(made!.total)
    expect(answers.filter((o) => o.status === 'pending')).toHaveLength(0)
    expect(renewal.pricesHoldUntil!.getTime()).toBe(opened.getTime() + RENEWAL_PRICES_HOLD_MINUTES * 60_000)
    // Run again while the prices hold: nothing new.
    expect(await t.deps.renewals.sweep(on(addDays(end, -28)))).toMatchObject({ quoted: 0 })
    expect(await renewalQuotes(renewal.id)).toHaveLength(1)

    // Prices ran out: the sweep through the job queue (its clock moved) asks again, once.
    const expired = new Date(renewal.pricesHoldUntil!.getTime() + 60_000)
    const node = new JobQueue(db, { clock: () => expired })
    new Renewals({ db, jobs: node, quotes: t.deps.quotes, clock: () => expired }).defineJobs()
    await new Renewals({ db, jobs: node, quotes: t.deps.quotes }).scheduleSweep(expired)
    await node.runDue(expired)
    expect(await renewalQuotes(renewal.id)).toHaveLength(2)
    const [after] = await db.select().from(policyRenewals).where(eq(policyRenewals.id, renewal.id))
    expect(after!.quoteId).not.toBe(renewal.quoteId)
    expect(after!.pricesHoldUntil!.getTime()).toBe(expired.getTime() + RENEWAL_PRICES_HOLD_MINUTES * 60_000)
    // The next hour's sweep is queued, once.
    const next = await db.select().from(jobs).where(and(eq(jobs.kind, RENEWAL_SWEEP_JOB), eq(jobs.status, 'queued')))
    expect(next.filter((j) => j.runAt.getTime() > expired.getTime())).toHaveLength(1)
    await Promise.all([t.deps.renewals.sweep(expired), second.sweep(expired)])
    expect(await renewalQuotes(renewal.id)).toHaveLength(2)
  })

  it('shows the card: the three best offers, the current insurer’s change against last year, the class, until when prices hold', async () => {
    // Insurers price starts within their 30 days of today (their clock): a window on today's.
    const end = addDays(todayInBucharest(), 20)
    await t.deps.database.db.update(orderPolicies).set({ endDate: end }).where(eq(orderPolicies.id, policy.id))
    await t.deps.renewals.sweep()
    const res = await call('/renewals', user.token)
    expect(res.status, await res.clone().text()).toBe(200)
    const cards = RenewalList.parse(await res.json()).data
    expect(cards.map((c) => c.previous.end_date)).toEqual([end])
    const card = cards[0]!
    const [row] = await t.deps.database.db.select().from(policyRenewals).where(eq(policyRenewals.id, card.id))
    const quote = (await t.deps.quotes.get(row!.quoteId!, { userId: user.id }))!
    const offered = quote.offers.filter((o) => o.status === 'offered').sort((x, y) => x.premium!.amount - y.premium!.amount)
    expect(offered.length).toBeGreaterThan(3)
    expect(card.prices).toBe('ready')
    expect(card.quote_id).toBe(quote.id)
    expect(card.prices_hold_until).toBe(quote.expires_at)
    expect(card.best.map((o) => o.id)).toEqual(offered.slice(0, 3).map((o) => o.id))
    expect(card.start_date).toBe(addDays(end, 1))
    expect(card.best.every((o) => o.start_date === card.start_date && o.end_date === periodLastDay(card.start_date, 12))).toBe(true)
    expect(card.late).toBe(false)
    expect(card.previous.premium?.amount).toBe(premium)
    expect(card.registration_plate).toMatch(/^CJ\d+RNW$/)
    const mine = offered.find((o) => o.insurer.code === card.previous.insurer?.code)
    if (mine) {
      const change = mine.premium!.amount - premium
      expect(card.current).toMatchObject({ offer: { id: mine.id }, change: { amount: change } })
      expect(Math.abs(card.current!.change.percent - (change / premium) * 100)).toBeLessThanOrEqual(0.05)
    } else expect(card.current).toBeNull()
    // The class before (last year's quote) and after (the claims history asked again).
    expect(card.rating_class?.after).toMatch(/^(B\d{1,2}|M\d{1,2})$/)
    expect(card.rating_class?.before).toMatch(/^(B\d{1,2}|M\d{1,2})$/)
    expect(card.reminders).toBe(true)
    // Another account sees none of it.
    const other = await registerUser(t)
    expect(RenewalList.parse(await (await call('/renewals', other.session.access_token)).json()).data).toEqual([])
    expect((await call(`/renewals/${card.id}/bought-elsewhere`, other.session.access_token, 'POST')).status).toBe(404)
  })

  it('starts the renewal the day after the old end at month ends and on 29 February; a late buyer from tomorrow', async () => {
    const db = t.deps.database.db
    // The same policy moved to other last days: each is a window of its own.
    for (const end of ['2028-02-29', '2029-02-28', '2027-01-31', '2027-04-30', '2027-12-31']) {
      await db.update(orderPolicies).set({ endDate: end }).where(eq(orderPolicies.id, policy.id))
      await t.deps.renewals.sweep(on(addDays(end, -20)))
      const [row] = await db.select().from(policyRenewals).where(and(eq(policyRenewals.orderPolicyId, policy.id), eq(policyRenewals.endDate, end)))
      const card = await t.deps.renewals.card(user.id, row!.id, on(addDays(end, -20)))
      const start = addDays(end, 1)
      expect(start.slice(8)).toBe('01')
      expect(card.start_date).toBe(start)
      // Every offer the insurers were asked for covers exactly that period (insurers only price
      // starts within 30 days of their own today, so far-off dates are the broker's side here).
      const offers = (await t.deps.quotes.get(card.quote_id!, { userId: user.id }))!.offers
      expect(offers.length).toBeGreaterThan(3)
      for (const offer of offers) expect([offer.start_date, offer.end_date]).toEqual([start, periodLastDay(start, 12)])
    }
    // 12 months from 29 February 2028 end on 28 February 2029: the next starts 1 March, no gap.
    expect(periodLastDay('2028-03-01', 12)).toBe('2029-02-28')

    // Two days after the old end: cover from tomorrow, with the warning's flag.
    const end = '2027-12-31'
    const [row] = await db.select().from(policyRenewals).where(and(eq(policyRenewals.orderPolicyId, policy.id), eq(policyRenewals.endDate, end)))
    const late = on('2028-01-02')
    expect((await t.deps.renewals.card(user.id, row!.id, late)).prices).toBe('expired')
    const card = await t.deps.renewals.requote(user.id, row!.id, late)
    expect(card).toMatchObject({ late: true, start_date: '2028-01-03' })
    await t.deps.quotes.idle()
    const ready = await t.deps.renewals.card(user.id, row!.id, late)
    expect(ready.prices).toBe('ready')
    for (const offer of (await t.deps.quotes.get(ready.quote_id!, { userId: user.id }))!.offers) expect(offer.start_date).toBe('2028-01-03')
    // The sweep leaves ended policies alone.
    expect(await t.deps.renewals.sweep(on('2028-01-10'))).toMatchObject({ examined: 0 })
  })

  it('stops the reminders and the calendar when the renewal is bought elsewhere or here, and when turned off', async () => {
    const db = t.deps.database.db
    const end = '2027-04-30'
    await db.update(orderPolicies).set({ endDate: end }).where(eq(orderPolicies.id, policy.id))
    const [row] = await db.select().from(policyRenewals).where(and(eq(policyRenewals.orderPolicyId, policy.id), eq(policyRenewals.endDate, end)))
    expect(await t.deps.endReminders.send({ policyId: policy.id, daysBefore: 14, endDate: end })).toBe('sent')
    expect((await t.deps.endReminders.deadlines(user.id, 'ro')).map((d) => d.date)).toContain(end)

    const off = await call(`/renewals/${row!.id}/reminders`, user.token, 'PUT', { enabled: false })
    expect(off.status, await off.clone().text()).toBe(200)
    expect(RenewalEnvelope.parse(await off.json()).data.reminders).toBe(false)
    expect(await t.deps.endReminders.send({ policyId: policy.id, daysBefore: 7, endDate: end })).toBe('void')
    expect((await t.deps.endReminders.deadlines(user.id, 'ro')).map((d) => d.date)).not.toContain(end)
    expect((await call(`/renewals/${row!.id}/reminders`, user.token, 'PUT', { enabled: true })).status).toBe(200)
    expect((await call(`/renewals/${row!.id}/reminders`, user.token, 'PUT', { enabled: 'no' })).status).toBe(422)

    const elsewhere = await call(`/renewals/${row!.id}/bought-elsewhere`, user.token, 'POST')
    expect(elsewhere.status).toBe(200)
    expect(RenewalEnvelope.parse(await elsewhere.json()).data.status).toBe('bought_elsewhere')
    expect(await t.deps.endReminders.send({ policyId: policy.id, daysBefore: 7, endDate: end })).toBe('void')
    expect((await t.deps.endReminders.deadlines(user.id, 'ro')).map((d) => d.date)).not.toContain(end)
    expect(RenewalList.parse(await (await call('/renewals', user.token)).json()).data.map((c) => c.id)).not.toContain(row!.id)
  })

  it('renews in one click: the order bought from the card follows on the day after the old end and closes the renewal', async () => {
    const db = t.deps.database.db
    // The window of the card test (the old policy ends in 20 days), bought today.
    const end = addDays(todayInBucharest(), 20)
    await db.update(orderPolicies).set({ endDate: end }).where(eq(orderPolicies.id, policy.id))
    const card: Renewal = RenewalList.parse(await (await call('/renewals', user.token)).json()).data.find((c) => c.previous.end_date === end)!
    expect(card.prices).toBe('ready')
    const bought = await buy(card.best[0]!.id, user.token, user.email)
    expect(bought.policies[0]).toMatchObject({ start_date: addDays(end, 1), end_date: periodLastDay(addDays(end, 1), 12) })
    const [closed] = await db.select().from(policyRenewals).where(eq(policyRenewals.id, card.id))
    expect(closed).toMatchObject({ status: 'renewed', renewedByOrderId: bought.id })
    expect(await t.deps.endReminders.send({ policyId: policy.id, daysBefore: 1, endDate: end })).toBe('void')
    // The new policy's own renewal is another window.
    expect(RenewalList.parse(await (await call('/renewals', user.token)).json()).data.map((c) => c.id)).not.toContain(card.id)
  })

  it('prepares the same renewal for a vehicle whose RCA was bought elsewhere, from its typed-in end and the account’s quote for it', async () => {
    const db = t.deps.database.db
    const end = addDays(todayInBucharest(), 15)
    const added = await call('/vehicles', user.token, 'POST', { registration_plate: 'CJ 77 EXT', rca_valid_until: end })
    expect(added.status, await added.clone().text()).toBe(201)
    const vehicle = ((await added.json()) as { data: { id: string; rca_valid_until: string | null } }).data
    expect(vehicle.rca_valid_until).toBe(end)
    expect((await call('/vehicles', user.token, 'POST', { registration_plate: 'CJ 78 EXT', rca_valid_until: '30.12.2027' })).status).toBe(422)

    // Never compared here: nothing to renew from, no card.
    await t.deps.renewals.sweep()
    expect(await db.select().from(policyRenewals).where(eq(policyRenewals.vehicleId, vehicle.id))).toHaveLength(0)

    // A comparison made for it (then bought elsewhere): the sweep renews from that request.
    const quoted = await call('/products/rca/quotes', user.token, 'POST', { ...rcaRequestFromTomorrow({ vehicle: { registration_plate: 'CJ 77 EXT' } }), token: '' })
    expect(quoted.status, await quoted.clone().text()).toBe(201)
    await t.deps.quotes.settled(QuoteEnvelope.parse(await quoted.json()).data.id)
    const [a, b] = await Promise.all([t.deps.renewals.sweep(), new Renewals({ db, jobs: new JobQueue(db), quotes: t.deps.quotes }).sweep()])
    expect(a.quoted + b.quoted).toBeGreaterThanOrEqual(1)
    const rows = await db.select().from(policyRenewals).where(eq(policyRenewals.vehicleId, vehicle.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ endDate: end, product: 'rca', orderPolicyId: null, previousPremium: null })

    const card = RenewalList.parse(await (await call('/renewals', user.token)).json()).data.find((c) => c.id === rows[0]!.id)!
    expect(card).toMatchObject({ registration_plate: 'CJ77EXT', start_date: addDays(end, 1), late: false, prices: 'ready', current: null, buyer: null })
    expect(card.previous).toMatchObject({ insurer: null, premium: null, end_date: end })
    expect(card.best.length).toBeGreaterThan(0)
    expect(card.best.every((o) => o.start_date === addDays(end, 1))).toBe(true)
    const checkout = await call(`/renewals/${card.id}/checkout`, user.token, 'POST')
    expect(checkout.status).toBe(200)
    expect(((await checkout.json()) as { data: unknown }).data).toEqual({ quote: card.quote_id, offer: card.best[0]!.id, renewal: card.id })

    // The owner corrects the date: the old window's card goes, the new one is prepared by the next sweep.
    const moved = addDays(end, 3)
    expect((await call(`/vehicles/${vehicle.id}`, user.token, 'PATCH', { rca_valid_until: moved })).status).toBe(200)
    expect(RenewalList.parse(await (await call('/renewals', user.token)).json()).data.map((c) => c.id)).not.toContain(card.id)
    await t.deps.renewals.sweep()
    const next = RenewalList.parse(await (await call('/renewals', user.token)).json()).data.find((c) => c.registration_plate === 'CJ77EXT')
    expect(next?.previous.end_date).toBe(moved)
  })
})
