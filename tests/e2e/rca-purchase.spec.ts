/**
 * The RCA purchase in the browser (11 "Must show"): from a deep link to offers
 * that arrive one by one, a guest's checkout, the sandbox card processor's 3-D Secure page,
 * the live thank-you page, the PDF, the mail and the account's orders.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { cnpCheckDigit } from '../../src/contract/cnp'
import { readPdf } from '../support/pdf-text'
import { BASE_URL, MOBILE, expectNoSeriousAxeViolations, operatorToken, waitForHydration, withConsentCookie } from './support'
import { email } from './support-accounts'
import { fillBuyer, ioana, payByCard } from './support-checkout'

const VIN = 'UU1HSDAC5L5123456'
/** A man born on 1 January 1975 in Cluj: the claims history gives him his class. */
const first12 = '175010112345'
const CNP = `${first12}${cnpCheckDigit(first12)}`

const en = {
  registryFilled: 'We filled in the vehicle from its registration.',
  toOwner: 'Continue to the owner',
  toPolicy: 'Continue to the policy',
  compare: 'Compare the offers',
  allAnswered: /All \d+ insurers answered\./,
}

/** Vehicle (from the registry), owner and policy: the steps as a visitor fills them, in English. */
async function fillStepsInEnglish(page: Page) {
  await page.goto(`/en/rca/B123ABC/${VIN}`)
  await expect(page.getByText(en.registryFilled)).toBeVisible()
  await expect(page.getByLabel('Make', { exact: true })).not.toHaveValue('')
  await waitForHydration(page)
  await page.getByRole('button', { name: en.toOwner }).click()
  await expect(page).toHaveURL(/step=owner/)
  await page.getByLabel('CNP (personal numeric code)').fill(CNP)
  await page.getByLabel('Driving licence since').fill('1995-06-01')
  await page.getByLabel('County').selectOption('CJ')
  await page.getByLabel('Locality').fill('Cluj-Napoca')
  await page.getByRole('button', { name: en.toPolicy }).click()
  await expect(page).toHaveURL(/step=policy/)
}

/**
 * Records, in the page, every text the offers' progress line shows, from the document's start: each
 * count is seen however slowly the test reads it. Call before the page that shows the offers loads.
 */
async function recordProgress(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shown: string[] = []
    Object.assign(window, { __progressShown: shown })
    new MutationObserver(() => {
      const text = document.querySelector('.offers__progress')?.textContent ?? ''
      if (text && shown.at(-1) !== text) shown.push(text)
    }).observe(document, { subtree: true, childList: true, characterData: true })
  })
}

/** Waits until the quote completes; answers every count the progress line showed before (see `recordProgress`). */
async function watchProgress(page: Page): Promise<number[]> {
  await expect(page.locator('.offers__progress')).toHaveText(/All \d+|Toți cei \d+/, { timeout: 60_000 })
  const shown = await page.evaluate(() => (window as unknown as { __progressShown: string[] }).__progressShown)
  const seen = new Set<number>()
  for (const text of shown) {
    const counted = /(\d+) (?:of|din) \d+/.exec(text)
    if (counted) seen.add(Number(counted[1]))
  }
  return [...seen]
}

async function offerPrices(page: Page): Promise<number[]> {
  return page.locator('.offer__price').evaluateAll((nodes) => nodes.map((n) => Number(n.getAttribute('data-amount'))))
}

test('a guest compares RCA offers that arrive one by one, pays through 3-D Secure and gets the policy', async ({ page, request }) => {
  test.setTimeout(240_000)
  await withConsentCookie(page.context())
  await recordProgress(page)
  await fillStepsInEnglish(page)

  // Entries survive a reload and going back.
  await page.reload()
  await page.goBack()
  await expect(page.getByLabel('CNP (personal numeric code)')).toHaveValue(CNP)
  await page.goForward()

  await waitForHydration(page)
  await page.getByRole('button', { name: en.compare }).click()
  await expect(page).toHaveURL(/step=offers/)
  const counts = await watchProgress(page)
  // Offers came in while the page watched: more than one count before the last.
  expect(counts.length, `progress counts seen: ${counts.join(', ')}`).toBeGreaterThan(1)
  await expect(page.getByText(/Your bonus-malus class: [BM]\d/)).toBeVisible()
  const prices = await offerPrices(page)
  expect(prices.length).toBeGreaterThanOrEqual(8)
  expect(prices).toEqual([...prices].sort((a, b) => a - b))
  await expect(page.locator('.offer').first()).toContainText('Cheapest')
  // ASF's reference tariff for this driver's cell, beside the offers.
  const reference = page.locator('.offers__reference')
  await expect(reference).toContainText('ASF reference tariff for your profile')
  await expect(reference).toContainText(/for 12 months/)

  // Direct settlement: the toggle changes the prices without asking again.
  // A controlled box: it shows checked once the page's search says so.
  const toggle = page.getByLabel('With direct settlement (decontare directă)')
  await toggle.click()
  await expect(page).toHaveURL(/ds=1/)
  await expect(toggle).toBeChecked()
  const withDs = await offerPrices(page)
  expect(withDs.reduce((a, b) => a + b, 0)).toBeGreaterThan(prices.reduce((a, b) => a + b, 0))
  await toggle.click()
  await expect(page).not.toHaveURL(/ds=1/)
  await expect(toggle).not.toBeChecked()

  // The cheapest offer, as a guest.
  const cheapest = page.locator('.offer').first()
  const insurer = (await cheapest.locator('.offer__insurer').textContent()) ?? ''
  await cheapest.getByRole('link', { name: /^Choose / }).click()
  await expect(page).toHaveURL(/\/checkout\?/)
  await expect(page.getByText(insurer).first()).toBeVisible()
  // The confirmation before paying: plate, VIN, start and duration as the steps asked them.
  const summary = page.locator('.checkout-subject')
  await expect(summary).toContainText('B123ABC')
  await expect(summary).toContainText(VIN)
  await expect(summary.locator('dd').nth(3)).toHaveText(/^\d+ months?$/)
  await expectNoSeriousAxeViolations(page, '/checkout')
  const buyer = email()
  await fillBuyer(page, ioana(buyer))
  // The consent box is required: the sentence shows once, beside it.
  await page.getByRole('button', { name: /^Pay .* by card$/ }).click()
  await expect(page.getByText('Tick that you have read the insurance terms and the information notice, so you can pay.')).toHaveCount(1)
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: /^Pay .* by card$/ }).click()

  // The sandbox processor's card form, then its 3-D Secure page.
  await payByCard(page, '4000 0000 0000 3220', 'IOANA MARINESCU')
  await page.getByLabel('Code').fill('123456')
  await page.getByRole('button', { name: 'Confirm' }).click()

  // Back on /thank-you: the order moves to issued without a reload.
  await expect(page).toHaveURL(/\/thank-you\?order=/)
  const orderId = new URL(page.url()).searchParams.get('order') ?? ''
  await expect(page.locator('.order-progress')).toHaveAttribute('data-status', 'issued', { timeout: 60_000 })
  const policyLine = (await page.locator('.order-progress__policy').textContent()) ?? ''
  const number = /Policy (?:\S+ )?(\S+), valid/.exec(policyLine)?.[1] ?? ''
  expect(number).not.toBe('')

  // The PDF holds the policy number.
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download the policy (PDF)' }).click()
  const file = await (await download).createReadStream()
  const chunks: Buffer[] = []
  for await (const chunk of file) chunks.push(chunk as Buffer)
  const pdf = await readPdf(new Uint8Array(Buffer.concat(chunks)))
  expect(pdf.text).toContain(number)
  // The RCA policy itself: the vehicle and its owner (named as the buyer, the CNP partly masked).
  for (const printed of ['B123ABC', VIN, 'Ioana Marinescu', `${CNP.slice(0, 1)}********${CNP.slice(-4)}`]) expect(pdf.text).toContain(printed)
  expect(pdf.text).not.toContain(CNP)

  // The mail with the PDF, in the development mailbox.
  const mailbox = (await (await request.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(buyer)}`)).json()) as {
    data: { kind: string; attachments: { filename: string; content_type: string }[] }[]
  }
  const policyMail = mailbox.data.find((m) => m.kind === 'policy-issued')
  expect(policyMail?.attachments.map((a) => a.content_type)).toContain('application/pdf')

  // The checkout made the account and signed the buyer in: the order is in the account.
  await page.goto('/en/account/orders')
  await expect(page.locator(`tr[data-order="${orderId}"]`)).toHaveAttribute('data-status', 'issued')
  await expect(page.locator(`tr[data-order="${orderId}"]`)).toContainText(insurer)
})

test('on a phone, in Romanian, the offers arrive and sort the same way', async ({ browser }) => {
  test.setTimeout(180_000)
  const context = await browser.newContext({ locale: 'ro-RO', viewport: MOBILE, isMobile: true, hasTouch: true })
  await withConsentCookie(context)
  const page = await context.newPage()
  await recordProgress(page)
  await page.goto(`/rca/B123ABC/${VIN}`)
  await expect(page.getByText('Am completat vehiculul din registrul de înmatriculări.')).toBeVisible()
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Continuați cu proprietarul' }).click()
  await page.getByLabel('CNP (cod numeric personal)').fill(CNP)
  await page.getByLabel('Permis de conducere din').fill('1995-06-01')
  await page.getByLabel('Județ').selectOption('CJ')
  await page.getByLabel('Localitate').fill('Cluj-Napoca')
  await page.getByRole('button', { name: 'Continuați cu polița' }).click()
  await page.getByRole('button', { name: 'Compară ofertele' }).click()
  const counts = await watchProgress(page)
  expect(counts.length).toBeGreaterThan(1)
  const prices = await offerPrices(page)
  expect(prices.length).toBeGreaterThanOrEqual(8)
  expect(prices).toEqual([...prices].sort((a, b) => a - b))
  await expect(page.locator('.offer').first()).toContainText('Cea mai ieftină')
  // Nothing scrolls sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
  await expectNoSeriousAxeViolations(page, '/rca offers (phone)')
  await context.close()
})

test('without JavaScript the steps post, and the complete list of offers renders', async ({ browser }) => {
  test.setTimeout(180_000)
  const context = await browser.newContext({ locale: 'ro-RO', javaScriptEnabled: false })
  await withConsentCookie(context)
  const page = await context.newPage()
  // The home page's plate box starts it.
  await page.goto('/')
  await page.getByLabel('Număr de înmatriculare').fill('B 123 ABC')
  await page.getByLabel('VIN (opțional)').fill(VIN)
  await page.getByRole('button', { name: 'Vezi ofertele' }).click()
  await expect(page).toHaveURL(new RegExp(`/rca/B123ABC/${VIN}`))
  await page.getByRole('button', { name: 'Continuați cu proprietarul' }).click()
  await expect(page).toHaveURL(/step=owner/)
  // A wrong CNP comes back with its sentence beside the field, what was typed kept.
  await page.locator('#rca-owner-cnp').fill('1750101123456')
  await page.getByRole('button', { name: 'Continuați cu polița' }).click()
  await expect(page.locator('#rca-owner-cnp-error')).toHaveCount(1)
  await page.locator('#rca-owner-cnp').fill(CNP)
  await page.locator('#rca-owner-driving_licence_since').fill('1995-06-01')
  await page.getByLabel('Județ').selectOption('CJ')
  await page.getByLabel('Localitate').fill('Cluj-Napoca')
  await page.getByRole('button', { name: 'Continuați cu polița' }).click()
  await expect(page).toHaveURL(/step=policy/)
  await page.getByRole('button', { name: 'Compară ofertele' }).click()
  await expect(page).toHaveURL(/step=offers/, { timeout: 60_000 })
  await expect(page.locator('.offers__progress')).toContainText(/Toți cei \d+ asigurători au răspuns/)
  const prices = await offerPrices(page)
  expect(prices.length).toBeGreaterThanOrEqual(8)
  expect(prices).toEqual([...prices].sort((a, b) => a - b))
  await context.close()
})

test('an expired or unknown offer cannot be paid', async ({ page }) => {
  await withConsentCookie(page.context())
  await page.goto('/en/checkout?offer=AAAAAAAAAAAAAAAAAAAAAA&quote=BBBBBBBBBBBBBBBBBBBBBB')
  await expect(page.getByRole('heading', { name: 'This offer cannot be bought' })).toBeVisible()
  await expect(page.getByRole('button', { name: /by card/ })).toHaveCount(0)
})

test('a 19-year-old sees that insurers ask more than ASF’s reference tariff, and where to ask BAAR for an insurer', async ({ page, request }) => {
  test.setTimeout(180_000)
  await withConsentCookie(page.context())
  // Born in November 2007, licence for a year and a half, a 120 kW car in Cluj: every insurer asks more than the reference.
  const young12 = '507110140002'
  const tomorrow = new Date(Date.now() + 36 * 3600_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Bucharest' })
  const made = await request.post('/api/v1/products/rca/quotes', {
    headers: { 'x-forwarded-for': '198.51.100.84' },
    data: {
      vehicle: { registration_plate: 'CJ 19 YNG', vin: VIN, category: 'car', make: 'Volkswagen', model: 'Golf', engine_capacity_cc: 1984, power_kw: 120, total_mass_kg: 1800, seats: 5, fuel: 'petrol', first_registration: '2019-04-10', usage: 'personal' },
      owner: { type: 'person', cnp: `${young12}${cnpCheckDigit(young12)}`, driving_licence_since: '2025-06-01', county: 'CJ', locality: 'Cluj-Napoca' },
      policy: { start_date: tomorrow, months: 12, direct_settlement: false },
      token: '',
    },
  })
  expect(made.status(), await made.text()).toBe(201)
  const { id } = ((await made.json()) as { data: { id: string } }).data
  await page.goto(`/en/rca?step=offers&quote=${id}`)
  await expect(page.locator('.offers__progress')).toContainText(en.allAnswered, { timeout: 60_000 })
  const reference = page.locator('.offers__reference')
  await expect(reference).toHaveAttribute('data-baar', 'yes')
  await expect(reference).toContainText(/more than the reference tariff for 12 months/)
  const link = reference.getByRole('link', { name: /How to ask BAAR for an insurer/ })
  await expect(link).toHaveAttribute('href', 'https://www.baar.ro/asigurati-cu-risc-ridicat/')
  // Every offer is above the amount shown.
  const shown = Number(await reference.getAttribute('data-reference-amount'))
  for (const price of await offerPrices(page)) expect(price).toBeGreaterThan(shown)
  await expectNoSeriousAxeViolations(page, '/rca offers with the BAAR notice')
})

type ApiQuote = { id: string; status: string; insurers_answered: number; offers: { id: string; status: string; premium: { amount: number } | null }[] }

/** An RCA quote made and followed through the API until every insurer answered (`ip`: its own client address, for the per-address limits). */
async function quoteThroughApi(request: APIRequestContext, ip = '198.51.100.81'): Promise<ApiQuote> {
  const tomorrow = new Date(Date.now() + 36 * 3600_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Bucharest' })
  const made = await request.post('/api/v1/products/rca/quotes', {
    headers: { 'x-forwarded-for': ip },
    data: {
      vehicle: { registration_plate: 'B123ABC', vin: VIN, category: 'car', make: 'Dacia', model: 'Logan', engine_capacity_cc: 999, power_kw: 67, total_mass_kg: 1600, seats: 5, fuel: 'petrol', first_registration: '2021-05-10', usage: 'personal' },
      owner: { type: 'person', cnp: CNP, driving_licence_since: '1995-06-01', county: 'CJ', locality: 'Cluj-Napoca' },
      policy: { start_date: tomorrow, months: 6, direct_settlement: false },
      token: '',
    },
  })
  expect(made.status(), await made.text()).toBe(201)
  let quote = ((await made.json()) as { data: ApiQuote }).data
  while (quote.status !== 'complete') {
    const polled = await request.get(`/api/v1/quotes/${quote.id}?after=${quote.insurers_answered}&wait=20`)
    quote = ((await polled.json()) as { data: ApiQuote }).data
  }
  return quote
}

test('a declined card leads back to paying again, and a good card then issues the policy', async ({ page, request }) => {
  test.setTimeout(180_000)
  await withConsentCookie(page.context())
  // The comparison is prepared through the API (its journey is the first test's).
  const quote = await quoteThroughApi(request)
  const offer = quote.offers.find((o) => o.status === 'offered')
  expect(offer).toBeDefined()

  await page.goto(`/en/checkout?offer=${offer?.id}&quote=${quote.id}`)
  // A locality of another county is refused beside the field (SIRUTA, decision 108); the right one is taken.
  await fillBuyer(page, { email: email(), first: 'Mihai', last: 'Popa', phone: '0733123456', locality: 'Pașcani', street: 'Str. Republicii 5' })
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: /^Pay .* by card$/ }).click()
  await expect(page.locator('#checkout-city-error')).toHaveText(/^This town is not in the chosen county\./)
  await page.getByLabel('Locality').fill('Turda')
  await page.getByRole('button', { name: /^Pay .* by card$/ }).click()

  await payByCard(page, '4000 0000 0000 0002', 'MIHAI POPA')
  await expect(page).toHaveURL(/\/thank-you\?order=/)
  await expect(page.locator('.order-progress')).toHaveAttribute('data-status', 'payment_failed', { timeout: 60_000 })
  await expect(page.getByText('The card was refused. Nothing was charged; you can pay again.')).toBeVisible()

  await page.getByRole('button', { name: 'Pay again' }).click()
  await payByCard(page, '4111 1111 1111 1111', 'MIHAI POPA')
  await expect(page.locator('.order-progress')).toHaveAttribute('data-status', 'issued', { timeout: 60_000 })
})

test('a wrong 3-D Secure code: the page speaks of the failed payment and how to pay again, never of thanks', async ({ page, request }) => {
  test.setTimeout(180_000)
  await withConsentCookie(page.context())
  const quote = await quoteThroughApi(request, '198.51.100.84')
  const offer = quote.offers.find((o) => o.status === 'offered')
  expect(offer).toBeDefined()
  await page.goto(`/en/checkout?offer=${offer?.id}&quote=${quote.id}`)
  await fillBuyer(page, { email: email(), first: 'Ana', last: 'Codreanu', phone: '0733123458', locality: 'Turda', street: 'Str. Republicii 9' })
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: /^Pay .* by card$/ }).click()
  await payByCard(page, '4000 0000 0000 3220', 'ANA CODREANU')
  await page.getByLabel('Code').fill('000000')
  await page.getByRole('button', { name: 'Confirm' }).click()

  await expect(page).toHaveURL(/\/thank-you\?order=/)
  await expect(page.locator('.order-progress')).toHaveAttribute('data-status', 'payment_failed', { timeout: 60_000 })
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The payment did not go through')
  await expect(page.getByText('The card’s 3-D Secure check failed', { exact: false })).toBeVisible()
  await expect(page.getByText('The card was refused', { exact: false })).toHaveCount(0)
  await expect(page.getByText('As soon as the payment is confirmed', { exact: false })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Pay again' })).toBeVisible()

  // The same page as first painted by the server, in Romanian.
  const order = new URL(page.url()).searchParams.get('order') ?? ''
  await page.context().addCookies([{ name: 'locale', value: 'ro', url: BASE_URL }])
  await page.goto(`/thank-you?order=${order}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plata nu a reușit')
  await expect(page).toHaveTitle(/^Plata a eșuat/)
  await expect(page.locator('main')).not.toContainText('Vă mulțumim pentru comandă')
  await expect(page.locator('main')).not.toContainText('Imediat ce plata este confirmată')
  await expect(page.getByText('Verificarea 3-D Secure a cardului nu a reușit', { exact: false })).toBeVisible()
  await expect(page.getByText('Pentru a plăti din nou, apăsați „Plătiți din nou”', { exact: false })).toBeVisible()
})

test('the old payment page of an offer that ran out is still paid: refunded, nothing issued, fresh offers in one click', async ({ page, request }) => {
  test.setTimeout(180_000)
  await withConsentCookie(page.context())
  const quote = await quoteThroughApi(request, '198.51.100.83')
  const offer = quote.offers.find((o) => o.status === 'offered')
  expect(offer).toBeDefined()
  await page.goto(`/en/checkout?offer=${offer?.id}&quote=${quote.id}`)
  await fillBuyer(page, { email: email(), first: 'Radu', last: 'Late', phone: '0733123457', locality: 'Turda', street: 'Str. Republicii 7' })
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: /^Pay .* by card$/ }).click()
  await expect(page.getByLabel('Card number')).toBeVisible({ timeout: 60_000 })

  // The offer runs out while the card page is open; the buyer pays it anyway (decision 91).
  const expired = await request.post(`/api/v1/operator/quotes/${quote.id}/expire`, { headers: { authorization: `Bearer ${operatorToken()}` } })
  expect(expired.status(), await expired.text()).toBe(200)
  await payByCard(page, '4111 1111 1111 1111', 'RADU LATE')
  await expect(page).toHaveURL(/\/thank-you\?order=/)
  await expect(page.locator('.order-progress')).toHaveAttribute('data-status', 'expired', { timeout: 60_000 })
  await expect(page.getByText('The payment came after the offer expired or after the cover was due to start, so no policy was issued and the payment is refunded in full.', { exact: false })).toBeVisible()
  await expectNoSeriousAxeViolations(page, '/thank-you (paid too late)')

  await waitForHydration(page)
  await page.getByRole('button', { name: 'Get fresh offers with the same details' }).click()
  await expect(page).toHaveURL(/\/rca\?.*step=offers/, { timeout: 60_000 })
  expect(new URL(page.url()).searchParams.get('quote')).not.toBe(quote.id)
})

test('an offer that runs out while the details are typed is not paid, and fresh offers come with the same details', async ({ page, request }) => {
  test.setTimeout(180_000)
  await withConsentCookie(page.context())
  const quote = await quoteThroughApi(request, '198.51.100.82')
  const offer = quote.offers.find((o) => o.status === 'offered')
  expect(offer).toBeDefined()
  await page.goto(`/en/checkout?offer=${offer?.id}&quote=${quote.id}`)
  const period = (await page.locator('.summary-list dd').nth(2).textContent()) ?? ''
  await waitForHydration(page)
  await page.getByLabel('First name').fill('Elena')
  await page.getByLabel('Last name').fill('Stan')
  await page.getByLabel('E-mail').fill(email())
  await page.getByLabel('Phone').fill('0744123456')
  await page.getByLabel('County').selectOption('Cluj')
  await page.getByLabel('Locality').fill('Dej')
  await page.getByLabel('Street, number, building, flat').fill('Str. Unirii 3')
  await page.getByRole('checkbox').check()

  // The insurer withdraws its prices meanwhile (the operator's switch; the same as the 30 minutes running out).
  const expired = await request.post(`/api/v1/operator/quotes/${quote.id}/expire`, { headers: { authorization: `Bearer ${operatorToken()}` } })
  expect(expired.status(), await expired.text()).toBe(200)
  await page.getByRole('button', { name: /^Pay .* by card$/ }).click()
  await expect(page.getByRole('heading', { name: 'This offer has expired' })).toBeVisible()
  await expect(page.getByText('Nothing was charged.', { exact: false })).toBeVisible()
  await expect(page.getByRole('button', { name: /by card/ })).toHaveCount(0)
  await expect(page).toHaveURL(/\/checkout\?/)
  await expectNoSeriousAxeViolations(page, '/checkout (expired)')

  // Opened again later, the page says the same at once.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'This offer has expired' })).toBeVisible()
  await expect(page.getByLabel('First name')).toHaveCount(0)

  // One button asks the insurers again with what was entered: the RCA offers of a new quote.
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Get fresh offers with the same details' }).click()
  await expect(page).toHaveURL(/\/rca\?.*step=offers/, { timeout: 60_000 })
  const renewed = new URL(page.url()).searchParams.get('quote')
  expect(renewed).toMatch(/^[A-Za-z0-9_-]{22}$/)
  expect(renewed).not.toBe(quote.id)
  await expect(page.locator('.offers__progress')).toContainText(en.allAnswered, { timeout: 60_000 })
  expect((await offerPrices(page)).length).toBeGreaterThan(0)

  // The same request: a fresh offer covers the same period, and can be bought.
  await page.locator('.offer').first().getByRole('link', { name: /^Choose / }).click()
  await expect(page).toHaveURL(/\/checkout\?/)
  await expect(page.locator('.summary-list dd').nth(2)).toHaveText(period)
  await expect(page.getByRole('button', { name: /^Pay .* by card$/ })).toBeVisible()
})

test('the checkout hands over the insurer’s documents and the broker’s notice, with and without JavaScript; the footer names the broker', async ({ page, browser, request }) => {
  test.setTimeout(180_000)
  await withConsentCookie(page.context())
  const quote = await quoteThroughApi(request, '198.51.100.83')
  const offer = quote.offers.find((o) => o.status === 'offered')!
  await page.goto(`/en/checkout?offer=${offer.id}&quote=${quote.id}`)
  const documents = page.getByTestId('checkout-documents')
  const ipid = documents.getByRole('link', { name: /^Product information document \(IPID\)/ })
  const conditions = documents.getByRole('link', { name: /^General conditions/ })
  await expect(ipid).toHaveAttribute('href', `/offers/${offer.id}/documents/ipid`)
  await expect(conditions).toHaveAttribute('href', `/offers/${offer.id}/documents/general_conditions`)
  for (const link of [ipid, conditions]) {
    const pdf = await request.get((await link.getAttribute('href'))!)
    expect(pdf.status()).toBe(200)
    expect(pdf.headers()['content-type']).toBe('application/pdf')
  }
  // The notice, in full: who we are, the ASF registration, for whom we act, the commission, complaints.
  const notice = documents.getByTestId('broker-notice')
  await expect(notice).toContainText('is an insurance broker, entered in the register of insurance intermediaries')
  await expect(notice).toContainText('RBK-9999')
  await expect(notice).toContainText('We act on your behalf, not on an insurer’s.')
  await expect(notice).toContainText('the insurer pays us a commission')
  await expect(notice).toContainText('reclamatii@asiguro.ro')
  const footer = page.locator('footer.site-footer').getByTestId('broker-details')
  for (const detail of ['Asiguro Broker de Asigurare SRL', 'RO48712038', 'J40/4871/2019', 'RBK-9999', 'Str. Exemplului nr. 10', '+40 21 555 0100', 'reclamatii@asiguro.ro']) await expect(footer).toContainText(detail)
  await expectNoSeriousAxeViolations(page, '/checkout with its documents')

  // Without JavaScript the links are there all the same, and the box accepts the editions shown.
  const context = await browser.newContext({ javaScriptEnabled: false })
  try {
    const plain = await context.newPage()
    await plain.goto(`${BASE_URL}/en/checkout?offer=${offer.id}&quote=${quote.id}`)
    await expect(plain.getByTestId('checkout-documents').getByRole('link', { name: /^Product information document \(IPID\)/ })).toHaveAttribute('href', `/offers/${offer.id}/documents/ipid`)
    await expect(plain.locator('input[name="accepted_documents"]')).toHaveValue(/^ipid:\S+ general_conditions:\S+ broker_notice:broker:\d{4}-\d{2}-\d{2}$/)
  } finally {
    await context.close()
  }
})
