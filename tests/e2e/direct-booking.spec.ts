/**
 * Direct booking in a browser: a signed-in driver asks for help with the phone's
 * position (granted to the browser), sees the accident guidance, and watches the request's status
 * change live when the operator moves it; a guest sends one with a plate and an e-mail.
 */
import { expect, test, type Page } from '@playwright/test'
import { REFERENCE_PATTERN } from '../../src/contract/direct-booking-constants'
import { email, mailTo, registerThroughApi } from './support-accounts'
import { BASE_URL, expectNoSeriousAxeViolations, MOBILE, operatorToken, waitForHydration, withConsentCookie } from './support'

test.beforeEach(async ({ context }) => withConsentCookie(context))
const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notificări/ })

test('a signed-in driver sends a request with the phone’s position and sees its status change live', async ({ page, context, request }) => {
  await registerThroughApi(page, request, email())
  await context.grantPermissions(['geolocation'])
  await context.setGeolocation({ latitude: 44.4268, longitude: 26.1025, accuracy: 25 })

  await page.goto('/directbooking')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Asistență rutieră și ajutor la daune' })).toBeVisible()
  await expect(bell(page)).toHaveAttribute('data-state-live', 'connected', { timeout: 60_000 })

  // An accident with the other party: the page walks through the amicable report.
  await page.getByLabel('Ce s-a întâmplat?').selectOption('accident_with_other_party')
  await expect(page.getByRole('heading', { name: 'Constatarea amiabilă' })).toBeVisible()
  await expect(page.getByText('sunt implicate exact două vehicule;')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Cine plătește: decontarea directă' })).toBeVisible()

  // No vehicle in the account yet: the plate is typed. The position replaces the address.
  await page.getByLabel('Număr de înmatriculare').fill('b 55 dbk')
  await page.getByRole('button', { name: 'Folosiți poziția telefonului' }).click()
  await expect(page.getByText('Poziția a fost adăugată: 44.426800, 26.102500 (cu o precizie de aproximativ 25 m).')).toBeVisible()
  await page.getByLabel('Număr de telefon').fill('0722 123 456')
  await expectNoSeriousAxeViolations(page, 'direct booking form')

  // A wrong phone number is explained beside the field before anything is sent.
  await page.getByLabel('Număr de telefon').fill('12345')
  await page.getByRole('button', { name: 'Trimiteți cererea' }).click()
  await expect(page.getByText('Scrieți un număr de telefon valid')).toBeVisible()
  await page.getByLabel('Număr de telefon').fill('0722 123 456')
  await page.getByRole('button', { name: 'Trimiteți cererea' }).click()

  await expect(page).toHaveURL(/\/directbooking\?ref=DB-/, { timeout: 60_000 })
  const reference = new URL(page.url()).searchParams.get('ref')!
  expect(reference).toMatch(REFERENCE_PATTERN)
  const card = page.getByRole('article', { name: `Cererea ${reference}` })
  await expect(card.getByRole('status')).toHaveText('Stare: Primită')
  await expect(card).toContainText('B55DBK')
  await expect(card).toContainText('44.4268, 26.1025')
  await expect(card.getByRole('heading', { name: 'Constatarea amiabilă' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Cererile dumneavoastră' }).getByRole('link', { name: reference })).toBeVisible()

  // The operator sends help: the card changes without a reload, and a toast says so.
  const moved = await request.post(`/api/v1/operator/direct-bookings/${reference}/status`, { headers: { authorization: `Bearer ${operatorToken()}` }, data: { status: 'dispatched' } })
  expect(moved.status(), await moved.text()).toBe(200)
  // The toast first: it lasts 5 s of real time, the card's status stays.
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: `Ajutorul este pe drum spre B55DBK (${reference}).` })).toBeVisible({ timeout: 60_000 })
  await expect(card.getByRole('status')).toHaveText('Stare: Ajutorul este pe drum')
  await expect(card.getByRole('listitem').filter({ hasText: 'Ajutorul este pe drum' })).toHaveCount(1)

  const closed = await request.post(`/api/v1/operator/direct-bookings/${reference}/status`, { headers: { authorization: `Bearer ${operatorToken()}` }, data: { status: 'closed' } })
  expect(closed.status()).toBe(200)
  await expect(card.getByRole('status')).toHaveText('Stare: Încheiată', { timeout: 60_000 })
})

test('a guest sends a request with a plate and an e-mail and gets the reference by e-mail', async ({ page, context, request }) => {
  const address = email()
  await context.addCookies([{ name: 'theme', value: 'dark', url: BASE_URL }])
  await page.setViewportSize(MOBILE)
  // Reached from the footer, as a visitor finds it.
  await page.goto('/')
  await waitForHydration(page)
  await page.getByRole('contentinfo').getByRole('link', { name: 'Asistență rutieră' }).click()
  await expect(page).toHaveURL(/\/directbooking$/)
  await expect(page.getByRole('button', { name: 'Folosiți poziția telefonului' })).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'direct booking, guest (dark, mobile)')
  await page.getByLabel('Număr de înmatriculare').fill('CJ 12 GST')
  await page.getByLabel('Unde sunteți?').fill('DN1, km 42, lângă benzinărie')
  await page.getByLabel('Număr de telefon').fill('+33 6 12 34 56 78')
  // The e-mail is asked for before sending.
  await page.getByRole('button', { name: 'Trimiteți cererea' }).click()
  await expect(page.getByText('Scrieți adresa de e-mail: acolo vă trimitem referința')).toBeVisible()
  await page.getByLabel('E-mail').fill(address)
  await page.getByRole('button', { name: 'Trimiteți cererea' }).click()

  const sent = page.getByRole('status').filter({ hasText: /Cererea DB-[A-Z0-9]{6} a fost trimisă/ })
  await expect(sent).toBeVisible({ timeout: 60_000 })
  const reference = /DB-[A-Z0-9]{6}/.exec((await sent.textContent()) ?? '')![0]
  expect(await mailTo(request, address, 'direct-booking-received')).toContain(reference)
})
