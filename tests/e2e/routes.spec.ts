import { expect, test } from '@playwright/test'
import { withConsentCookie } from './support'

/** Every route of spec §2, as an anonymous visitor sees it: the status of the server render and the layout. */
const publicPages: [path: string, layout: 'master' | 'default' | 'minimal'][] = [
  ['/', 'master'],
  ['/rca', 'master'],
  ['/rca/B123ABC', 'master'],
  ['/rca/B123ABC/WVWZZZ1JZXW000001', 'master'],
  ['/rca-demo', 'master'],
  ['/rca-demo/CJ12XYZ', 'master'],
  ['/rca-autoclub/CJ12XYZ/WVWZZZ1JZXW000001', 'master'],
  ['/travel', 'master'],
  ['/house', 'master'],
  ['/insurance', 'master'],
  ['/instantRo', 'master'],
  ['/lih', 'master'],
  ['/directbooking', 'master'],
  ['/virtualcards', 'master'],
  ['/verify', 'default'],
  ['/contact-us', 'default'],
  ['/faq', 'default'],
  ['/info', 'default'],
  ['/info/about-us', 'default'],
  ['/info/privacy', 'default'],
  ['/terms-demo', 'default'],
  ['/maintenance', 'minimal'],
  ['/thank-you', 'minimal'],
  ['/wait-to-be-redirected/payment-processor', 'minimal'],
  ['/authenticate', 'minimal'],
]

/** Signed-in only: an anonymous visitor is sent to sign in, with the page to come back to. */
const accountPages = [
  '/account/2fa',
  '/account/2fa-check',
  '/account/terms',
  '/account',
  '/account/orders',
  '/account/preferences',
  '/account/profile',
  '/account/security',
  '/account/vehicles',
  '/account/vehicles/17',
  '/account/vehicles/17/diaries',
  '/account/vehicles/17/diaries/create',
  '/account/vehicles/17/diaries/4',
  '/account/vehicles/17/notes',
  '/account/vehicles/17/notes/create',
  '/account/vehicles/17/notes/9',
]

/** Invalid parameters or unknown partners fail the page's validity check: 404 with "Page Not Found: {path}". */
const invalidPages = ['/rca/B!23', '/rca/B123ABC/NOT-A-VIN', '/rca-nosuchpartner', '/terms-nosuchpartner', '/info/no-such-page', '/does-not-exist']

test.beforeEach(async ({ context }) => withConsentCookie(context))

test.describe('public routes', () => {
  for (const [path, layout] of publicPages) {
    test(`${path} answers 200 in the ${layout} layout`, async ({ page }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(200)
      expect(new URL(page.url()).pathname).toBe(path)
      await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', layout)
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
      await expect(page.getByRole('main')).toHaveCount(1)
    })
  }
})

test.describe('account routes', () => {
  for (const path of accountPages) {
    test(`${path} sends an anonymous visitor to /authenticate and remembers the page`, async ({ page, request }) => {
      const direct = await request.get(path, { maxRedirects: 0 })
      expect(direct.status()).toBe(307)
      const location = new URL(direct.headers().location ?? '', 'http://x')
      expect(location.pathname).toBe('/authenticate')
      if (path !== '/account') expect(location.searchParams.get('last_url')).toBe(path)

      await page.goto(path)
      expect(new URL(page.url()).pathname).toBe('/authenticate')
      await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', 'minimal')
    })
  }
})

test.describe('validity checks', () => {
  for (const path of invalidPages) {
    test(`${path} is a 404 naming the path`, async ({ page }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(404)
      await expect(page.getByRole('heading', { level: 1, name: 'Pagina nu a fost găsită' })).toBeVisible()
      if (path !== '/does-not-exist') await expect(page.getByTestId('not-found-detail')).toHaveText(`Pagina nu a fost găsită: ${path}`)
    })
  }
})

test('the partner pages show the partner resolved from the provider', async ({ page }) => {
  await page.goto('/rca-autoclub/CJ12XYZ')
  await expect(page.locator('[data-partner="autoclub"]')).toContainText('AutoClub Moldova')
  // The deep link's plate starts the vehicle step of the quote form.
  await expect(page.getByLabel('Număr de înmatriculare')).toHaveValue('CJ12XYZ')
  await page.goto('/terms-demo')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Demo Partner')
})

test('client-side navigation between layouts keeps the page working', async ({ page }) => {
  await page.goto('/')
  await page.waitForFunction(() => !('$_TSR' in window))
  await page.getByRole('contentinfo').getByRole('link', { name: 'Întrebări frecvente' }).click()
  await expect(page).toHaveURL(/\/faq$/)
  await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', 'default')
  await page.getByRole('banner').getByRole('link', { name: 'Autentificare' }).click()
  await expect(page).toHaveURL(/\/authenticate$/)
  await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', 'minimal')
})
