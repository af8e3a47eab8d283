/**
 * "Ask again" on the offers page (decision 89): when an insurer, or a vignette's only issuer, did
 * not answer, the visitor asks again with the same details, one button away. A server of its own
 * gives every insurer 50 ms to answer (the sandbox takes at least 100 ms), so nobody answers, on
 * every try: the notice and the button are there each time, and each press is a new quote.
 */
import { expect, test } from '@playwright/test'
import { waitForHydration } from './support'
import { OWN_SERVER_START_MS, startAppServer, withConsentCookieFor, type AppServer } from './support-server'

test.describe.configure({ mode: 'serial' })
let app: AppServer

test.beforeAll(async () => {
  // A second server with its own embedded database: slow to start on a busy machine.
  test.setTimeout(OWN_SERVER_START_MS)
  app = await startAppServer({ INSURER_QUOTE_TIMEOUT_MS: '50' })
})
test.afterAll(async () => {
  await app?.stop()
})

test('the Hungarian vignette’s only issuer does not answer: the page says so and asks again with the same details', async ({ page }) => {
  test.setTimeout(180_000)
  await withConsentCookieFor(page.context(), app.url)
  await page.goto(`${app.url}/en/lih`)
  await waitForHydration(page)
  await page.getByLabel('Registration plate').fill('CJ 21 AGN')
  await page.getByRole('button', { name: 'See the price' }).click()
  await expect(page).toHaveURL(/\/lih\?quote=/)
  const first = new URL(page.url()).searchParams.get('quote')
  const notice = page.locator(`.offers[data-quote="${first}"] [data-ask-again]`)
  await expect(notice).toContainText('Nemzeti Útdíjfizetési Szolgáltató (NÚSZ) did not answer this time.', { timeout: 60_000 })
  await expect(page.locator('.offer-refusals')).toContainText('The insurer did not answer in time.')

  await notice.getByRole('button', { name: 'Ask again' }).click()
  await expect(page).toHaveURL((url) => url.searchParams.has('quote') && url.searchParams.get('quote') !== first, { timeout: 60_000 })
  const second = new URL(page.url()).searchParams.get('quote')
  // The same details, asked again: the new quote is for the same plate and again shows its answer.
  await expect(page.locator(`.offers[data-quote="${second}"] [data-ask-again]`)).toBeVisible({ timeout: 60_000 })
})
