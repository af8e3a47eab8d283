/**
 * The second branch of the two-factor gate (spec §4): on a site that requires two-step sign-in,
 * an account without it is sent to set it up, from account pages and public pages alike, and
 * comes back to the page it asked for. Runs on a server of its own (TWO_FACTOR_REQUIRED=true).
 */
import { expect, test, type Page } from '@playwright/test'
import { email, register } from './support-accounts'
import { OWN_SERVER_START_MS, startAppServer, withConsentCookieFor, type AppServer } from './support-server'
import { waitForHydration } from './support'

let app: AppServer

test.beforeAll(async () => {
  test.setTimeout(OWN_SERVER_START_MS)
  app = await startAppServer({ TWO_FACTOR_REQUIRED: 'true' })
})
test.afterAll(async () => app?.stop())

test.beforeEach(async ({ context }) => withConsentCookieFor(context, app.url))

async function expectSetupAsked(page: Page, lastUrl: string) {
  await expect(page).toHaveURL(`${app.url}/account/2fa?last_url=${encodeURIComponent(lastUrl)}`, { timeout: 60_000 })
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Configurați autentificarea în doi pași')
  await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', 'minimal')
}

test('an account without two-step sign-in is sent to set it up, wherever it goes', async ({ page }) => {
  const address = email()
  // Registration lands on the account, whose gate asks for the setup first.
  await register(page, address, { origin: app.url, landing: /\/account\/2fa\?/ })
  await expectSetupAsked(page, '/account/orders')

  // A public page asks for it too, on the server render (a 307 to the setup page)…
  const response = await page.request.get(`${app.url}/travel`, { maxRedirects: 0, headers: { accept: 'text/html' } })
  expect(response.status()).toBe(307)
  expect(response.headers().location).toBe(`/account/2fa?last_url=${encodeURIComponent('/travel')}`)
  await page.goto(`${app.url}/travel`)
  await expectSetupAsked(page, '/travel')

  // …and on a client-side navigation.
  await waitForHydration(page)
  await page.getByRole('link', { name: 'Asiguro, pagina principală' }).click()
  await expectSetupAsked(page, '/')
})
