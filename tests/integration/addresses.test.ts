import { randomBytes, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '~/contract/iso-date'
import { QuoteEnvelope } from '~/contract/quotes'
import { todayInBucharest } from '~/i18n/dates'
import { insurers, offers, orders, quotes } from '~/server/db/schema'
import { acceptedDocumentsFor, databaseKinds, errorOf, json, startTestApi, type TestApi } from '../support/api'

/** House and checkout addresses are SIRUTA's; an existing PAD is the pool's, for this home, in force. */
describe.each(databaseKinds)('addresses and papers checked (%s)', (kind) => {
  let t: TestApi
  let ip = 10
  beforeAll(async () => {
    t = await startTestApi(kind, {}, { sandbox: { latencyScale: 0.02 } })
  })
  afterAll(() => t?.close())

  const tomorrow = () => addDays(todayInBucharest(), 1)
  const house = (over: Record<string, unknown>) => ({
    address: { county: 'Cluj', locality: 'Cluj-Napoca', street: 'Str. Horea 12' },
    building: { wall_material: 'brick', built_area_m2: 85, year_built: 1995, floors: 1, seismic_risk_class: null },
    cover: 'pad',
    existing_pad_number: null,
    start_date: tomorrow(),
    token: '',
    ...over,
  })
  const quote = (body: unknown, locale = 'en') => t.call('/products/house-insurance/quotes', json(body, { 'accept-language': locale, 'x-forwarded-for': `198.51.100.${ip++}` }))
  const fieldsOf = async (res: Response) => (await errorOf(res)).message as unknown as Record<string, string[]>

  it('refuses a house in Narnia, and a locality of another county, with the sentence beside the field', async () => {
    const narnia = await quote(house({ address: { county: 'Narnia', locality: 'Cair Paravel', street: 'Str. Leului 1' } }))
    expect(narnia.status).toBe(422)
    expect(await fieldsOf(narnia)).toEqual({ 'address.county': ['Choose the county from the list: one of the 41 counties or Bucharest.'] })

    const elsewhere = await quote(house({ address: { county: 'Iași', locality: 'Turda', street: 'Str. Republicii 5' } }), 'ro')
    expect(elsewhere.status).toBe(422)
    expect(await fieldsOf(elsewhere)).toEqual({ 'address.locality': [expect.stringMatching(/^Această localitate nu este în județul ales\./)] })

    const french = await quote(house({ address: { county: 'Narnia', locality: 'x', street: 'y' } }), 'fr')
    expect((await fieldsOf(french))['address.county']).toEqual(['Choisissez le département dans la liste : l’un des 41 départements ou Bucarest.'])
  })

  it('takes a name whatever its case and diacritics, and keeps the official one', async () => {
    const res = await quote(house({ address: { county: 'bucuresti', locality: 'sector 3', street: 'Bd. Unirii 10' } }))
    expect(res.status, await res.clone().text()).toBe(201)
    expect(QuoteEnvelope.parse(await res.json()).data.subject).toMatchObject({ address: { county: 'București', locality: 'București Sectorul 3', street: 'Bd. Unirii 10' } })
  })

  it('checks an existing PAD number with the pool: unknown, not in force, another home → 422; the right one is taken', async () => {
    const refused = async (number: string, address: Record<string, string> | undefined, sentence: string) => {
      const res = await quote(house({ cover: 'optional', existing_pad_number: number, ...(address ? { address } : {}) }))
      expect(res.status, number).toBe(422)
      expect(await fieldsOf(res), number).toEqual({ existing_pad_number: [sentence] })
    }
    await refused('PAD-CJ-999999', undefined, 'There is no PAD policy with this number. Check the number on the policy, or buy PAD now.')
    await refused('PAD-IS-300003', { county: 'Iași', locality: 'Iași', street: 'Str. Lăpușneanu 4' }, 'This PAD policy is not in force on the chosen start date. Choose a date within its period, or buy PAD now.')
    await refused('PAD-CJ-100001', { county: 'Cluj', locality: 'Cluj-Napoca', street: 'Str. Horea 14' }, 'This PAD policy is for another address. Enter the address written on the policy, or buy PAD now.')
    // A PAD number of the right format alone was enough before.
    await refused('PAD-B-200002', undefined, 'This PAD policy is for another address. Enter the address written on the policy, or buy PAD now.')

    const taken = await quote(house({ cover: 'optional', existing_pad_number: 'pad-cj-100001', address: { county: 'cj', locality: 'CLUJ NAPOCA', street: 'str. horea 12' } }))
    expect(taken.status, await taken.clone().text()).toBe(201)
    expect(QuoteEnvelope.parse(await taken.json()).data.subject).toMatchObject({ cover: 'optional', existing_pad_number: 'PAD-CJ-100001', address: { county: 'Cluj', locality: 'Cluj-Napoca' } })
  })

  it('serves a county’s localities for the type-ahead, and refuses an unknown county', async () => {
    const cluj = await t.call('/addresses/localities?county=cluj')
    expect(cluj.status).toBe(200)
    expect(cluj.headers.get('cache-control')).toContain('public')
    const body = (await cluj.json()) as { data: { county: string; localities: string[] } }
    expect(body.data.county).toBe('Cluj')
    expect(body.data.localities).toEqual(expect.arrayContaining(['Cluj-Napoca', 'Turda', 'Dej']))
    expect(body.data.localities).not.toContain('Iași')
    const narnia = await t.call('/addresses/localities?county=Narnia', { headers: { 'accept-language': 'en' } })
    expect(narnia.status).toBe(422)
    expect(await fieldsOf(narnia)).toEqual({ county: ['Choose the county from the list: one of the 41 counties or Bucharest.'] })
  })

  const buyer = (email: string, address: Record<string, string>) => ({ first_name: 'Ana', last_name: 'Pop', email, phone: '0722123456', address })

  it('refuses a checkout address SIRUTA does not know, at the buyer step and the order', async () => {
    const narnia = await t.call('/users/store-from-product-page', json({ customer: buyer('narnia@example.ro', { county: 'Narnia', city: 'Cair Paravel', street: 'Str. Leului 1' }), product_id: 'house-insurance', token: '' }, { 'accept-language': 'en' }))
    expect(narnia.status).toBe(422)
    expect(await fieldsOf(narnia)).toEqual({ 'customer.address.county': ['Choose the county from the list: one of the 41 counties or Bucharest.'] })
    const order = await t.call('/orders', json({ offer_id: 'x'.repeat(22), accepted_documents: ['broker_notice:broker:2026-11-28'], customer: buyer('turda@example.ro', { county: 'Iași', city: 'Turda', street: 'Str. Republicii 5' }), token: '' }, { 'accept-language': 'en', 'idempotency-key': randomUUID() }))
    expect(order.status).toBe(422)
    expect(await fieldsOf(order)).toEqual({ 'customer.address.city': ['This town is not in the chosen county. Type its name and choose it from the list (in Bucharest, the sector, for example Sector 3).'] })
  })

  it('keeps the buyer’s county and locality by their official names on the order', async () => {
    const db = t.deps.database.db
    await db.insert(insurers).values({ code: 'test-ins', name: 'Test Asigurări', asfRegistration: 'RA-000' }).onConflictDoNothing()
    const quoteId = randomBytes(16).toString('base64url')
    const offerId = randomBytes(16).toString('base64url')
    await db.insert(quotes).values({ id: quoteId, product: 'rca', request: { registration_plate: 'B123ABC' }, insurersTotal: 1, status: 'complete', expiresAt: new Date(Date.now() + 3_600_000) })
    await db.insert(offers).values({ id: offerId, quoteId, insurerCode: 'test-ins', status: 'offered', premium: 84_500, currency: 'RON', insurerReference: `ref-${offerId}`, startDate: tomorrow(), endDate: addDays(tomorrow(), 364) })
    const res = await t.call('/orders', json({ offer_id: offerId, accepted_documents: await acceptedDocumentsFor(t, offerId), customer: buyer('official@example.ro', { county: 'bistrita-nasaud', city: 'BISTRITA', street: 'Str. Lupeni 2' }), token: '' }, { 'idempotency-key': randomUUID() }))
    expect(res.status, await res.clone().text()).toBe(201)
    const { data } = (await res.json()) as { data: { id: string } }
    const [stored] = await db.select({ customer: orders.customer }).from(orders).where(eq(orders.id, data.id))
    expect(stored?.customer.address).toMatchObject({ county: 'Bistrița-Năsăud', city: 'Bistrița', street: 'Str. Lupeni 2' })
  })
})
