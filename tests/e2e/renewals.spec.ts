import { expect, test } from '@playwright/test'
import { addDays } from '../../src/contract/iso-date'
import { todayInBucharest } from '../../src/i18n/dates'
import { expectNoSeriousAxeViolations, operatorToken, waitForHydration, withConsentCookie } from './support'
import { password, signIn } from './support-accounts'
import { accountWithBearer, captcha, clientAddress, uniqueVehicle } from './support-policies'

/**
 * The renewal autopilot in the browser: a 30-day rovinietă bought today ends within the window,
 * the sweep (run now by the operator, as the hourly job would) prepares its renewal, and the
 * owner goes from the card on `/account/orders` to the checkout, already filled in, to an issued
 * vignette that starts the day after the old one ends.
 */
test.describe.configure({ timeout: 150_000 })
test.beforeEach(async ({ context }) => withConsentCookie(context))

test('from the renewal card to an issued renewal, the day after the old end, nothing typed again', async ({ page, request }) => {
  const owner = await accountWithBearer(request)
  const auth = { authorization: `Bearer ${owner.bearer}` }
  const vehicle = uniqueVehicle()
  const quoted = await request.post('/api/v1/products/ro-vignette/quotes', {
    headers: { ...auth, 'x-forwarded-for': clientAddress() },
    data: { vehicle: { registration_plate: vehicle.plate, country: 'RO', vin: vehicle.vin, category: 'A' }, period: '30d', start_date: todayInBucharest(), token: await captcha(request) },
  })
  expect(quoted.status(), await quoted.text()).toBe(201)
  const quoteId = ((await quoted.json()) as { data: { id: string } }).data.id
  type Offer = { id: string; status: string; end_date: string }
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
  const ordered = await request.post('/api/v1/orders', { headers: { ...auth, 'idempotency-key': `e2e-renewal-${quoteId}` }, data: { offer_id: offer!.id, customer, token: '' } })
  expect(ordered.status(), await ordered.text()).toBe(201)
  const order = ((await ordered.json()) as { data: { id: string; payment: { url: string } } }).data
  expect((await request.post(order.payment.url, { form: { card_number: '4111111111111111', expiry: '12/34', cvc: '123', holder: 'Ioana Marinescu' }, maxRedirects: 0 })).status()).toBe(303)
  await expect.poll(async () => ((await (await request.get(`/api/v1/orders/${order.id}`, { headers: auth })).json()) as { data: { status: string } }).data.status, { timeout: 60_000 }).toBe('issued')
  const oldEnd = offer!.end_date
  expect(oldEnd).toBe(addDays(todayInBucharest(), 29))

  const swept = await request.post('/api/v1/operator/renewals/sweep', { headers: { authorization: `Bearer ${operatorToken()}` } })
  expect(swept.status(), await swept.text()).toBe(200)

  await page.goto('/authenticate')
  await waitForHydration(page)
  await signIn(page, owner.email, password)
  await expect(page).toHaveURL(/\/account\/orders$/, { timeout: 15_000 })
  const card = page.locator('.renewal-card').filter({ hasText: vehicle.plate })
  await expect(card).toBeVisible()
  await expect(card).toContainText('fără pauză și fără suprapunere')
  await expect(card).toContainText('Aceste prețuri sunt valabile până la')
  await expectNoSeriousAxeViolations(page, '/account/orders with a renewal card')

  await card.getByRole('link', { name: /^Reînnoiți cu / }).first().click()
  await expect(page).toHaveURL(/\/checkout\?.*renewal=/)
  await waitForHydration(page)
  // Nothing to type again: the buyer and the address of the last purchase are there.
  await expect(page.getByLabel('Prenume', { exact: true })).toHaveValue('Ioana')
  await expect(page.getByLabel('Strada, numărul, blocul, apartamentul')).toHaveValue('Str. Horea 12')
  await expect(page.getByLabel('Telefon')).toHaveValue('0722123456')
  await expect(page.locator('main')).toContainText(vehicle.plate)
  await expectNoSeriousAxeViolations(page, '/checkout of a renewal')
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: /^Plătiți .* cu cardul$/ }).click()
  // The processor's own page, in the buyer's language.
  await expect(page.getByLabel('Numărul cardului')).toBeVisible({ timeout: 15_000 })
  await page.getByLabel('Numărul cardului').fill('4111 1111 1111 1111')
  await page.getByLabel('Expiră (LL/AA)').fill('12/30')
  await page.getByLabel('CVC').fill('123')
  await page.getByLabel('Numele de pe card').fill('IOANA MARINESCU')
  await page.getByRole('button', { name: /^Plătește/ }).click()
  await expect(page).toHaveURL(/\/thank-you\?order=/, { timeout: 30_000 })
  await expect(page.locator('.order-progress')).toHaveAttribute('data-status', 'issued', { timeout: 60_000 })

  // The new vignette follows on the day after; the card is gone.
  const orders = (await (await request.get('/api/v1/orders?per_page=5', { headers: auth })).json()) as { data: { id: string; policies: { start_date: string | null }[] }[] }
  expect(orders.data.map((o) => o.policies[0]?.start_date)).toContain(addDays(oldEnd, 1))
  const renewals = (await (await request.get('/api/v1/renewals', { headers: auth })).json()) as { data: unknown[] }
  expect(renewals.data).toEqual([])
})
