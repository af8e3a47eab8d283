/**
 * Browser-test state that needs an issued policy, made through the provider API over HTTP as a
 * client would: an account, an RCA quote, an order paid with a sandbox test card on the sandbox
 * processor's own form, and the wait until the insurer has issued it.
 */
import { randomInt } from 'node:crypto'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { solveAltcha, type AltchaChallenge } from '../../src/contract/altcha-solver'
import { addDays } from '../../src/contract/iso-date'
import { vinCheckDigit } from '../../src/contract/vehicle'
import { todayInBucharest } from '../../src/i18n/dates'
import { rcaRequest } from '../support/rca'
import { email, password } from './support-accounts'
import { BASE_URL, operatorToken } from './support'

/** The sandbox processor's card that is approved at once (`SANDBOX_TEST_CARDS.approved`). */
const APPROVED_CARD = '4111111111111111'

/** An address of its own per call: sign-ups and quotes are limited per address (the test plays the proxy, decision 40). */
const clientAddress = () => `198.18.${randomInt(256)}.${randomInt(1, 255)}`

async function captcha(request: APIRequestContext): Promise<string> {
  const token = await solveAltcha((await (await request.get('/api/v1/captcha/challenge')).json()) as AltchaChallenge)
  expect(token, 'a solved captcha').not.toBeNull()
  return token!
}

/** A new account through the API; answers its address and a bearer of its own (the browser signs in separately). */
export async function accountWithBearer(request: APIRequestContext): Promise<{ email: string; bearer: string }> {
  const address = email()
  const response = await request.post('/api/v1/auth/register', {
    headers: { 'x-forwarded-for': clientAddress(), 'accept-language': 'ro' },
    data: { email: address, first_name: 'Ioana', last_name: 'Marinescu', password, password_confirmation: password, accept_terms: true, token: await captcha(request) },
  })
  expect(response.status(), await response.text()).toBe(201)
  return { email: address, bearer: ((await response.json()) as { access_token: string }).access_token }
}

/** A plate and a VIN (with its check digit) nobody else in this run has. */
export function uniqueVehicle(): { plate: string; vin: string } {
  const letters = 'ABCDEFGHJKLMNPRSTUVWXZ'
  const tail = Array.from({ length: 3 }, () => letters[randomInt(letters.length)]).join('')
  const serial = String(randomInt(1_000_000)).padStart(6, '0')
  const draft = `UU1HSDAC0L5${serial}`
  return { plate: `CJ${randomInt(10, 99)}${tail}`, vin: `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}` }
}

export interface IssuedPolicy {
  orderId: string
  /** As the card and the verification page show it: series, a space, number. */
  number: string
  insurer: string
  startDate: string
  endDate: string
  verificationUrl: string
  plate: string
  vin: string
  quoteId: string
  /** Every priced offer of the quote, cheapest (the one bought) first. */
  offerIds: string[]
}

/**
 * Buys an RCA policy starting tomorrow for `bearer`'s account: the cheapest offer, paid with the
 * approved test card, then waits until it is issued.
 */
export async function buyRcaPolicy(request: APIRequestContext, bearer: string, vehicle = uniqueVehicle()): Promise<IssuedPolicy> {
  const auth = { authorization: `Bearer ${bearer}` }
  const quoteBody = rcaRequest({ vehicle: { registration_plate: vehicle.plate, vin: vehicle.vin }, policy: { start_date: addDays(todayInBucharest(), 1) } })
  const quoted = await request.post('/api/v1/products/rca/quotes', { headers: { ...auth, 'x-forwarded-for': clientAddress() }, data: { ...quoteBody, token: await captcha(request) } })
  expect(quoted.status(), await quoted.text()).toBe(201)
  const quoteId = ((await quoted.json()) as { data: { id: string } }).data.id

  type Offer = { id: string; status: string; premium: { amount: number } | null; documents: { id: string }[] }
  let offers: Offer[] = []
  for (let answered = 0, round = 0; round < 30; round++) {
    const { data } = (await (await request.get(`/api/v1/quotes/${quoteId}?after=${answered}&wait=10`, { headers: auth })).json()) as { data: { status: string; insurers_answered: number; offers: Offer[] } }
    answered = data.insurers_answered
    offers = data.offers
    if (data.status === 'complete') break
  }
  const priced = offers.filter((o) => o.status === 'offered' && o.premium).sort((a, b) => a.premium!.amount - b.premium!.amount)
  const cheapest = priced[0]
  expect(cheapest, 'an offered price').toBeDefined()

  const customer = { first_name: 'Ioana', last_name: 'Marinescu', email: 'ioana.marinescu@example.ro', phone: '0722123456', address: { county: 'Cluj', city: 'Cluj-Napoca', street: 'Str. Horea 12' } }
  const ordered = await request.post('/api/v1/orders', { headers: { ...auth, 'idempotency-key': `e2e-${Date.now()}-${randomInt(1e9)}` }, data: { offer_id: cheapest!.id, customer, accepted_documents: cheapest!.documents.map((d) => d.id), token: '' } })
  expect(ordered.status(), await ordered.text()).toBe(201)
  const order = ((await ordered.json()) as { data: { id: string; payment: { url: string } } }).data

  // The sandbox processor's card form, posted as the browser would post it.
  const paid = await request.post(order.payment.url, { form: { card_number: APPROVED_CARD, expiry: '12/34', cvc: '123', holder: 'Ioana Marinescu' }, maxRedirects: 0 })
  expect(paid.status(), await paid.text()).toBe(303)

  type OrderView = { status: string; policies: { number: string | null; series: string | null; insurer: { name: string }; start_date: string; end_date: string; verification_url: string | null }[] }
  let view: OrderView | undefined
  await expect
    .poll(
      async () => {
        view = ((await (await request.get(`/api/v1/orders/${order.id}`, { headers: auth })).json()) as { data: OrderView }).data
        return view.status
      },
      { message: 'the order is issued', timeout: 60_000, intervals: [200] },
    )
    .toBe('issued')
  const policy = view!.policies[0]!
  return {
    orderId: order.id,
    number: `${policy.series ? `${policy.series} ` : ''}${policy.number}`,
    insurer: policy.insurer.name,
    startDate: policy.start_date,
    endDate: policy.end_date,
    verificationUrl: policy.verification_url!,
    ...vehicle,
    quoteId,
    offerIds: priced.map((o) => o.id),
  }
}

/** What a spec file shares: an API client, an account with its bearer, and the RCA policy it bought. */
export interface PolicyFixture {
  api: APIRequestContext
  owner: { email: string; bearer: string }
  policy: IssuedPolicy
}

/**
 * Buys one RCA policy for a new account before the file's tests (a quote waits for every sandbox
 * insurer, then the order is paid and issued) and disposes of its client after them. The fields
 * of the answer are there from the first test on.
 */
export function policyBoughtBeforeAll(): PolicyFixture {
  const fixture = {} as PolicyFixture
  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(240_000)
    fixture.api = await playwright.request.newContext({ baseURL: BASE_URL })
    fixture.owner = await accountWithBearer(fixture.api)
    fixture.policy = await buyRcaPolicy(fixture.api, fixture.owner.bearer)
  })
  test.afterAll(() => fixture.api.dispose())
  return fixture
}

/**
 * A prepared renewal of `bearer`'s account: a 30-day rovinietă bought today (it ends within the
 * renewal window), paid with the approved test card, then the renewal sweep run now by the
 * operator, as the hourly job would. Answers the renewal's id, the vehicle and the old last day.
 */
export async function preparedRenewal(request: APIRequestContext, owner: { email: string; bearer: string }): Promise<{ id: string; plate: string; oldEnd: string }> {
  const auth = { authorization: `Bearer ${owner.bearer}` }
  const vehicle = uniqueVehicle()
  const quoted = await request.post('/api/v1/products/ro-vignette/quotes', {
    headers: { ...auth, 'x-forwarded-for': clientAddress() },
    data: { vehicle: { registration_plate: vehicle.plate, country: 'RO', vin: vehicle.vin, category: 'A' }, period: '30d', start_date: todayInBucharest(), token: await captcha(request) },
  })
  expect(quoted.status(), await quoted.text()).toBe(201)
  const quoteId = ((await quoted.json()) as { data: { id: string } }).data.id
  type Offer = { id: string; status: string; end_date: string; documents: { id: string }[] }
  let offer: Offer | undefined
  await expect
    .poll(async () => {
      const { data } = (await (await request.get(`/api/v1/quotes/${quoteId}?wait=5`, { headers: auth })).json()) as { data: { status: string; offers: Offer[] } }
      offer = data.offers.find((o) => o.status === 'offered')
      return data.status
    })
    .toBe('complete')
  expect(offer, 'the issuer priced it').toBeDefined()
  const customer = { first_name: 'Ioana', last_name: 'Marinescu', email: owner.email, phone: '0722123456', address: { county: 'Cluj', city: 'Cluj-Napoca', street: 'Str. Horea 12' } }
  const ordered = await request.post('/api/v1/orders', { headers: { ...auth, 'idempotency-key': `e2e-renewal-${quoteId}` }, data: { offer_id: offer!.id, customer, accepted_documents: offer!.documents.map((d) => d.id), token: '' } })
  expect(ordered.status(), await ordered.text()).toBe(201)
  const order = ((await ordered.json()) as { data: { id: string; payment: { url: string } } }).data
  expect((await request.post(order.payment.url, { form: { card_number: APPROVED_CARD, expiry: '12/34', cvc: '123', holder: 'Ioana Marinescu' }, maxRedirects: 0 })).status()).toBe(303)
  await expect.poll(async () => ((await (await request.get(`/api/v1/orders/${order.id}`, { headers: auth })).json()) as { data: { status: string } }).data.status, { timeout: 60_000 }).toBe('issued')
  const swept = await request.post('/api/v1/operator/renewals/sweep', { headers: { authorization: `Bearer ${operatorToken()}` } })
  expect(swept.status(), await swept.text()).toBe(200)
  const renewals = (await (await request.get('/api/v1/renewals', { headers: auth })).json()) as { data: { id: string; registration_plate: string | null }[] }
  const renewal = renewals.data.find((r) => r.registration_plate === vehicle.plate)
  expect(renewal, 'the sweep prepared its renewal').toBeDefined()
  return { id: renewal!.id, plate: vehicle.plate, oldEnd: offer!.end_date }
}
