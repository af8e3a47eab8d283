import { expect, test } from '@playwright/test'
import { addDays } from '../../src/contract/iso-date'
import { formatDate, todayInBucharest } from '../../src/i18n/dates'
import { readPdf } from '../support/pdf-text'
import { BASE_URL, expectNoSeriousAxeViolations, MOBILE, withConsentCookie } from './support'
import { policyBoughtBeforeAll, uniqueVehicle } from './support-policies'

/**
 * The public policy check: the page a policy document's QR code opens, and the
 * check by plate or VIN, both rendered on the server and readable without JavaScript. The policy
 * is bought through the API and the sandbox processor, and starts tomorrow (the earliest an RCA
 * may start), so today it is issued but not yet in force.
 */


const bought = policyBoughtBeforeAll()
test.beforeEach(async ({ context }) => withConsentCookie(context))

const tomorrow = () => addDays(todayInBucharest(), 1)

test('the QR code of an issued policy opens its verification page: validity, insurer, number, no personal data', async ({ page }) => {
  // The document's QR code and its printed line carry this address.
  const pdf = await bought.api.get(`/api/v1/orders/${bought.policy.orderId}/document`, { headers: { authorization: `Bearer ${bought.owner.bearer}` } })
  expect(pdf.status()).toBe(200)
  expect((await readPdf(new Uint8Array(await pdf.body()))).lines.join('')).toContain(bought.policy.verificationUrl)
  expect(new URL(bought.policy.verificationUrl).pathname).toMatch(/^\/verify\/[A-Za-z0-9_-]{22}$/)

  const response = await page.goto(bought.policy.verificationUrl)
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verificarea poliței')
  const verdict = page.locator('.verdict')
  await expect(verdict).toHaveAttribute('data-standing', 'not_yet_in_force')
  await expect(verdict).toContainText('Încă nu este valabilă')
  const facts = page.locator('.policy-facts')
  for (const fact of [bought.policy.insurer, bought.policy.number, `CJ***${bought.policy.plate.slice(-2)}`]) await expect(facts).toContainText(fact)
  await expect(page.locator(`time[datetime="${bought.policy.startDate}"]`)).toBeVisible()
  await expect(page.locator(`time[datetime="${bought.policy.endDate}"]`)).toBeVisible()
  const text = await page.locator('main').innerText()
  for (const personal of [bought.policy.plate, bought.policy.vin, 'Marinescu', 'Ioana', bought.owner.email, 'ioana.marinescu@example.ro']) expect(text).not.toContain(personal)
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
  await expectNoSeriousAxeViolations(page, 'the verification page')
  await page.context().addCookies([{ name: 'theme', value: 'dark', url: BASE_URL }])
  await page.setViewportSize(MOBILE)
  await page.reload()
  await expectNoSeriousAxeViolations(page, 'the verification page (dark, mobile)')

  // A code that names no policy: 404 and a sentence, not the policy of someone else.
  const unknown = await page.goto('/verify/AAAAAAAAAAAAAAAAAAAAAA')
  expect(unknown?.status()).toBe(404)
  await expect(page.locator('.verdict')).toHaveAttribute('data-standing', 'unknown')
  await expect(page.locator('.verdict')).toContainText('Nicio poliță nu corespunde acestui cod')
  // Not even shaped like a code: the site's 404 page.
  expect((await page.goto('/verify/not a code'))?.status()).toBe(404)
})

test.describe('the check form without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('answers valid with the insurer and the end date, or not valid, for a plate or a VIN', async ({ page }) => {
    await page.goto('/verify')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verificare poliță RCA')
    const vehicleField = page.getByLabel('Număr de înmatriculare sau serie de șasiu (VIN)')
    const dateField = page.getByLabel('Data verificării')
    const check = page.getByRole('button', { name: 'Verifică' })

    // Tomorrow the policy is in force: valid, from its insurer, until its last day. Typed with spaces, in lower case.
    await vehicleField.fill(`${bought.policy.plate.slice(0, 2)} ${bought.policy.plate.slice(2, 4)} ${bought.policy.plate.slice(4).toLowerCase()}`)
    await dateField.fill(tomorrow())
    await check.click()
    await expect(page).toHaveURL(/\/verify\?vehicle=.+&date=/)
    const answer = page.getByRole('region', { name: 'Valabilă' })
    await expect(answer).toHaveAttribute('data-valid', 'true')
    await expect(answer).toContainText(bought.policy.insurer)
    await expect(answer).toContainText('inclusiv')
    // The same vehicle by its VIN.
    await page.getByLabel('Număr de înmatriculare sau serie de șasiu (VIN)').fill(bought.policy.vin)
    await page.getByLabel('Data verificării').fill(tomorrow())
    await page.getByRole('button', { name: 'Verifică' }).click()
    await expect(page.getByRole('region', { name: 'Valabilă' })).toContainText(bought.policy.insurer)

    // Today it has not started: not valid, and the answer says from when it is.
    await page.getByLabel('Număr de înmatriculare sau serie de șasiu (VIN)').fill(bought.policy.plate)
    await page.getByLabel('Data verificării').fill('')
    await page.getByRole('button', { name: 'Verifică' }).click()
    const later = page.getByRole('region', { name: 'Încă nu este valabilă' })
    await expect(later).toHaveAttribute('data-valid', 'false')
    await expect(later).toContainText(`nu are o poliță RCA în vigoare pe ${formatDate(`${todayInBucharest()}T12:00:00Z`, 'ro')}, dar una de la ${bought.policy.insurer} începe pe ${formatDate(`${tomorrow()}T12:00:00Z`, 'ro')}.`)

    // A vehicle nobody bought a policy for.
    await page.goto(`/verify?vehicle=${uniqueVehicle().plate}&date=${tomorrow()}`)
    await expect(page.getByRole('region', { name: 'Nicio poliță valabilă găsită' })).toBeVisible()

    // Neither a plate nor a VIN, and a day too far: the fields say so.
    const refused = await page.goto(`/verify?vehicle=${encodeURIComponent('B!23')}&date=${addDays(todayInBucharest(), 400)}`)
    expect(refused?.status()).toBe(422)
    await expect(page.getByLabel('Număr de înmatriculare sau serie de șasiu (VIN)')).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText('Scrieți numărul de înmatriculare (de exemplu B123ABC) sau seria de șasiu (VIN) de 17 caractere.')).toBeVisible()
    await expect(page.locator('.verdict')).toHaveCount(0)
  })
})

test('with JavaScript the form answers without reloading the page, in the visitor’s language', async ({ page }) => {
  await page.context().addCookies([{ name: 'locale', value: 'en', url: BASE_URL }])
  await page.goto('/verify')
  await page.waitForFunction(() => !('$_TSR' in window))
  await page.getByLabel('Registration number or VIN').fill(bought.policy.plate)
  await page.getByLabel('Date to check').fill(tomorrow())
  // A mark on this document: a full page load would lose it.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))
  await page.getByRole('button', { name: 'Check' }).click()
  await expect(page.getByRole('region', { name: 'Valid' })).toContainText(`${bought.policy.plate} has an RCA policy from ${bought.policy.insurer}`)
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
  await expect(page).toHaveURL(/\/verify\?vehicle=/)
  await expectNoSeriousAxeViolations(page, 'the check form with an answer')
  await page.context().addCookies([{ name: 'theme', value: 'dark', url: BASE_URL }])
  await page.setViewportSize(MOBILE)
  await page.reload()
  await expectNoSeriousAxeViolations(page, 'the check form with an answer (dark, mobile)')
})
