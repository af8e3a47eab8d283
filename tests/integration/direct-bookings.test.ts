/**
 * Direct booking (road assistance and claims help) through the API: a guest and a
 * signed-in driver send requests, bad input is refused field by field, another user's request is
 * not found, and each status change by the operator reaches the driver's devices (a real realtime
 * server and pusher-js) and mailbox, in the driver's language.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REFERENCE_PATTERN } from '~/contract/direct-booking-constants'
import { privateUserChannel } from '~/contract/realtime'
import { parseConfig } from '../../app.config'
import { parseCommand } from '~/server/cli/commands'
import { runDirect, runThroughServer } from '~/server/cli/run'
import { insurers, offers, orderPolicies, orders, quotes } from '~/server/db/schema'
import { bucharestToday } from '~/server/orders/policy-check'
import { operator, serveOverHttp, startTestApi, type TestApi, readMailbox } from '../support/api'
import { bearer, errorOf, fieldsOf, json, latestMail, newEmail, registerUser } from '../support/accounts'
import { eventually, record, startCluster, subscribe, type TestCluster } from '../realtime/support'

type Booking = {
  reference: string
  kind: string
  status: string
  registration_plate: string
  vehicle_id: string | null
  address: string | null
  latitude: number | null
  longitude: number | null
  phone: string
  email: string | null
  rca: { insurer: string | null; valid_until: string; direct_settlement: boolean } | null
  history: { status: string; at: string }[]
}

describe('direct booking API', () => {
  let cluster: TestCluster
  let t: TestApi
  let http: Awaited<ReturnType<typeof serveOverHttp>>
  let addresses = 0

  beforeAll(async () => {
    cluster = await startCluster('single')
    t = await startTestApi('pglite', { PUSHER_APP_ID: cluster.appId, PUSHER_APP_KEY: cluster.key, PUSHER_APP_SECRET: cluster.secret, PUSHER_HOST: '127.0.0.1', PUSHER_PORT: String(cluster.node(0).port) })
    http = await serveOverHttp(t)
  })
  afterAll(async () => {
    await cluster?.close()
    await http?.close()
    await t?.close()
  })

  /** Each request from an address of its own unless told, so the per-address limit stays out of the way. */
  const send = (body: unknown, headers: Record<string, string> = {}, lang = 'en') =>
    t.call('/direct-bookings', json(body, { 'accept-language': lang, 'x-forwarded-for': `198.51.100.${(++addresses % 250) + 1}`, ...headers }))
  const created = async (res: Response) => {
    expect(res.status, await res.clone().text()).toBe(201)
    return ((await res.json()) as { data: Booking }).data
  }
  const get = (path: string, token: string) => t.call(path, { headers: bearer(token) })

  it('takes a guest’s request with plate, phone and e-mail, gives it a reference and mails it in the guest’s language', async () => {
    const email = newEmail()
    const booking = await created(await send({ kind: 'breakdown', registration_plate: 'b 123-abc', address: 'DN1 km 42, lângă benzinărie', phone: '0722 123 456', email: email.toUpperCase(), note: 'Nu pornește.' }, {}, 'fr'))
    expect(booking.reference).toMatch(REFERENCE_PATTERN)
    expect(booking).toMatchObject({ kind: 'breakdown', status: 'received', registration_plate: 'B123ABC', phone: '0722123456', email, vehicle_id: null, rca: null })
    expect(booking.history.map((h) => h.status)).toEqual(['received'])
    const mail = await latestMail(t, email, 'direct-booking-received')
    expect(mail).toContain(booking.reference)
    expect(mail).toContain('Nous avons reçu votre demande d’assistance (panne) pour le véhicule B123ABC')
    // A guest has no account to read it back with.
    expect((await t.call(`/direct-bookings/${booking.reference}`)).status).toBe(401)
  })

  it('takes a signed-in driver’s request for one of their vehicles with the browser’s position; only the owner reads it', async () => {
    const { session } = await registerUser(t)
    const token = session.access_token
    const vehicle = await t.call('/vehicles', json({ registration_plate: 'CJ 10 LOC' }, bearer(token)))
    const vehicleId = ((await vehicle.json()) as { data: { id: string } }).data.id
    const booking = await created(await send({ kind: 'accident_with_other_party', vehicle_id: vehicleId, latitude: 46.7712, longitude: 23.6236, phone: '+40 722 000 111' }, bearer(token)))
    expect(booking).toMatchObject({ registration_plate: 'CJ10LOC', vehicle_id: vehicleId, latitude: 46.7712, longitude: 23.6236, address: null, phone: '+40722000111', email: null })
    expect(await latestMail(t, session.user.email, 'direct-booking-received')).toContain(booking.reference)

    const list = (await (await get('/direct-bookings?per_page=10', token)).json()) as { data: Booking[]; meta: unknown }
    expect(list.meta).toEqual({ total: 1, page: 1, per_page: 10 })
    expect(list.data[0]!.reference).toBe(booking.reference)
    expect((await get(`/direct-bookings/${booking.reference}`, token)).status).toBe(200)
    // The reference as typed, in lower case, is the same request.
    expect((await get(`/direct-bookings/${booking.reference.toLowerCase()}`, token)).status).toBe(200)

    const stranger = (await registerUser(t)).session.access_token
    const foreign = await get(`/direct-bookings/${booking.reference}`, stranger)
    expect(foreign.status).toBe(404)
    expect((await errorOf(foreign)).message).toBe('not_found')
    expect((await get('/direct-bookings/not-a-reference', token)).status).toBe(404)
    expect((await get('/direct-bookings/DB-222222', token)).status).toBe(404)
    expect(((await (await get('/direct-bookings', stranger)).json()) as { meta: { total: number } }).meta.total).toBe(0)
    // Another user's vehicle is a wrong field, and says nothing about that vehicle.
    const theirs = await send({ kind: 'towing', vehicle_id: vehicleId, address: 'Str. Horea 1', phone: '0722123456' }, bearer(stranger))
    expect(theirs.status).toBe(422)
    expect((await fieldsOf(theirs)).vehicle_id).toEqual(['Choose one of the vehicles in your account or type the registration plate.'])
  })

  it('refuses bad input field by field, in the asked language, and keeps nothing', async () => {
    const empty = await send({}, {}, 'ro')
    expect(empty.status).toBe(422)
    const fields = await fieldsOf(empty)
    expect(Object.keys(fields).sort()).toEqual(['kind', 'phone'])
    expect(fields.phone).toEqual(['Scrieți numărul de telefon la care vă putem suna acum.'])

    const across = await fieldsOf(await send({ kind: 'breakdown', phone: '0722123456', latitude: 44.4 }))
    expect(across).toEqual({
      registration_plate: ['Type the vehicle’s registration plate, for example B 123 ABC.'],
      longitude: ['The location received is not valid. Use the location button again or type the address.'],
      address: ['Tell us where you are: type the address or a landmark, or use your phone’s location.'],
    })
    const wrong = await fieldsOf(await send({ kind: 'flat-tyre', registration_plate: '?', address: 'x'.repeat(301), phone: '12345', latitude: 91, longitude: 200, email: 'not-an-email', note: 'y'.repeat(1001) }))
    expect(Object.keys(wrong).sort()).toEqual(['address', 'email', 'kind', 'latitude', 'longitude', 'note', 'phone', 'registration_plate'])
    expect(wrong.phone![0]).toContain('+33 6 12 34 56 78')

    // A guest must say where to write.
    const noEmail = await send({ kind: 'breakdown', registration_plate: 'B123ABC', address: 'Calea Victoriei 1', phone: '0722123456' })
    expect(noEmail.status).toBe(422)
    expect(await fieldsOf(noEmail)).toEqual({ email: ['Type your e-mail address: we send the reference and every change of status there.'] })
    const listed = (await (await operator(t, '/direct-bookings?limit=500', 'GET')).json()) as { data: Booking[] }
    expect(listed.data.filter((b) => b.address === 'Calea Victoriei 1')).toHaveLength(0)
  })

  it('limits requests per e-mail: a sixth in an hour is refused', async () => {
    const email = newEmail()
    const body = { kind: 'towing', registration_plate: 'IF 01 TOW', address: 'A2 km 30', phone: '0722123456', email }
    for (let i = 0; i < 5; i++) await created(await send(body))
    const sixth = await send(body)
    expect(sixth.status).toBe(429)
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('moves a request along by the operator: each change reaches the driver live and by e-mail in their language; wrong moves are refused', async () => {
    const { session } = await registerUser(t)
    const token = session.access_token
    await t.call('/preferences', json({ language: 'ro' }, bearer(token), 'PATCH'))
    const booking = await created(await send({ kind: 'towing', registration_plate: 'B 77 TOW', address: 'Bd. Unirii 1, București', phone: '0722123456' }, bearer(token)))

    const device = cluster.client({ channelAuthorization: { endpoint: `${http.apiUrl}/pusher/auth`, transport: 'ajax', headers: { Authorization: `Bearer ${token}` } } })
    const seen = record(await subscribe(device, privateUserChannel(session.user.id)))
    try {
      // Through the operator route, as `npm run cli -- booking set-status` does while the server runs.
      const moved = await operator(t, `/direct-bookings/${booking.reference}/status`, 'POST', { status: 'dispatched' })
      expect(moved.status, await moved.clone().text()).toBe(200)
      await eventually(() => seen.some((e) => e.name === 'direct-booking.updated'))
      expect(seen.find((e) => e.name === 'direct-booking.updated')!.data).toMatchObject({ reference: booking.reference, status: 'dispatched', registration_plate: 'B77TOW' })
      const mail = await latestMail(t, session.user.email, 'direct-booking-status')
      expect(mail).toContain(`Cererea dumneavoastră de asistență ${booking.reference} pentru vehiculul B77TOW are o stare nouă: ajutorul este pe drum.`)

      // Through the service, as the command does straight on the database.
      await t.deps.directBookings.setStatus(booking.reference, 'in_progress')
      await t.deps.directBookings.setStatus(booking.reference.toLowerCase(), 'closed')
      await eventually(() => seen.filter((e) => e.name === 'direct-booking.updated').length === 3)
      expect(seen.map((e) => (e.data as { status: string }).status)).toEqual(['dispatched', 'in_progress', 'closed'])
    } finally {
      device.disconnect()
    }
    const mails = (await (await readMailbox(t, session.user.email)).json()) as { data: { kind: string; subject: string }[] }
    expect(mails.data.filter((m) => m.kind === 'direct-booking-status').map((m) => m.subject)).toEqual([
      `Cererea ${booking.reference}: încheiată`,
      `Cererea ${booking.reference}: în lucru`,
      `Cererea ${booking.reference}: ajutorul este pe drum`,
    ])

    const read = ((await (await get(`/direct-bookings/${booking.reference}`, token)).json()) as { data: Booking }).data
    expect(read.status).toBe('closed')
    expect(read.history.map((h) => h.status)).toEqual(['received', 'dispatched', 'in_progress', 'closed'])

    // A closed request stays closed; unknown references and statuses are refused.
    const reopen = await operator(t, `/direct-bookings/${booking.reference}/status`, 'POST', { status: 'dispatched' })
    expect(reopen.status).toBe(422)
    expect(Object.keys(await fieldsOf(reopen))).toEqual(['status'])
    expect((await operator(t, '/direct-bookings/DB-222222/status', 'POST', { status: 'closed' })).status).toBe(404)
    expect((await operator(t, `/direct-bookings/${booking.reference}/status`, 'POST', { status: 'teleported' })).status).toBe(422)

    const list = (await (await operator(t, '/direct-bookings?status=closed', 'GET')).json()) as { data: (Booking & { contact_email: string })[] }
    expect(list.data.find((b) => b.reference === booking.reference)).toMatchObject({ contact_email: session.user.email, status: 'closed' })
  })

  it('a guest’s request is cancelled: the guest is told by e-mail, nobody live', async () => {
    const email = newEmail()
    const booking = await created(await send({ kind: 'breakdown', registration_plate: 'B123XYZ', address: 'Piața Romană', phone: '0033612345678', email }, {}, 'en'))
    expect(booking.phone).toBe('0033612345678')
    const row = await t.deps.directBookings.setStatus(booking.reference, 'cancelled')
    expect(row.closedAt).not.toBeNull()
    expect(await latestMail(t, email, 'direct-booking-status')).toContain('has a new status: cancelled')
  })

  it('is described in the OpenAPI document the API serves', async () => {
    const doc = (await (await t.call('/openapi.json')).json()) as { paths: Record<string, Record<string, { summary: string; requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown>; required?: string[] } }> } }>> }
    expect(Object.keys(doc.paths['/direct-bookings']!).sort()).toEqual(['get', 'post'])
    expect(doc.paths['/direct-bookings/{ref}']!.get!.summary).toContain('404')
    expect(doc.paths['/operator/direct-bookings/{ref}/status']!.post).toBeDefined()
    const body = doc.paths['/direct-bookings']!.post!.requestBody!.content['application/json']!.schema
    expect(Object.keys(body.properties).sort()).toEqual(['address', 'email', 'kind', 'latitude', 'longitude', 'note', 'phone', 'registration_plate', 'vehicle_id'])
    expect(body.required).toEqual(expect.arrayContaining(['kind', 'phone']))
  })

  it('lists and moves requests with `npm run cli -- booking …` through the running server', async () => {
    const config = { ...t.config, PORT: Number(new URL(http.apiUrl).port) }
    const cli = (...argv: string[]) => runThroughServer(config, parseCommand(argv))
    const email = newEmail()
    const booking = await created(await send({ kind: 'towing', registration_plate: 'SB 01 CLI', address: 'Sibiu, Piața Mare', phone: '0722123456', email }, {}, 'ro'))
    const listed = await cli('booking', 'list', '--status', 'received')
    expect(listed.split('\n').find((line) => line.startsWith(booking.reference))).toContain(`received     towing  SB01CLI  0722123456  ${email}  Sibiu, Piața Mare`)
    expect(await cli('booking', 'set-status', booking.reference.toLowerCase(), 'dispatched')).toMatch(new RegExp(`^${booking.reference}: received .+ → dispatched .+ \\(through the server on port ${config.PORT}\\)$`))
    expect(await latestMail(t, email, 'direct-booking-status')).toContain('are o stare nouă: ajutorul este pe drum')
    await expect(cli('booking', 'set-status', booking.reference, 'received')).rejects.toThrow(`${booking.reference} cannot move to received`)
    await expect(cli('booking', 'set-status', 'DB-222222', 'closed')).rejects.toThrow('no request DB-222222')
  })

  it('runs the same commands straight on a database no server holds', { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'asiguro-booking-cli-'))
    const secret = 's'.repeat(40)
    const config = parseConfig({ APP_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent', PUSHER_HOST: '127.0.0.1', PUSHER_PORT: '9' }, { SESSION_SECRET: secret, OPERATOR_TOKEN: secret, PUSHER_APP_SECRET: secret, CAPTCHA_SECRET: secret })
    try {
      // Opening a database on disk costs seconds here: one command shows the wiring (service, mail queue, refusals).
      await expect(runDirect(config, parseCommand(['booking', 'set-status', 'DB-222222', 'closed']))).rejects.toThrow('no request DB-222222')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('says whether the plate’s RCA bought here has direct settlement, only to its owner', async () => {
    const { session } = await registerUser(t)
    const token = session.access_token
    await buyRca(t, { plate: 'AB12DSE', userId: session.user.id, email: session.user.email, askedInQuote: false, bought: true })
    const mine = await created(await send({ kind: 'accident_with_other_party', registration_plate: 'AB 12 DSE', address: 'Alba Iulia, Bd. Transilvaniei', phone: '0722123456' }, bearer(token)))
    expect(mine.rca).toMatchObject({ insurer: 'Test Asigurări', direct_settlement: true })
    // Someone else typing the same plate learns nothing about that policy.
    const stranger = await created(await send({ kind: 'accident_with_other_party', registration_plate: 'AB12DSE', address: 'Alba Iulia', phone: '0722123456', email: newEmail() }))
    expect(stranger.rca).toBeNull()
    // A guest who bought it with that e-mail does.
    const guestEmail = newEmail()
    await buyRca(t, { plate: 'AB13NOD', userId: null, email: guestEmail, askedInQuote: false, bought: false })
    const guest = await created(await send({ kind: 'accident_without_other_party', registration_plate: 'AB13NOD', address: 'Sebeș', phone: '0722123456', email: guestEmail }))
    expect(guest.rca).toMatchObject({ direct_settlement: false })
  })

  it('answers the clause the order bought, not the one its quote asked about', async () => {
    const { session } = await registerUser(t)
    await buyRca(t, { plate: 'AB14ASK', userId: session.user.id, email: session.user.email, askedInQuote: true, bought: false })
    const asked = await created(await send({ kind: 'accident_with_other_party', registration_plate: 'AB14ASK', address: 'Alba Iulia', phone: '0722123456' }, bearer(session.access_token)))
    expect(asked.rca).toMatchObject({ insurer: 'Test Asigurări', direct_settlement: false })
  })
})

/**
 * An RCA policy issued for a plate, valid today, as the purchase path leaves it: the quote's
 * request says whether the clause was asked about, the policy keeps the offer as ordered
 * (`direct_settlement: true` when the clause was bought at checkout).
 */
async function buyRca(t: TestApi, p: { plate: string; userId: string | null; email: string; askedInQuote: boolean; bought: boolean }) {
  const db = t.deps.database.db
  const today = bucharestToday()
  const id = () => randomBytes(16).toString('base64url')
  await db.insert(insurers).values({ code: 'test-ins', name: 'Test Asigurări', asfRegistration: 'RA-000' }).onConflictDoNothing()
  const quoteId = id()
  const offerId = id()
  await db.insert(quotes).values({ id: quoteId, product: 'rca', request: { policy: { start_date: today, months: 12, direct_settlement: p.askedInQuote } }, insurersTotal: 1, status: 'complete', expiresAt: new Date() })
  await db.insert(offers).values({ id: offerId, quoteId, insurerCode: 'test-ins', status: 'offered', premium: 90_000, currency: 'RON' })
  const [order] = await db
    .insert(orders)
    .values({
      userId: p.userId,
      product: 'rca',
      quoteId,
      status: 'issued',
      totalAmount: 90_000,
      currency: 'RON',
      customer: { first_name: 'Ana', last_name: 'Pop', email: p.email, phone: '0722123456', address: { county: 'AB', city: 'Alba Iulia', street: 'Str. Mare 1' } },
      locale: 'ro',
      idempotencyScope: 'test',
      idempotencyKey: id(),
      requestFingerprint: 'test',
    })
    .returning()
  const end = new Date(Date.now() + 300 * 86_400_000).toISOString().slice(0, 10)
  await db.insert(orderPolicies).values({ orderId: order!.id, offerId, insurerCode: 'test-ins', premium: 90_000, status: 'issued', number: '123456', startDate: today, endDate: end, verificationCode: id(), registrationPlate: p.plate, extras: { details: { direct_settlement_premium: 4_500, ...(p.bought ? { direct_settlement: true } : {}) } } })
}
