import { expect, test } from '@playwright/test'
import { waitForHydration } from './support'

const PRODUCT_CODES = ['rca', 'travel', 'house-insurance', 'ro-vignette', 'hu-vignette']

test.describe('server-rendered HTML (JavaScript disabled)', () => {
  test.use({ javaScriptEnabled: false })

  test('the home page is complete without JavaScript, in Romanian', async ({ page }) => {
    const response = await page.goto('/')
    expect(response?.status()).toBe(200)
    await expect(page.locator('html')).toHaveAttribute('lang', 'ro')
    await expect(page.getByRole('heading', { level: 2, name: 'Ce doriți să asigurați?' })).toBeVisible()
    const cards = page.locator('[data-product]')
    await expect(cards).toHaveCount(PRODUCT_CODES.length)
    expect(await cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-product')))).toEqual(PRODUCT_CODES)

    // The same, straight from the HTML the server sent (no browser rendering involved).
    const html = (await response?.text()) ?? ''
    expect(html).toMatch(/<html[^>]*\slang="ro"/)
    expect(html).toContain('Ce doriți să asigurați?')
    for (const code of PRODUCT_CODES) expect(html).toContain(`data-product="${code}"`)
  })

  test('an unknown page answers 404 with the Romanian not-found page', async ({ page }) => {
    const response = await page.goto('/nu-exista')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Pagina nu a fost găsită' })).toBeVisible()
  })
})

test('the page comes compressed for a browser that accepts it, and whole (decision 83)', async ({ page }) => {
  const response = await page.goto('/')
  const headers = (await response?.allHeaders()) ?? {}
  expect(headers['content-encoding']).toBe('br') // Chromium accepts gzip, deflate, br and zstd
  expect(headers['vary']).toContain('accept-encoding')
  const html = (await response?.text()) ?? ''
  expect(html).toMatch(/<\/html>\s*$/)
  const encoded = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).encodedBodySize)
  expect(encoded).toBeGreaterThan(0)
  expect(encoded).toBeLessThan(Buffer.byteLength(html) / 2)
})

test.describe('in the browser', () => {
  test('hydrates without calling a server function', async ({ page }) => {
    const serverFnCalls: string[] = []
    const pageErrors: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/_serverFn')) serverFnCalls.push(`${request.method()} ${request.url()}`)
    })
    page.on('pageerror', (error) => pageErrors.push(error.message))

    await page.goto('/')
    await waitForHydration(page)
    // Let effects and any queued fetches run before judging.
    await page.waitForLoadState('networkidle')

    expect(serverFnCalls, 'server functions called during hydration').toEqual([])
    expect(pageErrors, 'uncaught errors in the page').toEqual([])
    await expect(page.locator('[data-product]')).toHaveCount(PRODUCT_CODES.length)
  })
})

test.describe('language negotiation', () => {
  test.describe('English', () => {
    test.use({ locale: 'en-US' })
    test('Accept-Language: en renders the page in English', async ({ page }) => {
      const response = await page.goto('/')
      expect(response?.status()).toBe(200)
      await expect(page.locator('html')).toHaveAttribute('lang', 'en')
      await expect(page.getByRole('heading', { level: 2, name: 'What would you like to insure?' })).toBeVisible()
      await waitForHydration(page)
      await expect(page.getByRole('heading', { level: 2, name: 'What would you like to insure?' })).toBeVisible()
    })
  })

  test.describe('French', () => {
    test.use({ locale: 'fr-FR' })
    test('Accept-Language: fr renders the page in French', async ({ page }) => {
      const response = await page.goto('/')
      expect(response?.status()).toBe(200)
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
      await expect(page.getByRole('heading', { level: 2, name: 'Que souhaitez-vous assurer ?' })).toBeVisible()
      await waitForHydration(page)
      await expect(page.getByRole('heading', { level: 2, name: 'Que souhaitez-vous assurer ?' })).toBeVisible()
    })
  })
})

test('GET /api/v1/products lists the five products with the statuses header', async ({ request }) => {
  const response = await request.get('/api/v1/products')
  expect(response.status()).toBe(200)
  const statuses = response.headers()['x-site-product-statuses']
  expect(statuses, 'x-site-product-statuses header').toBeTruthy()
  expect(JSON.parse(statuses as string)).toMatchObject({ is_rca_available: expect.any(Boolean) })
  const body = (await response.json()) as { data: { code: string }[] }
  expect(body.data).toHaveLength(PRODUCT_CODES.length)
  expect(body.data.map((p) => p.code).sort()).toEqual([...PRODUCT_CODES].sort())
})
