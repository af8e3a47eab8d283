/**
 * The vignettes in the browser: the one-step quote forms of /instantRo and /lih,
 * the issuer's offer below the form, and the checkout with its total; a bad input answered with
 * its translated sentence beside the field; the Hungarian form without JavaScript.
 */
import { expect, test, type Page } from '@playwright/test'
import { rateDayFor } from '../../src/server/fx/rate-day'
import { todayInBucharest } from '../../src/i18n/dates'
import { operator, waitForHydration, withConsentCookie } from './support'
import { email } from './support-accounts'
import { expectIssuedDocuments, payAsGuest } from './support-checkout'

const VIN = 'UU1HSDAC5L5123456'

test.beforeAll(async ({ request }) => {
  // The rates each product's rule takes (the rovinietă: the previous month's last day), so the prices in lei are known: 50 EUR at 5.09 is 254.50 lei.
  await operator(request, 'PUT', '/fx-rates/EUR', { rate: '5.09', date: rateDayFor('bnr-end-of-previous-month', todayInBucharest()) })
  await operator(request, 'PUT', '/fx-rates/HUF', { rate: '0.0132' })
})

/**
 * Asks for the price for `plate` and gives it back as the checkout writes it, once the issuer has
 * answered. The browser tests' sandbox draws no failures or hangs (decision 154): the issuer
 * answers every plate.
 */
async function askForPrice(page: Page, plate: string): Promise<string> {
  await page.getByLabel('Registration plate').fill(plate)
  const before = page.url()
  await page.getByRole('button', { name: 'See the price' }).click()
  await expect(page).toHaveURL((url) => url.href !== before && url.searchParams.has('quote'))
  // This quote's own list (the previous one may still show while the page loads), once its issuer has answered.
  const offers = page.locator(`.offers[data-quote="${new URL(page.url()).searchParams.get('quote')}"]`)
  await expect(offers.locator('.offers__progress progress')).toHaveAttribute('value', '1', { timeout: 60_000 })
  await expect(offers.locator('.offer')).not.toHaveCount(0)
  return plate.replace(/\s/g, '').toUpperCase()
}

/** The offer's price and the checkout's total, after "Choose". */
async function chooseAndReadTotal(page: Page): Promise<{ price: number; total: number }> {
  const offer = page.locator('.offer').first()
  const price = Number(await offer.locator('.offer__price').getAttribute('data-amount'))
  await offer.getByRole('link', { name: /^(Choose|Alegeți) / }).click()
  await expect(page).toHaveURL(/\/checkout\?/)
  const total = Number(await page.locator('.summary-list__total').getAttribute('data-amount'))
  return { price, total }
}

test('a visitor buys a rovinietă with bridge passes and gets its proof', async ({ page }) => {
  test.setTimeout(240_000)
  await withConsentCookie(page.context())
  await page.goto('/en/instantRo')
  await waitForHydration(page)
  const category = page.getByLabel('Category')
  await expect(category.locator('option[value="A"]')).toHaveText(/Cars/)
  // Category C has no 10-day vignette: the tariff's periods only.
  await category.selectOption('C')
  await expect(page.getByLabel('Period').locator('option[value="10d"]')).toBeDisabled()
  await category.selectOption('A')
  await page.getByLabel('Period').selectOption('12m')
  await page.getByLabel('Registration plate').fill('b 123 abc')
  await page.getByLabel('Chassis number (VIN)').fill(VIN)
  await page.getByLabel('Fetești–Cernavodă bridge passes (optional)').fill('2')
  await expect(page.getByText('Check the registration plate letter by letter')).toBeVisible()
  const plate = await askForPrice(page, 'b 123 abc')

  await expect(page).toHaveURL(/\/instantRo\?quote=/)
  const offer = page.locator('.offer').first()
  // 50 EUR at 5.09 lei and two passes of 19 lei, no fee.
  await expect(offer.locator('.offer__price')).toHaveAttribute('data-amount', String(25_450 + 2 * 1_900))
  await expect(offer.locator('.offer__list-price')).toHaveAttribute('data-list-amount', '5000')
  await expect(offer.locator('.offer__period')).toContainText(/Valid from .+ to .+ \(Romanian time\)/)
  await expect(offer.locator('.offer__bridge')).toContainText('2')
  // Vignette words: the state issuer answered, and its only offer is not "the cheapest".
  await expect(page.locator('.offers__progress')).toHaveText('The issuer answered.')
  await expect(offer.locator('.offer__badge')).toHaveCount(0)

  const { price, total } = await chooseAndReadTotal(page)
  const bought = page.locator('.checkout-summary .summary-list')
  await expect(bought).toContainText('Issuer')
  await expect(bought).not.toContainText('Insurer')
  expect(total).toBe(price)
  // Before paying: the plate large and spaced, to check letter by letter, then what the vignette is for.
  const summary = page.locator('.checkout-subject')
  await expect(summary.locator('.plate-check')).toHaveText(plate)
  await expect(summary.getByTestId('plate-warning')).toContainText('Check the registration plate letter by letter')
  await expect(summary).toContainText('Romania (RO)')
  await expect(summary).toContainText(VIN)
  await expect(summary).toContainText('A — Cars')
  await expect(summary).toContainText('12 months')
  await expect(summary).toContainText(/from .+ to .+ \(Romanian time\)/)
  await expect(summary).toContainText('Fetești–Cernavodă bridge passes')

  await payAsGuest(page, email())
  const [proof] = await expectIssuedDocuments(page, 1)
  expect(proof).toContain(plate)
  expect(proof).toContain(VIN)
})

test('a visitor buys a Hungarian daily vignette and gets its proof', async ({ page }) => {
  test.setTimeout(240_000)
  await withConsentCookie(page.context())
  await page.goto('/en/lih')
  await waitForHydration(page)
  await page.getByLabel('Category').selectOption('D1')
  await page.getByLabel('Period').selectOption('daily')
  const plate = await askForPrice(page, 'CJ 11 HUV')
  await expect(page).toHaveURL(/\/lih\?quote=/)
  const { price, total } = await chooseAndReadTotal(page)
  expect(total).toBe(price)
  await expect(page.locator('.checkout-subject .plate-check')).toHaveText(plate)

  await payAsGuest(page, email())
  const [proof] = await expectIssuedDocuments(page, 1)
  expect(proof).toContain(plate)
})

test('a rovinietă for a vehicle named by its registration certificate series, without the VIN', async ({ page }) => {
  test.setTimeout(240_000)
  await withConsentCookie(page.context())
  await page.goto('/en/instantRo')
  await waitForHydration(page)
  await page.getByLabel('Period').selectOption('1d')
  await page.getByLabel('Registration plate').fill('CJ 10 ABC')
  // Neither identifier: the sentence beside the VIN says either will do.
  await page.getByRole('button', { name: 'See the price' }).click()
  await expect(page.locator('#ro-vignette-vin-error')).toHaveText('Enter the VIN or the registration certificate series.')
  await page.getByLabel('Or: registration certificate series').fill('J 123456')
  const plate = await askForPrice(page, 'CJ 10 ABC')
  await expect(page).toHaveURL(/\/instantRo\?quote=/)
  await chooseAndReadTotal(page)
  const summary = page.locator('.checkout-subject')
  await expect(summary.locator('.plate-check')).toHaveText(plate)
  await expect(summary).toContainText('Registration certificate series')
  await expect(summary).toContainText('J123456')
})

test('a plate that is not Romanian gets its sentence in Romanian beside the field', async ({ page }) => {
  await withConsentCookie(page.context())
  await page.goto('/instantRo')
  await waitForHydration(page)
  await page.getByLabel('Număr de înmatriculare').fill('12345')
  await page.getByLabel('Seria de șasiu (VIN)').fill(VIN)
  await page.getByRole('button', { name: 'Vedeți prețul' }).click()
  await expect(page.locator('#ro-vignette-registration_plate-error')).toHaveText(
    'Acesta nu este un număr românesc. Verificați numărul sau alegeți țara de înmatriculare corectă.',
  )
  await expect(page).not.toHaveURL(/quote=/)
})

test('without JavaScript a visitor gets a Hungarian county vignette and reaches the checkout with its total', async ({ browser }) => {
  test.setTimeout(240_000)
  const context = await browser.newContext({ locale: 'ro-RO', javaScriptEnabled: false })
  await withConsentCookie(context)
  const page = await context.newPage()
  await page.goto('/en/lih')
  await page.getByLabel('Category').selectOption('D1')
  await page.getByLabel('Period').selectOption('county')
  await page.getByLabel('Registration plate').fill('CJ 10 ABC')
  // No county chosen: the form comes back with the sentence beside the counties, the entries kept.
  await page.getByRole('button', { name: 'See the price' }).click()
  await expect(page.locator('#hu-vignette-counties-error')).toHaveText('Choose at least one county for a county vignette.')
  await expect(page.getByLabel('Registration plate')).toHaveValue('CJ 10 ABC')
  await page.getByLabel('Pest', { exact: true }).check()
  await page.getByLabel('Fejér', { exact: true }).check()
  const plate = await askForPrice(page, 'CJ 10 ABC')
  await expect(page).toHaveURL(/\/lih\?quote=/)

  const offer = page.locator('.offer').first()
  // Two county vignettes of 7 190 HUF.
  await expect(offer.locator('.offer__list-price')).toHaveAttribute('data-list-amount', String(2 * 719_000))
  await expect(offer.locator('.offer__period')).toContainText(/Valid from .+ to .+ \(Romanian time\)/)
  const { price, total } = await chooseAndReadTotal(page)
  expect(price).toBe(Math.round((2 * 719_000 * 0.0132)))
  expect(total).toBe(price)
  // Without JavaScript too: the plate to check, its country, category, period and the counties.
  const summary = page.locator('.checkout-subject')
  await expect(summary.locator('.plate-check')).toHaveText(plate)
  await expect(summary.getByTestId('plate-warning')).toBeVisible()
  await expect(summary).toContainText('Romania (RO)')
  await expect(summary).toContainText('D1 — Cars up to 3.5 t')
  await expect(summary).toContainText('Annual, by county')
  await expect(summary).toContainText('Fejér, Pest')
  await context.close()
})
