/**
 * The account area through the API: vehicles, diaries, notes, preferences, calendar feed, and
 * the rules that refuse bad input without changing anything.
 */
import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readMailbox, startTestApi, type TestApi } from '../support/api'
import { bearer, errorOf, fieldsOf, latestMail, registerUser } from '../support/accounts'

const VIN = 'WVWZZZ1JZXW000001'

describe('account area API', () => {
  let t: TestApi
  let token: string
  let email: string
  beforeAll(async () => {
    // The registry sandbox for look-ups, with a limit low enough to reach.
    t = await startTestApi('pglite', { VEHICLE_LOOKUP_RATE_LIMIT: '3' }, { sandbox: true })
    const user = await registerUser(t)
    token = user.session.access_token
    email = user.email
  })
  afterAll(async () => {
    await t?.close()
  })

  const call = (path: string, method = 'GET', body?: unknown, who = token, lang = 'en') =>
    t.call(path, { method, headers: { ...bearer(who), 'content-type': 'application/json', 'accept-language': lang }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
  const addVehicle = async (plate: string, who = token) => {
    const res = await call('/vehicles', 'POST', { registration_plate: plate, vin: VIN, make: 'Dacia', model: 'Logan', category: 'car', itp_due_date: '2027-03-15' }, who)
    expect(res.status, await res.clone().text()).toBe(201)
    return ((await res.json()) as { data: { id: string; registration_plate: string } }).data
  }

  it('looks a vehicle up in the registry for the add form, signed in, counted per account as well as per address', async () => {
    const query = '?registration_plate=B%20123%20ABC&vin=UU1HSDAC5L5123456'
    const look = (who: string, ip: string, path = '/vehicles/registry') => t.call(`${path}${query}`, { headers: { ...bearer(who), 'x-forwarded-for': ip } })
    const first = await look(token, '192.0.2.71')
    expect(first.status).toBe(200)
    expect(((await first.json()) as { data: { make: string; model: string; category: string } }).data).toMatchObject({ make: 'DACIA', model: 'DUSTER', category: 'car' })
    expect((await t.call(`/vehicles/registry${query}`, { headers: { 'x-forwarded-for': '192.0.2.75' } })).status).toBe(401)
    const unknown = await t.call('/vehicles/registry?registration_plate=B999ZZZ&vin=UU1HSDAC5L5123456', { headers: { ...bearer(token), 'x-forwarded-for': '192.0.2.75' } })
    expect(unknown.status).toBe(404)
    // The RCA form's public look-up with the same bearer counts for the account too.
    expect((await look(token, '192.0.2.72', '/vehicles/lookup')).status).toBe(200)
    // A fourth from yet another address: the account has had its three this hour.
    expect((await look(token, '192.0.2.74')).status).toBe(429)
    // Another account at that address is not held back by the first one's count.
    const other = await registerUser(t)
    expect((await look(other.session.access_token, '192.0.2.74')).status).toBe(200)
  })

  it('adds, lists, changes and removes vehicles; plates are normalised and unique within an account', async () => {
    const v = await addVehicle('b 12-abc')
    expect(v.registration_plate).toBe('B12ABC')
    const dup = await call('/vehicles', 'POST', { registration_plate: 'B12ABC' })
    expect(dup.status).toBe(422)
    expect((await fieldsOf(dup)).registration_plate).toEqual(['You already have a vehicle with this registration plate in your account.'])
    // Another account may have the same plate.
    const other = (await registerUser(t)).session.access_token
    await addVehicle('B12ABC', other)

    const list = (await (await call('/vehicles?per_page=1&page=1')).json()) as { data: unknown[]; meta: unknown }
    expect(list.meta).toEqual({ total: 1, page: 1, per_page: 1 })
    const patched = await call(`/vehicles/${v.id}`, 'PATCH', { model: 'Sandero', itp_due_date: null })
    expect(patched.status).toBe(200)
    expect(((await patched.json()) as { data: { model: string; itp_due_date: null; make: string } }).data).toMatchObject({ model: 'Sandero', itp_due_date: null, make: 'Dacia' })

    const bad = await call('/vehicles', 'POST', { registration_plate: '', vin: 'ABC', category: 'tank' }, token, 'ro')
    expect(bad.status).toBe(422)
    const fields = await fieldsOf(bad)
    expect(Object.keys(fields).sort()).toEqual(['category', 'registration_plate', 'vin'])
    expect(fields.vin![0]).toContain('17 caractere')

    expect((await call('/vehicles/not-a-uuid')).status).toBe(404)
    expect((await call('/vehicles/00000000-0000-4000-8000-000000000000')).status).toBe(404)
    expect((await call(`/vehicles/${v.id}`, 'DELETE')).status).toBe(200)
    expect((await call(`/vehicles/${v.id}`)).status).toBe(404)
  })

  it('refuses a 51st vehicle with a clear message and adds nothing', async () => {
    const { session } = await registerUser(t)
    for (let i = 0; i < 50; i++) await addVehicle(`CJ${String(i).padStart(2, '0')}XYZ`, session.access_token)
    const res = await call('/vehicles', 'POST', { registration_plate: 'CJ99XYZ' }, session.access_token)
    expect(res.status).toBe(422)
    expect((await fieldsOf(res)).registration_plate![0]).toContain('at most 50 vehicles')
    const list = (await (await call('/vehicles', 'GET', undefined, session.access_token)).json()) as { meta: { total: number } }
    expect(list.meta.total).toBe(50)
  })

  it('keeps a diary: negative amounts and an odometer going backwards are refused; stats give consumption and cost per km; CSV exports', async () => {
    const v = await addVehicle('IF01DRY')
    const base = `/vehicles/${v.id}/diaries`
    const add = (entry: Record<string, unknown>) => call(base, 'POST', entry)
    expect((await add({ date: '2026-09-01', odometer_km: 10_000, category: 'fuel', amount: 30000, litres: 40, full_tank: true, place: 'OMV Băneasa' })).status).toBe(201)
    expect((await add({ date: '2026-09-20', odometer_km: 10_300, category: 'fuel', amount: 10000, litres: 10, full_tank: false })).status).toBe(201)
    expect((await add({ date: '2026-10-05', odometer_km: 10_600, category: 'fuel', amount: 25000, litres: 32, full_tank: true })).status).toBe(201)
    expect((await add({ date: '2026-10-06', odometer_km: 10_610, category: 'wash', amount: 3000, note: '=HYPERLINK("x")' })).status).toBe(201)

    const negative = await add({ date: '2026-10-07', category: 'other', amount: -1 })
    expect(negative.status).toBe(422)
    expect((await fieldsOf(negative)).amount).toEqual(['The amount cannot be negative.'])
    const backwards = await add({ date: '2026-10-10', odometer_km: 10_200, category: 'service', amount: 50000 })
    expect(backwards.status).toBe(422)
    expect((await fieldsOf(backwards)).odometer_km![0]).toContain('cannot be lower than that of an earlier entry')
    // Higher than a later entry, dated in between.
    const ahead = await add({ date: '2026-09-10', odometer_km: 10_400, category: 'tyres', amount: 80000 })
    expect(ahead.status).toBe(422)

    const list = (await (await call(`${base}?category=fuel&per_page=2`)).json()) as { data: { date: string }[]; meta: { total: number } }
    expect(list.meta.total).toBe(3)
    expect(list.data.map((e) => e.date)).toEqual(['2026-10-05', '2026-09-20'])
    const period = (await (await call(`${base}?from=2026-10-01&to=2026-10-31`)).json()) as { meta: { total: number } }
    expect(period.meta.total).toBe(2)

    const stats = ((await (await call(`${base}/stats`)).json()) as { data: Record<string, unknown> }).data
    // 10 + 32 litres over 600 km between the two full fills.
    expect(stats.consumption_l_per_100km).toBe(7)
    expect(stats.distance_km).toBe(610)
    expect(stats.total_amount).toBe(68000)
    expect(stats.cost_per_km).toBeCloseTo(68000 / 610, 2)
    expect(stats.months).toEqual([
      { month: '2026-09', total: 40000, by_category: { fuel: 40000 } },
      { month: '2026-10', total: 28000, by_category: { fuel: 25000, wash: 3000 } },
    ])

    const csv = await call(`/vehicles/${v.id}/diaries.csv`)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    const lines = (await csv.text()).trim().split('\r\n')
    expect(lines[0]).toBe('date,category,amount_lei,currency,odometer_km,litres,full_tank,place,note')
    expect(lines).toHaveLength(5)
    expect(lines[1]).toBe('2026-09-01,fuel,300.00,RON,10000,40,true,OMV Băneasa,')
    // A formula is defused.
    expect(lines[4]).toContain(`"'=HYPERLINK(""x"")"`)

    // Editing applies the same rule.
    const entries = (await (await call(base)).json()) as { data: { id: string; category: string }[] }
    const wash = entries.data.find((e) => e.category === 'wash')!
    expect((await call(`${base}/${wash.id}`, 'PATCH', { odometer_km: 9_000 })).status).toBe(422)
    expect((await call(`${base}/${wash.id}`, 'PATCH', { amount: 3500 })).status).toBe(200)
    expect((await call(`${base}/${wash.id}`, 'DELETE')).status).toBe(200)
    expect((await call(`${base}/${wash.id}`)).status).toBe(404)
  })

  it('keeps notes pinned first, refuses a 20 000-character note, sends a reminder once', async () => {
    const v = await addVehicle('B99NOT')
    const base = `/vehicles/${v.id}/notes`
    const long = await call(base, 'POST', { title: 'Long', body: 'x'.repeat(20_000) })
    expect(long.status).toBe(422)
    expect((await fieldsOf(long)).body![0]).toContain('at most 10,000 characters')
    expect(((await (await call(base)).json()) as { meta: { total: number } }).meta.total).toBe(0)

    const past = await call(base, 'POST', { title: 'Late', remind_at: '2020-01-01T10:00:00Z' })
    expect((await fieldsOf(past)).remind_at![0]).toContain('future')

    await call(base, 'POST', { title: 'Plain', body: 'See https://example.ro' })
    await call(base, 'POST', { title: 'Pinned', pinned: true })
    const remindAt = new Date(Date.now() + 3600_000).toISOString()
    const created = await call(base, 'POST', { title: 'Change the oil', body: 'At 15 000 km', remind_at: remindAt })
    expect(created.status).toBe(201)
    const note = ((await created.json()) as { data: { id: string } }).data
    const list = (await (await call(base)).json()) as { data: { title: string }[] }
    expect(list.data[0]!.title).toBe('Pinned')

    // Not due yet: nothing happens.
    await t.deps.jobs.runDue(new Date())
    expect(((await (await call(`${base}/${note.id}`)).json()) as { data: { reminded_at: string | null } }).data.reminded_at).toBeNull()
    // Due: one mail, marked; running again sends nothing more.
    const later = new Date(Date.now() + 2 * 3600_000)
    await t.deps.jobs.runDue(later)
    await t.deps.jobs.runDue(later)
    expect(await t.deps.accountArea.notes.sendReminder(note.id, new Date(remindAt))).toBe(false)
    expect(await latestMail(t, email, 'note-reminder')).toContain('Change the oil')
    const mails = (await (await readMailbox(t, email)).json()) as { data: { kind: string }[] }
    expect(mails.data.filter((m) => m.kind === 'note-reminder')).toHaveLength(1)
    expect(((await (await call(`${base}/${note.id}`)).json()) as { data: { reminded_at: string | null } }).data.reminded_at).not.toBeNull()
  })

  it('stores preferences; the consent date moves only when the consent does', async () => {
    const before = ((await (await call('/preferences')).json()) as { data: Record<string, unknown> }).data
    expect(before).toMatchObject({ language: 'ro', theme: 'system', marketing_consent: false, marketing_consent_at: null })
    const res = await call('/preferences', 'PATCH', { language: 'fr', theme: 'dark', marketing_consent: true, reminders: { note: { email: false, notification_centre: true } } })
    expect(res.status).toBe(200)
    const after = ((await res.json()) as { data: { marketing_consent_at: string; reminders: Record<string, unknown> } }).data
    expect(after).toMatchObject({ language: 'fr', theme: 'dark', marketing_consent: true })
    expect(after.reminders.note).toEqual({ email: false, notification_centre: true })
    expect(after.reminders.itp).toEqual({ email: true, notification_centre: true })
    const again = ((await (await call('/preferences', 'PATCH', { theme: 'light' })).json()) as { data: { marketing_consent_at: string } }).data
    expect(again.marketing_consent_at).toBe(after.marketing_consent_at)
    expect((await call('/preferences', 'PATCH', { theme: 'blue' })).status).toBe(422)
    await call('/preferences', 'PATCH', { language: 'en' })
  })

  it('writes a reminder’s time in the feed as an instant (UTC with Z), never a floating time', async () => {
    const { session } = await registerUser(t)
    const who = session.access_token
    const v = await addVehicle('CJ24ICS', who)
    // 18:16 in Bucharest in summer (+03:00) and 09:30 in winter (+02:00).
    for (const [title, remind_at] of [
      ['Summer', '2027-06-10T18:16:00+03:00'],
      ['Winter', '2027-01-12T09:30:00+02:00'],
    ]) expect((await call(`/vehicles/${v.id}/notes`, 'POST', { title, remind_at }, who)).status).toBe(201)
    const feed = ((await (await call('/calendar-feed', 'GET', undefined, who)).json()) as { data: { url: string } }).data
    const ics = await (await t.call(new URL(feed.url).pathname.replace('/api/v1', ''))).text()
    // Every time property is a day, an instant in UTC, or a time in a zone the file defines.
    const times = ics.split('\r\n').filter((line) => /^(DTSTART|DTEND|DTSTAMP)[;:]/.test(line))
    expect(times.length).toBeGreaterThan(0)
    for (const line of times) expect(line, line).toMatch(/;VALUE=DATE:\d{8}$|:\d{8}T\d{6}Z$|;TZID=Europe\/Bucharest:\d{8}T\d{6}$/)
    if (ics.includes('TZID=Europe/Bucharest')) expect(ics).toMatch(/BEGIN:VTIMEZONE\r\nTZID:Europe\/Bucharest/)
    const events = new ICAL.Component(ICAL.parse(ics) as unknown[]).getAllSubcomponents('vevent').map((e) => new ICAL.Event(e))
    const at = (title: string) => events.find((e) => e.summary.endsWith(title))!.startDate
    expect(at('Summer').zone.tzid).not.toBe('floating')
    expect(at('Summer').toJSDate().toISOString()).toBe('2027-06-10T15:16:00.000Z')
    expect(at('Winter').toJSDate().toISOString()).toBe('2027-01-12T07:30:00.000Z')
    for (const e of events) expect(e.component.getFirstProperty('dtstamp')!.getFirstValue()?.toString()).toMatch(/Z$/)
  })

  it('serves a private calendar feed with the ITP date; renewing kills the old URL', async () => {
    const { session } = await registerUser(t)
    const who = session.access_token
    const v = await addVehicle('AB12FED', who)
    const feed = ((await (await call('/calendar-feed', 'GET', undefined, who)).json()) as { data: { url: string } }).data
    expect(((await (await call('/calendar-feed', 'GET', undefined, who)).json()) as { data: { url: string } }).data.url).toBe(feed.url)
    const path = new URL(feed.url).pathname.replace('/api/v1', '')
    const res = await t.call(path)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/calendar')
    const component = new ICAL.Component(ICAL.parse(await res.text()) as unknown[])
    const events = component.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e))
    const itp = events.find((e) => e.uid.startsWith(`itp-${v.id}`))!
    expect(itp.summary).toContain('AB12FED')
    expect(itp.startDate.toString()).toBe('2027-03-15')
    expect(itp.startDate.isDate).toBe(true)

    const single = await t.call(`${path.replace(/\.ics$/, '')}/itp-${v.id}.ics`)
    expect(single.status).toBe(200)
    expect(await single.text()).toContain('AB12FED')
    expect((await t.call(`${path.replace(/\.ics$/, '')}/itp-00000000-0000-4000-8000-000000000000.ics`)).status).toBe(404)

    const renewed = ((await (await call('/calendar-feed/renew', 'POST', undefined, who)).json()) as { data: { url: string } }).data
    expect(renewed.url).not.toBe(feed.url)
    expect((await t.call(path)).status).toBe(404)
    expect((await t.call(new URL(renewed.url).pathname.replace('/api/v1', ''))).status).toBe(200)
    expect((await errorOf(await t.call('/calendar/not-a-token.ics'))).code).toBe(404)
  })
})
