import { expect, test, type Page } from '@playwright/test'
import { BASE_URL, expectNoSeriousAxeViolations, MOBILE, waitForHydration, withConsentCookie } from './support'
import { password, signIn } from './support-accounts'
import { accountWithBearer, policyBoughtBeforeAll } from './support-policies'

/**
 * `/virtualcards`: a card per issued policy of the signed-in driver, with the QR
 * code of the public check; nobody else's; kept by the page's service worker so it opens offline.
 */


const bought = policyBoughtBeforeAll()
test.beforeEach(async ({ context }) => withConsentCookie(context))

async function signInAs(page: Page, address: string) {
  await page.goto('/authenticate')
  await waitForHydration(page)
  await signIn(page, address, password)
  await expect(page).toHaveURL(/\/account\/orders$/, { timeout: 60_000 })
}

test('a signed-in driver sees a card per issued policy: insurer, number, plate, validity and the QR code of the check', async ({ page }) => {
  await signInAs(page, bought.owner.email)
  const response = await page.goto('/virtualcards')
  expect(response?.status()).toBe(200)
  const cards = page.getByRole('list', { name: 'Polițele dumneavoastră' }).getByRole('listitem')
  await expect(cards).toHaveCount(1)
  const card = cards.first()
  await expect(card.getByRole('heading', { level: 3 })).toHaveText(`Asigurare RCA · ${bought.policy.plate}`)
  for (const fact of [bought.policy.insurer, bought.policy.number, bought.policy.plate]) await expect(card.locator('.policy-facts')).toContainText(fact)
  await expect(card.locator(`time[datetime="${bought.policy.startDate}"]`)).toBeVisible()
  await expect(card.locator(`time[datetime="${bought.policy.endDate}"]`)).toBeVisible()
  // Starts tomorrow: said on the card.
  await expect(card.locator('.status-badge')).toContainText('În vigoare de la')
  // The QR code is drawn by the server as SVG, and the check it opens is the policy's own.
  await expect(card.getByRole('img', { name: 'Codul QR al verificării poliței' })).toBeVisible()
  expect(await card.locator('svg path').getAttribute('d')).toMatch(/^(M\d+ \d+h\d+v1h-\d+z)+$/)
  await expect(card.getByRole('link', { name: 'sau deschideți verificarea' })).toHaveAttribute('href', bought.policy.verificationUrl)
  // Printable: the header, footer and buttons stay off paper, the card does not.
  await page.emulateMedia({ media: 'print' })
  await expect(page.locator('.site-header')).toBeHidden()
  await expect(page.getByRole('button', { name: 'Tipăriți cardurile' })).toBeHidden()
  await expect(card).toBeVisible()
  await page.emulateMedia({ media: 'screen' })
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/virtualcards.webmanifest')
  await expectNoSeriousAxeViolations(page, 'the virtual cards')
  await page.context().addCookies([{ name: 'theme', value: 'dark', url: BASE_URL }])
  await page.setViewportSize(MOBILE)
  await page.reload()
  await expectNoSeriousAxeViolations(page, 'the virtual cards (dark, mobile)')
})

test('another user never sees the card, and a guest sees what the cards are and where to sign in', async ({ page, browser }) => {
  const stranger = await accountWithBearer(bought.api)
  await signInAs(page, stranger.email)
  await page.goto('/virtualcards')
  await expect(page.locator('.empty-state')).toContainText('Nu aveți încă nicio poliță în vigoare')
  const text = await page.locator('main').innerText()
  for (const secret of [bought.policy.number, bought.policy.plate]) expect(text).not.toContain(secret)
  // Nor through the API with their own bearer.
  const theirs = (await (await bought.api.get('/api/v1/virtual-cards', { headers: { authorization: `Bearer ${stranger.bearer}` } })).json()) as { data: unknown[] }
  expect(theirs.data).toEqual([])

  const guest = await browser.newContext()
  const guestPage = await guest.newPage()
  await withConsentCookie(guest)
  expect((await guestPage.goto('/virtualcards'))?.status()).toBe(200)
  await expect(guestPage.getByRole('heading', { level: 1 })).toHaveText('Carduri virtuale de asigurare')
  await expect(guestPage.getByRole('link', { name: 'Autentificați-vă pentru a vă vedea cardurile' })).toHaveAttribute('href', '/authenticate?last_url=%2Fvirtualcards')
  await expect(guestPage.locator('.virtual-card')).toHaveCount(0)
  await guest.close()
})

test('the cards open offline after the first visit (service worker)', async ({ page, context }) => {
  await signInAs(page, bought.owner.email)
  await page.goto('/virtualcards')
  await expect(page.locator('[data-offline-copy="saved"]')).toHaveText('Salvate pe acest dispozitiv: pagina se deschide și fără internet.', { timeout: 60_000 })

  await context.setOffline(true)
  try {
    const response = await page.reload()
    expect(response?.fromServiceWorker()).toBe(true)
    await expect(page.locator('.virtual-card')).toHaveCount(1)
    await expect(page.locator('.virtual-card .policy-facts')).toContainText(bought.policy.number)
    await expect(page.getByRole('img', { name: 'Codul QR al verificării poliței' })).toBeVisible()
    // The page's styles came from the kept files too.
    expect(await page.locator('.virtual-card').evaluate((el) => getComputedStyle(el).borderRadius)).not.toBe('0px')
    // Really offline: anything the worker does not keep fails.
    expect(await page.evaluate(() => fetch('/api/v1/ready').then(() => 'reached', () => 'failed'))).toBe('failed')
  } finally {
    await context.setOffline(false)
  }

  // Signing out forgets them on this device.
  await page.goto('/virtualcards')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Deconectare' }).click()
  await expect(page).toHaveURL(`${BASE_URL}/`)
  expect(await page.evaluate(async () => ({ cache: await caches.has('asiguro-virtual-cards-v1'), worker: Boolean(await navigator.serviceWorker.getRegistration('/virtualcards')) }))).toEqual({ cache: false, worker: false })
})
