/**
 * What the API writes for people comes from the Lingui catalogs in the reader's language: the
 * mail in the development mailbox, `pretty_message` in error bodies, the calendar feed's names.
 * Each is compared with the .po file's translation, not with the compiled catalog the API uses.
 */
import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localeCodes } from '~/i18n/locales'
import { errorOf, json, readMailbox, startTestApi, type TestApi } from '../support/api'
import { bearer, newEmail, strongPassword } from '../support/accounts'
import { translated } from '../support/catalog'

describe('server words in the reader’s language', () => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi('pglite')
  })
  afterAll(async () => {
    await t?.close()
  })

  /** Registers in a language (the browser's Accept-Language); the account keeps it. */
  async function register(locale: string, n: number) {
    const email = newEmail()
    const body = { email, first_name: 'Ana', last_name: 'Popescu', phone_number: '0722123456', password: strongPassword, password_confirmation: strongPassword, accept_terms: true, token: '' }
    const res = await t.call('/auth/register', json(body, { 'accept-language': locale, 'x-forwarded-for': `198.51.100.${n}` }))
    expect(res.status, await res.clone().text()).toBe(201)
    return { email, token: ((await res.json()) as { access_token: string }).access_token }
  }

  it.each(localeCodes.map((locale, i) => [locale, i + 1] as const))('the welcome mail in %s', async (locale, n) => {
    const { email } = await register(locale, n)
    const mail = ((await (await readMailbox(t, email)).json()) as { data: { kind: string; subject: string; text: string }[] }).data.find((m) => m.kind === 'welcome')!
    expect(mail.subject).toBe(translated(locale, 'server', 'Welcome to {brand}', { brand: t.config.BRAND_NAME }))
    expect(mail.text.startsWith(translated(locale, 'server', 'Hello {name},', { name: 'Ana' }))).toBe(true)
  })

  it.each(localeCodes)('pretty_message in %s', async (locale) => {
    const error = await errorOf(await t.call('/no-such-resource', { headers: { 'accept-language': locale } }))
    expect(error.code).toBe(404)
    expect(error.pretty_message).toBe(translated(locale, 'server', 'The resource you asked for does not exist.'))
  })

  it.each(localeCodes.map((locale, i) => [locale, i + 10] as const))('the calendar feed in %s', async (locale, n) => {
    const { token } = await register(locale, n)
    const call = (path: string, method = 'GET', body?: unknown) => t.call(path, { method, headers: { ...bearer(token), 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
    expect((await call('/vehicles', 'POST', { registration_plate: 'B77CAL', vin: 'WVWZZZ1JZXW000001', make: 'Dacia', model: 'Logan', category: 'car', itp_due_date: '2027-03-15' })).status).toBe(201)
    const feed = ((await (await call('/calendar-feed')).json()) as { data: { url: string } }).data
    const calendar = new ICAL.Component(ICAL.parse(await (await t.call(new URL(feed.url).pathname.replace('/api/v1', ''))).text()) as unknown[])
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(`${t.config.BRAND_NAME} · ${translated(locale, 'server', 'Vehicle deadlines')}`)
    const summaries = calendar.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e).summary)
    expect(summaries).toContain(translated(locale, 'server', 'ITP due: {plate}', { plate: 'B77CAL' }))
  })
})
