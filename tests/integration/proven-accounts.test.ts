/**
 * What a hostile buyer found: accounts are proven before they receive anything,
 * secrets follow the account, an offer is its quote owner's, bad input never reaches a 500 and
 * logs carry no personal data (decisions 94-96).
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { solveAltcha } from '~/contract/altcha-solver'
import { CaptchaChallenge } from '~/contract/captcha'
import { internalPath } from '~/contract/paths'
import type { PurchaseParts } from '~/server/api'
import { insurers, offers, orders, quotes, users } from '~/server/db/schema'
import type { Database } from '~/server/db/client'
import { log } from '~/server/log'
import type { IssuedPolicy, PolicyIssueRequest, PolicyIssuer } from '~/server/orders/ports'
import { acceptedDocumentsFor, databaseKinds, errorOf, json, startTestApi, type TestApi } from '../support/api'
import { logCapture } from '../support/log-capture'
import { ProcessorDouble } from '../support/processor-double'

/** The insurer at the boundary: issues every policy asked for. */
class InsurerDouble implements PolicyIssuer {
  private issued = 0
  async issue(request: PolicyIssueRequest): Promise<IssuedPolicy> {
    this.issued++
    return { number: String(500000 + this.issued), series: 'RO/25/B', start_date: request.startDate ?? today, end_date: request.endDate ?? inAYear }
  }
}

const day = (offset: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest' }).format(new Date(Date.now() + offset * 86_400_000))
const today = day(0)
const inAYear = day(360)

const customer = (email: string, firstName = 'Ana') => ({
  first_name: firstName,
  last_name: 'Popescu',
  email,
  phone: '0722123456',
  address: { county: 'București', city: 'București', street: 'Str. Lalelelor 3' },
})

/** A quote with one offered offer, made for `userId` (an account's quote) or for a visitor. */
async function seedOffer(db: Database, userId: string | null = null): Promise<string> {
  await db.insert(insurers).values({ code: 'test-ins', name: 'Test Asigurări', asfRegistration: 'RA-000' }).onConflictDoNothing()
  const quoteId = randomBytes(16).toString('base64url')
  const offerId = randomBytes(16).toString('base64url')
  await db.insert(quotes).values({ id: quoteId, product: 'rca', userId, request: { registration_plate: 'B20XYZ', vin: 'WVWZZZ1JZXW000020' }, insurersTotal: 1, status: 'complete', expiresAt: new Date(Date.now() + 3_600_000) })
  await db.insert(offers).values({ id: offerId, quoteId, insurerCode: 'test-ins', status: 'offered', premium: 84_500, currency: 'RON', insurerReference: `ref-${offerId}`, startDate: day(1), endDate: inAYear })
  return offerId
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
const password = 'o parola destul de lunga 42'

type Created = { data: { id: string; access_token?: string } }

describe.each(databaseKinds)('proven accounts: accounts, secrets, offers, bad input (%s)', (kind) => {
  let t: TestApi
  const processor = new ProcessorDouble()
  const db = () => t.deps.database.db

  beforeAll(async () => {
    const purchase: PurchaseParts = { payments: processor, issuer: new InsurerDouble(), issuance: { maxAttempts: 2, backoffMs: () => 1000 } }
    t = await startTestApi(kind, {}, { purchase })
    await t.deps.jobs.stop()
  })
  afterAll(() => t.close())

  const order = async (offerId: string, email: string, options: { key?: string; token?: string; session?: string; firstName?: string } = {}) =>
    t.call('/orders', json({ offer_id: offerId, customer: customer(email, options.firstName), accepted_documents: await acceptedDocumentsFor(t, offerId), token: options.token ?? '' }, { 'idempotency-key': options.key ?? randomUUID(), ...(options.session ? bearer(options.session) : {}) }))

  async function register(email: string): Promise<string> {
    const res = await t.call('/auth/register', json({ email, first_name: 'Ion', last_name: 'Ionescu', password, password_confirmation: password, accept_terms: true, token: '' }))
    expect(res.status).toBe(201)
    return ((await res.json()) as { access_token: string }).access_token
  }

  /** The link of the latest mail of `kind` to `to` whose URL contains `marker`. */
  async function mailedLink(to: string, kind: string, marker: string): Promise<URL> {
    const mail = (await t.deps.mailer.latest(to, 20)).find((m) => m.kind === kind)
    expect(mail, `a ${kind} mail to ${to}`).toBeDefined()
    const link = mail!.text.match(/https?:\/\/\S+/g)!.find((l) => l.includes(marker))
    return new URL(link!)
  }

  const confirmFromMail = async (to: string, kind: string) => {
    const link = await mailedLink(to, kind, '/confirm-email')
    return t.call('/auth/email/confirm', json({ token: link.searchParams.get('token') }))
  }

  async function issue(orderId: string): Promise<void> {
    await processor.pay(orderId)
    // Issuance, then the mail it queues.
    while ((await t.deps.jobs.runDue(new Date(Date.now() + 3_600_000))) > 0);
    const [row] = await db().select({ status: orders.status }).from(orders).where(eq(orders.id, orderId))
    expect(row!.status).toBe('issued')
  }

  describe('§4 accounts are proven before they receive anything', () => {
    it('a stranger’s checkout account gets none of the owner’s guest orders; they join, and the holder is told, once the address is confirmed from the mail', async () => {
      const owner = `owner-${randomUUID()}@example.ro`
      const stranger = await t.call('/users/store-from-product-page', json({ customer: customer(owner, 'Mallory'), product_id: 'rca', token: '' }))
      const strangerSession = ((await stranger.json()) as { access_token: string }).access_token
      expect(strangerSession).toBeTruthy()
      const [account] = await db().select().from(users).where(eq(users.email, owner))

      // What the stranger buys with the account's own session is the account's.
      const own = (await (await order(await seedOffer(db()), owner, { session: strangerSession })).json()) as Created

      // The owner buys as a guest: the order is read with its token, not through the stranger's session.
      const guest = (await (await order(await seedOffer(db()), owner)).json()) as Created
      await issue(guest.data.id)
      const listed = (await (await t.call('/orders', { headers: bearer(strangerSession) })).json()) as { data: { id: string }[] }
      expect(listed.data.map((o) => o.id)).toEqual([own.data.id])
      expect((await t.call(`/orders/${guest.data.id}`, { headers: bearer(strangerSession) })).status).toBe(404)
      expect((await t.call(`/orders/${guest.data.id}/document`, { headers: bearer(strangerSession) })).status).toBe(404)
      expect(((await (await t.call('/virtual-cards', { headers: bearer(strangerSession) })).json()) as { data: unknown[] }).data).toEqual([])
      expect((await t.call(`/orders/${guest.data.id}`, { headers: { 'x-order-token': guest.data.access_token! } })).status).toBe(200)
      expect((await t.call(`/orders/${guest.data.id}/document`, { headers: { 'x-order-token': guest.data.access_token! } })).status).toBe(200)
      // The mailed policy carries its verification link, which answers for the guest too.
      const verify = await mailedLink(owner, 'policy-issued', '/verify/')
      expect((await t.call(`/policies/verify/${verify.pathname.split('/').pop()}`)).status).toBe(200)
      const [beforeConfirm] = await db().select({ userId: orders.userId }).from(orders).where(eq(orders.id, guest.data.id))
      expect(beforeConfirm!.userId).toBeNull()

      // The owner confirms the address from the mail: whoever held the account's session is out,
      // the guest order joins the account and the holder is told where to find it.
      expect((await confirmFromMail(owner, 'welcome-checkout')).status).toBe(200)
      expect((await t.call('/orders', { headers: bearer(strangerSession) })).status).toBe(401)
      const [joined] = await db().select({ userId: orders.userId }).from(orders).where(eq(orders.id, guest.data.id))
      expect(joined!.userId).toBe(account!.id)
      const told = (await t.deps.mailer.latest(owner, 20)).filter((m) => m.kind === 'orders-joined')
      expect(told).toHaveLength(1)
      expect(told[0]!.text).toContain('/account/orders')
      // The guest keeps reading it with its token.
      expect((await t.call(`/orders/${guest.data.id}`, { headers: { 'x-order-token': guest.data.access_token! } })).status).toBe(200)
      // Nobody knows the account's password: signing in with anything fails.
      expect((await t.call('/auth/login', json({ email: owner, password, token: '' }))).status).toBe(422)
    })

    it('a guest order for an unconfirmed registered account stays out of it until the address is confirmed', async () => {
      const email = `registered-${randomUUID()}@example.ro`
      const session = await register(email)
      const guest = (await (await order(await seedOffer(db()), email)).json()) as Created
      expect(((await (await t.call('/orders', { headers: bearer(session) })).json()) as { data: unknown[] }).data).toEqual([])
      expect((await confirmFromMail(email, 'welcome')).status).toBe(200)
      // A registrant proved their password already: their session stays, and now lists the order.
      const listed = (await (await t.call('/orders', { headers: bearer(session) })).json()) as { data: { id: string }[] }
      expect(listed.data.map((o) => o.id)).toEqual([guest.data.id])
      expect((await t.deps.mailer.latest(email, 20)).filter((m) => m.kind === 'orders-joined')).toHaveLength(1)
    })

    it('mails never turn typed names into links, in the text or the HTML part', async () => {
      const evil = 'https://evil.example/login'
      const email = `named-${randomUUID()}@example.ro`
      expect((await t.call('/users/store-from-product-page', json({ customer: customer(email, evil), product_id: 'rca', token: '' }))).status).toBe(200)
      const guest = (await (await order(await seedOffer(db()), email, { firstName: evil })).json()) as Created
      await issue(guest.data.id)
      const rows = await t.deps.database.db.query.mailOutbox.findMany({ where: (m, { eq: is }) => is(m.to, email) })
      expect(rows.map((m) => m.kind).sort()).toEqual(['policy-issued', 'welcome-checkout'])
      for (const mail of rows) {
        expect(mail.text).not.toContain('evil.example')
        expect(mail.html).not.toMatch(/<a [^>]*evil/)
        expect(mail.html).not.toContain('evil.example')
      }
      // The welcome mail of a checkout account greets nobody by a typed name at all.
      expect(rows.find((m) => m.kind === 'welcome-checkout')!.text).not.toMatch(/evil/)
      // The policy mail still names the buyer, as plain text.
      const issued = rows.find((m) => m.kind === 'policy-issued')!
      expect(issued.text).toContain('https[:]//evil[.]example/login')
      expect(issued.html).toContain('https<span>:</span><span>/</span><span>/</span>evil<span>.</span>example<span>/</span>login')
    })
  })

  describe('§6 an offer is its quote owner’s', () => {
    it('an offer of an account’s quote is refused to another account and to a guest, and sold to its owner', async () => {
      const ownerEmail = `quote-owner-${randomUUID()}@example.ro`
      const ownerSession = await register(ownerEmail)
      const [owner] = await db().select().from(users).where(eq(users.email, ownerEmail))
      const offerId = await seedOffer(db(), owner!.id)
      const other = await register(`other-${randomUUID()}@example.ro`)

      for (const attempt of [order(offerId, 'other@example.ro', { session: other }), order(offerId, 'guest@example.ro')]) {
        const refused = await attempt
        expect(refused.status).toBe(422)
        expect((await errorOf(refused)).message).toHaveProperty('offer_id')
      }
      expect(await db().select().from(orders).where(eq(orders.quoteId, sql`(select quote_id from offers where id = ${offerId})`))).toHaveLength(0)
      expect((await order(offerId, ownerEmail, { session: ownerSession })).status).toBe(201)
      // A visitor's quote is bought by whoever holds its offer (signed in or not).
      expect((await order(await seedOffer(db()), 'visitor@example.ro')).status).toBe(201)
    })
  })

  describe('§5 secrets follow the account', () => {
    const feedUrl = async (session: string) => ((await (await t.call('/calendar-feed', { headers: bearer(session) })).json()) as { data: { url: string } }).data.url
    const feed = (url: string) => t.call(new URL(url).pathname.replace(/^\/api\/v1/, ''))

    it('a password reset, signing out the other devices and a password change each give the calendar feed a new secret', async () => {
      const email = `feed-${randomUUID()}@example.ro`
      let session = await register(email)
      const first = await feedUrl(session)
      expect((await feed(first)).status).toBe(200)

      // Signing out every other device.
      expect((await t.call('/account/sessions/revoke-others', { method: 'POST', headers: bearer(session) })).status).toBe(200)
      expect((await feed(first)).status).toBe(404)
      const second = await feedUrl(session)
      expect(second).not.toBe(first)
      expect((await feed(second)).status).toBe(200)

      // Changing the password.
      const next = 'o alta parola destul de lunga 43'
      expect((await t.call('/account/password', json({ current_password: password, password: next, password_confirmation: next }, bearer(session)))).status).toBe(200)
      expect((await feed(second)).status).toBe(404)
      const third = await feedUrl(session)
      expect((await feed(third)).status).toBe(200)

      // A password reset from the mailed link: every session ends, and so does the feed's URL.
      expect((await t.call('/auth/generate-reset-token', json({ email, token: '' }))).status).toBe(200)
      await expect.poll(async () => (await t.deps.mailer.latest(email, 20)).some((m) => m.kind === 'password-reset'), { timeout: 60_000 }).toBe(true)
      const reset = await mailedLink(email, 'password-reset', 'reset_token=')
      const chosen = 'a treia parola destul de lunga 44'
      const done = await t.call('/auth/reset-password', json({ email, reset_token: reset.searchParams.get('reset_token'), password: chosen, password_confirmation: chosen, token: '' }))
      expect(done.status).toBe(200)
      expect((await feed(third)).status).toBe(404)
      session = ((await (await t.call('/auth/login', json({ email, password: chosen, token: '' }))).json()) as { access_token: string }).access_token
      const fourth = await feedUrl(session)
      expect(fourth).not.toBe(third)
      expect((await feed(fourth)).status).toBe(200)
    })
  })

  describe('§7 bad input never reaches a 500; logs carry no personal data', () => {
    const { lines, capture, restore } = logCapture('debug')
    afterEach(() => restore())

    it('a lone surrogate in any text field answers 422 with a translated sentence for that field, and the log names nobody', async () => {
      capture()
      const body = (name: string) => ({ offer_id: 'x'.repeat(22), customer: { ...customer('lone.surrogate@example.ro', name), address: { county: 'București', city: 'Buc\ud800', street: 'Str. Lalelelor 3' } }, token: '' })
      const ro = await t.call('/orders', json(body('Ana\ud800'), { 'idempotency-key': randomUUID() }))
      const en = await t.call('/orders', json(body('\udc00Ana'), { 'idempotency-key': randomUUID(), 'accept-language': 'en' }))
      const checkout = await t.call('/users/store-from-product-page', json({ customer: customer('lone.surrogate@example.ro', 'Ana\ud83d'), product_id: 'rca', token: '' }))
      const register = await t.call('/auth/register', json({ email: 'lone.surrogate@example.ro', first_name: 'I\udbff', last_name: 'Ionescu', password, password_confirmation: password, accept_terms: true, token: '' }))
      restore()

      expect(ro.status).toBe(422)
      expect((await errorOf(ro)).message).toEqual({
        'customer.first_name': ['Textul conține un caracter care nu poate fi salvat. Scrieți-l din nou, doar cu litere, cifre și semne obișnuite.'],
        'customer.address.city': ['Textul conține un caracter care nu poate fi salvat. Scrieți-l din nou, doar cu litere, cifre și semne obișnuite.'],
      })
      expect(en.status).toBe(422)
      expect((await errorOf(en)).message).toMatchObject({ 'customer.first_name': ['The text holds a character that cannot be saved. Type it again, with ordinary letters, digits and punctuation only.'] })
      expect(checkout.status).toBe(422)
      expect(Object.keys((await errorOf(checkout)).message)).toEqual(['customer.first_name'])
      expect(register.status).toBe(422)
      expect(Object.keys((await errorOf(register)).message)).toEqual(['first_name'])
      // A field named __proto__ is a field like any other, answered by name, never a 500.
      const proto = await t.call('/auth/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"password":"faxn-l7dp9","__proto__":"\\ud800"}' })
      expect(proto.status).toBe(422)
      expect(await proto.text()).toContain('"__proto__":["')
      // A pair written as two escapes is one character, and welcome.
      expect((await t.call('/users/store-from-product-page', json({ customer: customer(`pair-${randomUUID()}@example.ro`, 'Ana \ud83d\ude97'), product_id: 'rca', token: '' }))).status).toBe(200)

      const logged = lines.join('')
      expect(logged).not.toContain('"level":"error"')
      for (const personal of ['lone.surrogate', 'Popescu', '0722123456', 'Lalelelor']) expect(logged).not.toContain(personal)
    })

    it('a database error is logged with its statement, never its values', async () => {
      capture()
      const failed = await db()
        .execute(sql`select ${'ana.popescu@example.ro'}::int, ${'Str. Lalelelor 3'}::int`)
        .catch((error: unknown) => error)
      log.error('test.database_failed', { error: failed })
      restore()
      const line = lines.map((chunk) => chunk.trim()).find((chunk) => chunk.includes('test.database_failed'))
      expect(line).toBeDefined()
      const entry = JSON.parse(line!) as { error: { message: string; stack: string; query?: string } }
      expect(entry.error.message).toContain('Failed query: select $1::int')
      expect(line).not.toContain('ana.popescu')
      expect(line).not.toContain('Lalelelor')
    })

    it('odd return paths become paths on this site, percent-encoded, or nothing', () => {
      // The no-JavaScript sign-in reads `last_url` out of the form's `_return` (auth.functions.ts).
      const afterSignIn = (returnTo: string) => internalPath(new URL(returnTo, 'http://site.internal').searchParams.get('last_url'))
      const returned = internalPath('/authenticate?last_url=/。evil.example')!
      expect(afterSignIn(returned)).toBe('/%E3%80%82evil.example')
      expect(internalPath('/\ud800')).toBe('/%EF%BF%BD')
      for (const bad of ['/.//evil.example', '/a/..//evil.example', '//evil.example', '/\\evil.example']) expect(internalPath(bad)).toBeUndefined()
      // Whatever comes out is plain ASCII, fit for a Location header.
      for (const odd of ['/。evil.example', '/ăîșț?q=ș#ț', '/\u2028x']) expect(internalPath(odd)).toMatch(/^\/[\x21-\x7e]*$/)
    })
  })
})

describe.each(databaseKinds)('§4 a checkout ticket places one order (%s)', (kind) => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi(kind, { CAPTCHA_PROVIDER: 'altcha', CAPTCHA_ALTCHA_MAX_NUMBER: '2000' }, { purchase: { payments: new ProcessorDouble(), issuer: new InsurerDouble() } })
    await t.deps.jobs.stop()
  })
  afterAll(() => t.close())

  const solved = async () => (await solveAltcha(CaptchaChallenge.parse(await (await t.call('/captcha/challenge')).json())))!

  it('the ticket stands in for the captcha of one order; the same request repeated answers that order; another order needs a captcha', async () => {
    const email = `ticket-${randomUUID()}@example.ro`
    await t.deps.database.db.insert(users).values({ email, firstName: 'Ion', lastName: 'Ionescu', passwordHash: '!test', emailVerifiedAt: new Date() })
    const answered = (await (await t.call('/users/store-from-product-page', json({ customer: customer(email), product_id: 'rca', token: await solved() }))).json()) as { checkout_ticket: string }
    const ticket = answered.checkout_ticket
    const place = async (offerId: string, key: string, token = ticket) => t.call('/orders', json({ offer_id: offerId, customer: customer(email), accepted_documents: await acceptedDocumentsFor(t, offerId), token }, { 'idempotency-key': key }))

    const key = randomUUID()
    const offerId = await seedOffer(t.deps.database.db)
    const first = await place(offerId, key)
    expect(first.status).toBe(201)
    const again = await place(offerId, key)
    expect(again.status).toBe(201)
    expect(((await again.json()) as Created).data.id).toBe(((await first.json()) as Created).data.id)

    for (let i = 0; i < 3; i++) {
      const more = await place(await seedOffer(t.deps.database.db), randomUUID())
      expect(more.status).toBe(422)
      expect((await errorOf(more)).message).toHaveProperty('token')
    }
    expect(await t.deps.database.db.select().from(orders).where(sql`${orders.customer}->>'email' = ${email}`)).toHaveLength(1)
    // With a captcha solved, the visitor may buy again.
    expect((await place(await seedOffer(t.deps.database.db), randomUUID(), await solved())).status).toBe(201)
  })
})
