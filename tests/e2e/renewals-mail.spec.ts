import { expect, test } from '@playwright/test'
import { addDays } from '../../src/contract/iso-date'
import { operatorToken, waitForHydration, withConsentCookie } from './support'
import { mailTo, password, signIn } from './support-accounts'
import { accountWithBearer, preparedRenewal } from './support-policies'

/**
 * The renewal reminder's journey: a prepared renewal (a 30-day rovinietă bought today, swept by
 * the operator as the hourly job would), its 14-day reminder sent now by the operator as the job
 * would at 09:00 that day, and the owner who follows the mail's link: signs in, lands on the
 * checkout already filled in, confirms, pays with the sandbox card and gets the renewal issued.
 */
test.beforeEach(async ({ context }) => withConsentCookie(context))

test('from the reminder mail to an issued renewal in one click and a payment', async ({ page, request }) => {
  const owner = await accountWithBearer(request)
  const auth = { authorization: `Bearer ${owner.bearer}` }
  const { id, plate, oldEnd } = await preparedRenewal(request, owner)

  const reminded = await request.post(`/api/v1/operator/renewals/${id}/remind`, { headers: { authorization: `Bearer ${operatorToken()}` }, data: { days_before: 14 } })
  expect(reminded.status(), await reminded.text()).toBe(200)
  expect(((await reminded.json()) as { outcome: string }).outcome).toBe('sent')
  const mail = await mailTo(request, owner.email, 'policy-end-reminder')
  expect(mail).toContain(plate)
  const link = mail.match(/https?:\/\/\S+\/account\/renewals\/\S+/)?.[0]
  expect(link, 'the mail links the prepared renewal').toBeDefined()

  // Signed out, the link asks to sign in first and then goes on to the checkout.
  const url = new URL(link!)
  await page.goto(`${url.pathname}${url.search}`)
  await expect(page).toHaveURL(/\/authenticate\?/)
  await waitForHydration(page)
  await signIn(page, owner.email, password)
  await expect(page).toHaveURL(/\/checkout\?.*renewal=/, { timeout: 60_000 })
  await waitForHydration(page)
  // Nothing to type: the buyer and the address of the last purchase are there.
  await expect(page.getByLabel('Prenume', { exact: true })).toHaveValue('Ioana')
  await expect(page.getByLabel('Strada, numărul, blocul, apartamentul')).toHaveValue('Str. Horea 12')
  await expect(page.locator('main')).toContainText(plate)
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: /^Plătiți .* cu cardul$/ }).click()
  await expect(page.getByLabel('Numărul cardului')).toBeVisible({ timeout: 60_000 })
  await page.getByLabel('Numărul cardului').fill('4111 1111 1111 1111')
  await page.getByLabel('Expiră (LL/AA)').fill('12/30')
  await page.getByLabel('CVC').fill('123')
  await page.getByLabel('Numele de pe card').fill('IOANA MARINESCU')
  await page.getByRole('button', { name: /^Plătește/ }).click()
  await expect(page).toHaveURL(/\/thank-you\?order=/, { timeout: 60_000 })
  await expect(page.locator('.order-progress')).toHaveAttribute('data-status', 'issued', { timeout: 60_000 })

  // The renewal follows on the day after the old end; its card is gone and the link leads to the cards.
  const orders = (await (await request.get('/api/v1/orders?per_page=5', { headers: auth })).json()) as { data: { policies: { start_date: string | null }[] }[] }
  expect(orders.data.map((o) => o.policies[0]?.start_date)).toContain(addDays(oldEnd, 1))
  expect(((await (await request.get('/api/v1/renewals', { headers: auth })).json()) as { data: unknown[] }).data).toEqual([])
  await page.goto(`${url.pathname}${url.search}`)
  await expect(page).toHaveURL(/\/account\/orders$/)
  await expect(page.locator('.renewal-card').filter({ hasText: plate })).toHaveCount(0)
  // Renewed: the next reminder of the old policy has nothing to say.
  const again = await request.post(`/api/v1/operator/renewals/${id}/remind`, { headers: { authorization: `Bearer ${operatorToken()}` }, data: { days_before: 7 } })
  expect(((await again.json()) as { outcome: string }).outcome).toBe('void')
})
