import { expect, test } from '@playwright/test'
import { addDays } from '../../src/contract/iso-date'
import { expectNoSeriousAxeViolations, waitForHydration, withConsentCookie } from './support'
import { password, signIn } from './support-accounts'
import { accountWithBearer, policyBoughtBeforeAll } from './support-policies'

/**
 * Decision 160: the public check of a plate that is one of the signed-in visitor's
 * vehicles takes the last day of the policy bought here onto the vehicle when it has none, and
 * offers it in place of an earlier one. The policy (from tomorrow) is bought by another account
 * through the API; a signed-out visitor sees the public answer only.
 */
const bought = policyBoughtBeforeAll()
test.beforeEach(async ({ context }) => withConsentCookie(context))

test('the check’s last day goes onto the visitor’s own vehicle of that plate', async ({ page, browser }) => {
  const owner = await accountWithBearer(bought.api)
  const auth = { authorization: `Bearer ${owner.bearer}` }
  const added = await bought.api.post('/api/v1/vehicles', { headers: auth, data: { registration_plate: bought.policy.plate } })
  expect(added.status(), await added.text()).toBe(201)
  const vehicleId = ((await added.json()) as { data: { id: string } }).data.id
  const vehicleEnd = async () => ((await (await bought.api.get(`/api/v1/vehicles/${vehicleId}`, { headers: auth })).json()) as { data: { rca_valid_until: string | null } }).data.rca_valid_until

  // A stranger signed out: the public answer, nothing about any vehicle.
  const stranger = await browser.newPage()
  await withConsentCookie(stranger.context())
  await stranger.goto(`/verify?vehicle=${bought.policy.plate}`)
  await expect(stranger.locator('.verdict')).toBeVisible()
  await expect(stranger.locator('[data-vehicle-end]')).toHaveCount(0)
  await stranger.close()

  await page.goto('/authenticate')
  await waitForHydration(page)
  await signIn(page, owner.email, password)
  await expect(page).not.toHaveURL(/\/authenticate/)
  await page.goto(`/verify?vehicle=${bought.policy.plate}`)
  await expect(page.locator('[data-vehicle-end="taken"]')).toContainText(bought.policy.plate)
  expect(await vehicleEnd()).toBe(bought.policy.endDate)
  await expectNoSeriousAxeViolations(page, 'the check with the owner’s vehicle')

  // An earlier date of its own: offered, taken on the owner's word.
  await bought.api.patch(`/api/v1/vehicles/${vehicleId}`, { headers: auth, data: { rca_valid_until: addDays(bought.policy.endDate, -200) } })
  await page.reload()
  await waitForHydration(page)
  const offered = page.locator('[data-vehicle-end="offered"]')
  await offered.getByRole('button', { name: 'Folosiți această dată pentru vehiculul meu' }).click()
  await expect(page.locator('[data-vehicle-end="taken"]')).toBeVisible()
  expect(await vehicleEnd()).toBe(bought.policy.endDate)
})
