import { expect, test } from '@playwright/test'
import { addDays } from '../../src/contract/iso-date'
import { todayInBucharest } from '../../src/i18n/dates'
import { expectNoSeriousAxeViolations, waitForHydration, withConsentCookie } from './support'
import { password, signIn } from './support-accounts'
import { accountWithBearer, preparedRenewal } from './support-policies'

/**
 * The renewal autopilot in the browser: a 30-day rovinietă bought today ends within the window,
 * the sweep (run now by the operator, as the hourly job would) prepares its renewal, and the
 * owner goes from the card on `/account/orders` to the checkout, already filled in, to an issued
 * vignette that starts the day after the old one ends.
 */
test.beforeEach(async ({ context }) => withConsentCookie(context))

test('from the renewal card to an issued renewal, the day after the old end, nothing typed again', async ({ page, request }) => {
  const owner = await accountWithBearer(request)
  const auth = { authorization: `Bearer ${owner.bearer}` }
  const { plate, oldEnd } = await preparedRenewal(request, owner)
  expect(oldEnd).toBe(addDays(todayInBucharest(), 29))
  const vehicle = { plate }

  await page.goto('/authenticate')
  await waitForHydration(page)
  await signIn(page, owner.email, password)
  await expect(page).toHaveURL(/\/account\/orders$/, { timeout: 60_000 })
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
  await expect(page.getByLabel('Numărul cardului')).toBeVisible({ timeout: 60_000 })
  await page.getByLabel('Numărul cardului').fill('4111 1111 1111 1111')
  await page.getByLabel('Expiră (LL/AA)').fill('12/30')
  await page.getByLabel('CVC').fill('123')
  await page.getByLabel('Numele de pe card').fill('IOANA MARINESCU')
  await page.getByRole('button', { name: /^Plătește/ }).click()
  await expect(page).toHaveURL(/\/thank-you\?order=/, { timeout: 60_000 })
  await expect(page.locator('.order-progress')).toHaveAttribute('data-status', 'issued', { timeout: 60_000 })

  // The new vignette follows on the day after; the card is gone.
  const orders = (await (await request.get('/api/v1/orders?per_page=5', { headers: auth })).json()) as { data: { id: string; policies: { start_date: string | null }[] }[] }
  expect(orders.data.map((o) => o.policies[0]?.start_date)).toContain(addDays(oldEnd, 1))
  const renewals = (await (await request.get('/api/v1/renewals', { headers: auth })).json()) as { data: unknown[] }
  expect(renewals.data).toEqual([])
})
