/**
 * Travel and house quotes in the browser: the one-page form, the offers below it
 * on the same page, "Choose" to the checkout, which repeats what is bought before paying; PAD and
 * optional cover paid together and both documents; a bad input shows its sentence beside the field.
 */
import { expect, test } from '@playwright/test'
import { expectNoSeriousAxeViolations, waitForHydration, withConsentCookie } from './support'
import { email } from './support-accounts'
import { expectIssuedDocuments, fillBuyer, ioana, payAsGuest, payByCard } from './support-checkout'


test('a visitor compares travel offers, sees the one not valid for a Schengen visa, buys one and gets its policy', async ({ page }) => {
  test.setTimeout(180_000)
  await withConsentCookie(page.context())
  await page.goto('/en/travel')
  await waitForHydration(page)
  await page.getByLabel('Where you travel').selectOption('europe')
  await page.getByLabel('Traveller 1').fill('1985-04-12')
  await page.getByRole('button', { name: 'Add a traveller' }).click()
  await page.getByLabel('Traveller 2').fill('2015-09-30')

  // A return before the departure: its sentence beside the return date.
  const departure = await page.getByLabel('Departure').inputValue()
  await page.getByLabel('Return').fill('2020-01-01')
  await page.getByRole('button', { name: 'Compare the offers' }).click()
  await expect(page.locator('#travel-quote-end_date-error')).toHaveText('The return date cannot be before the departure date.')
  await expect(page).not.toHaveURL(/quote=/)

  const [y, m, d] = departure.split('-').map(Number)
  const back = new Date(Date.UTC(y!, m! - 1, d! + 9)).toISOString().slice(0, 10)
  await page.getByLabel('Return').fill(back)
  await page.getByRole('button', { name: 'Compare the offers' }).click()
  await expect(page).toHaveURL(/\/travel\?quote=/)
  await expect(page.locator('.offers__progress')).toContainText(/All \d+ insurers answered\./, { timeout: 60_000 })
  await expect(page.locator('.offer')).not.toHaveCount(0)
  await expect(page.locator('.offer').filter({ hasText: 'Medical cover up to' }).first()).toBeVisible()
  await expect(page.locator('.offer').filter({ hasText: 'Not valid for a Schengen visa' })).toHaveCount(1)

  const first = page.locator('.offer').first()
  const insurer = (await first.locator('.offer__insurer').textContent()) ?? ''
  await first.getByRole('link', { name: /^Choose / }).click()
  await expect(page).toHaveURL(/\/checkout\?/)
  await expect(page.getByText(insurer).first()).toBeVisible()
  // The confirmation repeats the trip and its travellers before the pay button.
  const summary = page.locator('.checkout-subject')
  await expect(summary.getByRole('heading', { name: 'Check before you pay' })).toBeVisible()
  await expect(summary).toContainText('Europe')
  await expect(summary).toContainText('Tourism, visits')
  await expect(summary.locator('.summary-list__items li')).toHaveText(['12 April 1985', '30 September 2015'])

  // The policy names every traveller: their names are asked here, one field each, checked as the API checks them.
  await page.getByLabel('Traveller 1 (born 12 April 1985): first name').fill('Ioana')
  await page.getByLabel('Traveller 1 (born 12 April 1985): last name').fill('Marinescu')
  await page.getByLabel('Traveller 2 (born 30 September 2015): first name').fill('Matei')
  await fillBuyer(page, ioana(email()))
  await page.getByRole('checkbox').check()
  const pay = page.getByRole('button', { name: /^Pay .* by card$/ })
  await pay.click()
  await expect(page.locator('#checkout-traveller_2_last_name-error')).toHaveText('Enter the traveller’s last name.')
  await page.getByLabel('Traveller 2 (born 30 September 2015): last name').fill('Marinescu')
  await pay.click()
  await payByCard(page, '4111 1111 1111 1111', 'IOANA MARINESCU')
  await expect(page).toHaveURL(/\/thank-you\?order=/)
  const [policy] = await expectIssuedDocuments(page, 1)
  expect(policy).toContain(insurer)
  const text = policy!.replace(/\s+/g, ' ')
  expect(text).toContain('Ioana Marinescu, born on 12 April 1985')
  expect(text).toContain('Matei Marinescu, born on 30 September 2015')
})

test('cancellation cover asks the trip’s cost and insures it; a year of trips says its longest trip', async ({ page }) => {
  test.setTimeout(180_000)
  await withConsentCookie(page.context())
  await page.goto('/en/travel')
  await waitForHydration(page)
  await page.getByLabel('Traveller 1').fill('1982-02-14')
  await expect(page.getByLabel('Cost of the trip, in euros')).toHaveCount(0)
  await page.getByLabel('Add trip cancellation cover').check()
  const cost = page.getByLabel('Cost of the trip, in euros')
  await page.getByRole('button', { name: 'Compare the offers' }).click()
  await expect(page.locator('#travel-quote-trip_cost-error')).toHaveText('Enter the trip’s cost: cancellation cover insures it.')
  await cost.fill('1 250')
  await page.getByRole('button', { name: 'Compare the offers' }).click()
  await expect(page).toHaveURL(/\/travel\?quote=/)
  await expect(page.locator('.offers__progress')).toContainText(/All \d+ insurers answered\./, { timeout: 60_000 })
  const insured = page.locator('.offer').filter({ hasText: 'Trip cancellation insured up to' })
  await expect(insured.first()).toBeVisible()
  expect(await insured.count()).toBe(await page.locator('.offer').count())
  await expect(insured.first().locator('[data-cancellation-cover]')).toHaveAttribute('data-cancellation-cover', '125000')

  // A year of trips: each offer says how long each trip may be.
  await page.goto('/en/travel')
  await waitForHydration(page)
  await page.getByLabel('Cover', { exact: true }).selectOption('annual')
  await page.getByLabel('Traveller 1').fill('1982-02-14')
  await page.getByRole('button', { name: 'Compare the offers' }).click()
  await expect(page.locator('.offers__progress')).toContainText(/All \d+ insurers answered\./, { timeout: 60_000 })
  const annual = page.locator('.offer')
  await expect(annual.first().locator('[data-max-trip-days]')).toContainText(/Each trip up to \d+ days/)
  expect(await annual.locator('[data-max-trip-days]').count()).toBe(await annual.count())
})

test('a visitor buys PAD and an optional home cover in one payment and gets both documents', async ({ page }) => {
  test.setTimeout(240_000)
  await withConsentCookie(page.context())
  await page.goto('/en/house')
  await waitForHydration(page)
  await page.getByLabel('What you want to buy').selectOption('pad_and_optional')
  await page.getByLabel('County').selectOption('Cluj')
  // The type-ahead offers the county's SIRUTA localities, fetched once the county is chosen.
  await expect(page.getByLabel('Locality')).toHaveAttribute('list', 'house-quote-locality-list')
  await expect(page.locator('#house-quote-locality-list option[value="Cluj-Napoca"]')).toHaveCount(1)
  await expect(page.locator('#house-quote-locality-list option[value="Iași"]')).toHaveCount(0)
  await page.getByLabel('Locality').fill('Cluj-Napoca')
  await page.getByLabel('Street and number').fill('Str. Horea 12')
  await page.getByLabel('Material of the outer walls').selectOption('brick')
  await page.getByLabel('Built area (m²)').fill('85')
  await page.getByLabel('Year of construction').fill('1995')
  await page.getByLabel('Floors').fill('2')
  await page.getByRole('button', { name: 'Compare the offers' }).click()
  await expect(page).toHaveURL(/\/house\?quote=/)
  await expect(page.locator('.offers__progress')).toContainText(/All \d+ insurers answered\./, { timeout: 60_000 })

  // The PAD stands apart; each optional offer is bought with it, the sum shown.
  const pad = page.locator('.offer--pad')
  await expect(pad.locator('.offer__price')).toHaveAttribute('data-amount', '13000')
  const optional = page.locator('.offer-list .offer').first()
  const price = Number(await optional.locator('.offer__price').getAttribute('data-amount'))
  await expect(optional.locator('.offer__bundle')).toHaveAttribute('data-amount', String(price + 13_000))
  const insurer = (await optional.locator('.offer__insurer').textContent()) ?? ''
  await optional.getByRole('link', { name: `Choose ${insurer} with the PAD` }).click()

  // The checkout: what is insured, both policies and one total.
  await expect(page).toHaveURL(/\/checkout\?.*with=/)
  const summary = page.locator('.checkout-subject')
  await expect(summary).toContainText('Str. Horea 12, Cluj-Napoca, Cluj')
  await expect(summary).toContainText('PAD and optional cover, together')
  await expect(page.locator('.checkout-summary dt')).toContainText([/^PAD policy — /, `Optional home cover — ${insurer}`])
  await expect(page.locator('.summary-list__total')).toHaveAttribute('data-amount', String(price + 13_000))
  await expectNoSeriousAxeViolations(page, '/checkout (PAD with optional cover)')
  await payAsGuest(page, email())

  // Issued together: two policies, each with its own PDF.
  await expectIssuedDocuments(page, 2)
  const policies = page.locator('.order-progress__policy')
  await expect(policies.first()).toContainText(/^PAID/)
})

test('without JavaScript a visitor is told a class I building gets no PAD, then gets the PAD offer and reaches the checkout', async ({ browser }) => {
  test.setTimeout(180_000)
  const context = await browser.newContext({ locale: 'ro-RO', javaScriptEnabled: false })
  await withConsentCookie(context)
  const page = await context.newPage()
  await page.goto('/house')
  await page.getByLabel('Ce doriți să cumpărați').selectOption('pad')
  await page.getByLabel('Județ').selectOption('Cluj')
  await page.getByLabel('Localitate').fill('Cluj-Napoca')
  await page.getByLabel('Strada și numărul').fill('Str. Horea 12')
  await page.getByLabel('Materialul pereților exteriori').selectOption('unfired_brick')
  await page.getByLabel('Suprafața construită (m²)').fill('85')
  await page.getByLabel('Anul construcției').fill('1962')
  await page.getByLabel('Niveluri').fill('1')
  await page.getByLabel('Clasa de risc seismic').selectOption('I')
  await page.getByRole('button', { name: 'Compară ofertele' }).click()
  await expect(page.locator('#house-quote-seismic_risk_class-error')).toContainText('clasa I de risc seismic nu poate fi asigurată PAD')
  // What was typed is kept.
  await expect(page.getByLabel('Localitate')).toHaveValue('Cluj-Napoca')

  await page.getByLabel('Clasa de risc seismic').selectOption('')
  await page.getByRole('button', { name: 'Compară ofertele' }).click()
  await expect(page).toHaveURL(/\/house\?quote=[^&]+&wait=1/, { timeout: 60_000 })
  await expect(page.locator('.offers__progress')).toContainText('Emitentul a răspuns.') // PAD only: the pool is the one issuer asked
  const pad = page.locator('.offer').filter({ has: page.locator('.offer__cover[data-pad-type="B"]') })
  await expect(pad).toHaveCount(1)
  await expect(pad.locator('.offer__price')).toHaveAttribute('data-amount', '5000')
  await pad.getByRole('link', { name: /^Alege / }).click()
  await expect(page).toHaveURL(/\/checkout\?/)
  // Without JavaScript too, the confirmation repeats the home and the cover before paying.
  await expect(page.locator('.checkout-subject')).toContainText('Str. Horea 12, Cluj-Napoca, Cluj')
  await expect(page.locator('.checkout-subject')).toContainText('Doar PAD')
  await context.close()
})
