/**
 * The account area in a browser: a vehicle, two full-tank fills giving consumption
 * and the cost chart, a note with a reminder, preferences that follow the account to a fresh
 * browser, and the calendar feed holding the ITP deadline (parsed with ical.js); a vehicle added
 * by a registry look-up (and one the registry does not know); bad input refused beside its
 * field, changing nothing, with and without JavaScript.
 */
import { randomInt } from 'node:crypto'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import ICAL from 'ical.js'
import { solveAltcha, type AltchaChallenge } from '../../src/contract/altcha-solver'
import { email, password, registerThroughApi as register, signIn } from './support-accounts'
import { expectNoSeriousAxeViolations, waitForHydration, withConsentCookie } from './support'

test.beforeEach(async ({ context }) => withConsentCookie(context))
test.describe.configure({ timeout: 180_000 })

test('vehicle, diary with consumption and chart, note reminder, preferences on a fresh browser, calendar feed', async ({ page, request, browser }) => {
  const address = email()
  await register(page, request, address)

  // A vehicle.
  await page.goto('/account/vehicles')
  await waitForHydration(page)
  await page.getByLabel('Număr de înmatriculare').fill('b 77 xyz')
  await page.getByLabel('Seria de șasiu (VIN, opțional)').fill('WVWZZZ1JZXW000001')
  await page.getByLabel('Marca').fill('Dacia')
  await page.locator('#vehicle-add-itp_due_date').fill('2027-05-20')
  await page.getByRole('button', { name: 'Adăugați vehiculul' }).click()
  const link = page.getByRole('link', { name: 'B77XYZ' })
  await expect(link).toBeVisible()
  // Checked without the success toast (the shared toaster's own colours are not this page's).
  await page.reload()
  await waitForHydration(page)
  await expectNoSeriousAxeViolations(page, 'vehicles')
  await link.click()
  await expect(page.getByRole('heading', { level: 1, name: 'B77XYZ' })).toBeVisible()
  await expect(page.getByTestId('papers')).toContainText('Scadent pe')
  const vehicleUrl = new URL(page.url()).pathname

  // Two full-tank fills: 35 litres over 500 km is 7 l/100 km.
  for (const fill of [
    { date: '2026-10-01', km: '10000', litres: '40', amount: '300' },
    { date: '2026-11-01', km: '10500', litres: '35', amount: '262,50' },
  ]) {
    await page.goto(`${vehicleUrl}/diaries/create`)
    await waitForHydration(page)
    await page.locator('#diary-add-date').fill(fill.date)
    await page.getByLabel('Suma (lei)').fill(fill.amount)
    await page.getByLabel('Kilometraj (km, opțional)').fill(fill.km)
    await page.getByLabel('Litri (pentru carburant)').fill(fill.litres)
    await page.getByLabel(/Plinul făcut/).check()
    await page.getByRole('button', { name: 'Adăugați înregistrarea' }).click()
    await expect(page).toHaveURL(new RegExp(`${vehicleUrl}/diaries$`))
  }
  await expect(page.getByTestId('consumption')).toHaveText('7 l/100 km')
  await expect(page.getByTestId('cost-chart')).toBeVisible()
  await expect(page.getByRole('table').first()).toContainText('262,50 lei')
  // Drawn under the page's own CSP: nothing refused, a coloured legend, amounts on the axis.
  const refused: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text())
  })
  await page.reload()
  await waitForHydration(page)
  const swatch = page.locator('.chart-legend li').first().locator('rect')
  await expect(swatch).toHaveAttribute('fill', /^#[0-9A-F]{6}$/i)
  expect(await swatch.evaluate((rect) => getComputedStyle(rect).fill)).toMatch(/^rgb\(/)
  await expect(page.getByTestId('cost-chart').locator('[data-axis="amount"] text').first()).toHaveText('0,00 lei')
  expect(await page.getByTestId('cost-chart').locator('[data-axis="amount"] text').count()).toBeGreaterThanOrEqual(3)
  expect(refused).toEqual([])
  await expectNoSeriousAxeViolations(page, 'diary')

  // An odometer going backwards is refused with a sentence.
  await page.goto(`${vehicleUrl}/diaries/create`)
  await waitForHydration(page)
  await page.locator('#diary-add-date').fill('2026-11-15')
  await page.getByLabel('Suma (lei)').fill('50')
  await page.getByLabel('Kilometraj (km, opțional)').fill('9000')
  await page.getByRole('button', { name: 'Adăugați înregistrarea' }).click()
  await expect(page.locator('.field--invalid')).toContainText('Kilometrajul nu poate fi mai mic')

  // A note with a reminder.
  await page.goto(`${vehicleUrl}/notes/create`)
  await waitForHydration(page)
  await page.getByLabel('Titlul').fill('Schimb de ulei')
  await page.getByLabel('Textul').fill('Vezi https://example.ro/ulei <b>nu e HTML</b>')
  await page.getByLabel('Amintiți-mi pe (opțional)').fill('2030-01-15T09:30')
  await page.getByRole('button', { name: 'Salvați notița' }).click()
  await expect(page).toHaveURL(new RegExp(`${vehicleUrl}/notes$`))
  await expect(page.getByText(/Memento pe 15 ianuarie 2030/)).toBeVisible()
  await expect(page.getByRole('link', { name: 'https://example.ro/ulei' })).toHaveAttribute('href', 'https://example.ro/ulei')
  await expect(page.locator('.note-body b')).toHaveCount(0)

  // Preferences: English and dark.
  await page.goto('/account/preferences')
  await waitForHydration(page)
  await page.locator('#preferences-language').selectOption('en')
  await page.locator('#preferences-theme').selectOption('dark')
  await page.getByRole('button', { name: 'Salvați preferințele' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  const feedUrl = await page.getByTestId('calendar-url').inputValue()

  // A fresh browser signs in and gets them.
  const context = await browser.newContext({ locale: 'ro-RO', timezoneId: 'Europe/Bucharest' })
  await withConsentCookie(context)
  const other = await context.newPage()
  await other.goto('/authenticate')
  await waitForHydration(other)
  await expect(other.locator('html')).toHaveAttribute('lang', 'ro')
  await signIn(other, address, password)
  await expect(other).toHaveURL(/\/account\/orders$/, { timeout: 60_000 })
  await other.reload()
  await expect(other.locator('html')).toHaveAttribute('lang', 'en')
  await expect(other.locator('html')).toHaveAttribute('data-theme', 'dark')
  await context.close()

  // The calendar feed holds the ITP deadline.
  const feed = await request.get(new URL(feedUrl).pathname)
  expect(feed.status()).toBe(200)
  const calendar = new ICAL.Component(ICAL.parse(await feed.text()) as unknown[])
  const events = calendar.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e))
  const itp = events.find((e) => e.uid.startsWith('itp-'))
  expect(itp?.startDate.toString()).toBe('2027-05-20')
  expect(itp?.summary).toContain('B77XYZ')
  expect(events.some((e) => e.summary.includes('Schimb de ulei'))).toBe(true)
})

/** The registry sandbox's documented vehicle (docs/tariffs.md). */
const KNOWN = { plate: 'B 123 ABC', vin: 'UU1HSDAC5L5123456' }
const NOT_FOUND = 'Registrul auto nu cunoaște un vehicul cu acest număr și acest VIN. Verificați-le sau completați manual marca, modelul și tipul.'

async function fillPlateAndVin(page: Page, plate: string, vin: string) {
  await page.getByLabel('Număr de înmatriculare').fill(plate)
  await page.getByLabel('Seria de șasiu (VIN, opțional)').fill(vin)
}

test('add a vehicle by looking it up in the vehicle registry, and one it does not know by typing it in', async ({ page, request }) => {
  await register(page, request, email())
  await page.goto('/account/vehicles')
  await waitForHydration(page)

  await fillPlateAndVin(page, KNOWN.plate, KNOWN.vin)
  await page.getByRole('button', { name: 'Căutați-l în registrul auto' }).click()
  await expect(page.getByTestId('registry-answer')).toHaveText('Găsit în registrul auto: DACIA DUSTER, Autoturism. Verificați datele de mai jos, apoi adăugați vehiculul.')
  await expect(page.getByLabel('Marca')).toHaveValue('DACIA')
  await expect(page.getByLabel('Modelul')).toHaveValue('DUSTER')
  await expect(page.getByLabel('Număr de înmatriculare')).toHaveValue('B123ABC')
  await page.getByRole('button', { name: 'Adăugați vehiculul' }).click()
  await expect(page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'B123ABC' }) })).toContainText('DACIA DUSTER · Autoturism')
  // The form is empty again for the next one.
  await expect(page.getByLabel('Marca')).toHaveValue('')

  // A plate and VIN the registry does not know: a sentence says so, and the details are typed in.
  await fillPlateAndVin(page, 'CJ 55 ZZZ', KNOWN.vin)
  await page.getByRole('button', { name: 'Căutați-l în registrul auto' }).click()
  await expect(page.getByTestId('registry-answer')).toHaveText(NOT_FOUND)
  await expect(page.getByLabel('Marca')).toHaveValue('')
  await page.getByLabel('Marca').fill('Lada')
  await page.getByLabel('Modelul').fill('Niva')
  await page.getByRole('button', { name: 'Adăugați vehiculul' }).click()
  await expect(page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'CJ55ZZZ' }) })).toContainText('Lada Niva')

  // A look-up needs the VIN: its sentence beside the VIN field, nothing else changes.
  await page.getByLabel('Număr de înmatriculare').fill('B 45 XYZ')
  await page.getByRole('button', { name: 'Căutați-l în registrul auto' }).click()
  await expect(page.locator('#vehicle-add-vin-error')).toHaveText('Introduceți și seria de șasiu (VIN): registrul caută vehiculul după număr și VIN împreună.')
  await expect(page.getByLabel('Marca')).toHaveValue('')
})

/** A bearer of the account through the API (captcha solved as a browser would), to prepare data quickly. */
async function apiBearer(request: APIRequestContext, address: string): Promise<string> {
  const challenge = (await (await request.get('/api/v1/captcha/challenge')).json()) as AltchaChallenge
  const response = await request.post('/api/v1/auth/login', { headers: { 'x-forwarded-for': `198.18.${randomInt(256)}.${randomInt(1, 255)}` }, data: { email: address, password, token: await solveAltcha(challenge) } })
  expect(response.status(), await response.text()).toBe(200)
  return ((await response.json()) as { access_token: string }).access_token
}

test('bad input is refused beside its field and changes nothing: a negative amount, a 20 000-character note, a 51st vehicle', async ({ page, request }) => {
  const address = email()
  await register(page, request, address)
  const headers = { authorization: `Bearer ${await apiBearer(request, address)}` }
  // 49 vehicles through the API; the page then offers the form for a 50th.
  for (let n = 1; n <= 49; n++) {
    const res = await request.post('/api/v1/vehicles', { headers, data: { registration_plate: `B ${String(n).padStart(3, '0')} LIM` } })
    expect(res.status(), await res.text()).toBe(201)
  }
  const vehicle = ((await (await request.get('/api/v1/vehicles?per_page=1', { headers })).json()) as { data: { id: string }[] }).data[0]!.id

  // A negative amount: the sentence beside the amount, no entry made.
  await page.goto(`/account/vehicles/${vehicle}/diaries/create`)
  await waitForHydration(page)
  await page.getByLabel('Suma (lei)').fill('-20')
  await page.getByRole('button', { name: 'Adăugați înregistrarea' }).click()
  await expect(page.locator('#diary-add-amount-error')).toHaveText('Suma nu poate fi negativă.')
  await expect(page.getByLabel('Suma (lei)')).toBeFocused() // the click reached the button: the submit's check focuses the field
  await expect(page).toHaveURL(/\/diaries\/create$/)
  expect(((await (await request.get(`/api/v1/vehicles/${vehicle}/diaries`, { headers })).json()) as { meta: { total: number } }).meta.total).toBe(0)

  // A 20 000-character note: the sentence beside the text, no note made.
  await page.goto(`/account/vehicles/${vehicle}/notes/create`)
  await waitForHydration(page)
  await page.getByLabel('Titlul').fill('Prea lungă')
  await page.getByLabel('Textul').fill('x'.repeat(20_000))
  await page.getByRole('button', { name: 'Salvați notița' }).click()
  await expect(page.locator('#note-add-body-error')).toHaveText('Textul notiței poate avea cel mult 10.000 de caractere. Scurtați-l sau împărțiți-l în mai multe notițe.')
  expect(((await (await request.get(`/api/v1/vehicles/${vehicle}/notes`, { headers })).json()) as { meta: { total: number } }).meta.total).toBe(0)

  // A 51st vehicle: the page opened at 49, the 50th arrives elsewhere, the form's becomes the 51st.
  await page.goto('/account/vehicles')
  await waitForHydration(page)
  expect((await request.post('/api/v1/vehicles', { headers, data: { registration_plate: 'B 050 LIM' } })).status()).toBe(201)
  await page.getByLabel('Număr de înmatriculare').fill('B 051 LIM')
  await page.getByRole('button', { name: 'Adăugați vehiculul' }).click()
  await expect(page.locator('#vehicle-add-registration_plate-error')).toHaveText('Puteți avea cel mult 50 de vehicule în cont. Ștergeți unul pe care nu îl mai folosiți pentru a adăuga altul.')
  expect(((await (await request.get('/api/v1/vehicles?per_page=1', { headers })).json()) as { meta: { total: number } }).meta.total).toBe(50)
  // Once the page knows, it says so instead of offering the form.
  await page.reload()
  await expect(page.getByTestId('vehicle-limit')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Adăugați vehiculul' })).toHaveCount(0)
})

test('without JavaScript: the look-up fills the add form, a vehicle is added and removed, a bad amount comes back beside its field', async ({ browser, page, request }) => {
  await register(page, request, email())
  const context = await browser.newContext({ locale: 'ro-RO', javaScriptEnabled: false, storageState: await page.context().storageState() })
  const plain = await context.newPage()

  await plain.goto('/account/vehicles')
  await fillPlateAndVin(plain, KNOWN.plate, KNOWN.vin)
  await plain.getByRole('button', { name: 'Căutați-l în registrul auto' }).click()
  await expect(plain).toHaveURL(/\/account\/vehicles$/)
  await expect(plain.getByLabel('Marca')).toHaveValue('DACIA')
  await expect(plain.getByLabel('Modelul')).toHaveValue('DUSTER')
  await plain.getByRole('button', { name: 'Adăugați vehiculul' }).click()
  await expect(plain).toHaveURL(/\/account\/vehicles$/)
  const card = plain.getByRole('listitem').filter({ has: plain.getByRole('link', { name: 'B123ABC' }) })
  await expect(card).toContainText('DACIA DUSTER')

  // One the registry does not know: the sentence comes back with what was typed.
  await fillPlateAndVin(plain, 'CJ 55 ZZZ', KNOWN.vin)
  await plain.getByRole('button', { name: 'Căutați-l în registrul auto' }).click()
  await expect(plain.getByRole('alert')).toHaveText(NOT_FOUND)
  await expect(plain.getByLabel('Număr de înmatriculare')).toHaveValue('CJ 55 ZZZ')

  // A negative amount, posted by the browser itself: back on the form, the sentence beside the amount.
  await card.getByRole('link', { name: 'B123ABC' }).click()
  const vehicleUrl = new URL(plain.url()).pathname
  await plain.goto(`${vehicleUrl}/diaries/create`)
  await plain.getByLabel('Suma (lei)').fill('-20')
  await plain.getByRole('button', { name: 'Adăugați înregistrarea' }).click()
  await expect(plain).toHaveURL(/\/diaries\/create$/)
  await expect(plain.locator('#diary-add-amount-error')).toHaveText('Suma nu poate fi negativă.')
  await expect(plain.getByLabel('Suma (lei)')).toHaveValue('-20')
  await plain.getByLabel('Suma (lei)').fill('20')
  await plain.getByRole('button', { name: 'Adăugați înregistrarea' }).click()
  await expect(plain).toHaveURL(new RegExp(`${vehicleUrl}/diaries$`))
  await expect(plain.getByRole('table').first()).toContainText('20,00 lei')

  // Removing asks first (a disclosure), then goes.
  await plain.goto('/account/vehicles')
  await card.getByText('Ștergeți…').click()
  await card.getByRole('button', { name: 'Da, ștergeți-l' }).click()
  await expect(plain.getByRole('link', { name: 'B123ABC' })).toHaveCount(0)
  await context.close()
})
