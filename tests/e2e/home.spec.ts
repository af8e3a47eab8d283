import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page, type TestInfo } from '@playwright/test'

const PRODUCT_CODES = ['rca', 'travel', 'house-insurance', 'ro-vignette', 'hu-vignette']
const MOBILE = { width: 390, height: 844 }

/** Resolves once TanStack Start has hydrated the page (it deletes `window.$_TSR` when done). */
async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => !('$_TSR' in window))
}

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

  test('the home page has no serious or critical accessibility violations (desktop and mobile)', async ({ page }) => {
    for (const [label, viewport] of [
      ['desktop', { width: 1280, height: 800 }],
      ['mobile', MOBILE],
    ] as const) {
      await page.setViewportSize(viewport)
      await page.goto('/')
      await waitForHydration(page)
      const results = await new AxeBuilder({ page }).analyze()
      const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      const report = blocking
        .map((v) => `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`)
        .join('\n')
      if (blocking.length > 0) console.log(`axe violations on ${label}:\n${report}`)
      expect(blocking, `axe violations on ${label}:\n${report}`).toEqual([])
    }
  })

  test('full-page screenshots of the home page (desktop and mobile)', async ({ page }, testInfo: TestInfo) => {
    for (const [label, viewport] of [
      ['desktop', { width: 1280, height: 800 }],
      ['mobile', MOBILE],
    ] as const) {
      await page.setViewportSize(viewport)
      await page.goto('/')
      await waitForHydration(page)
      const file = testInfo.outputPath(`home-${label}.png`)
      await page.screenshot({ path: file, fullPage: true })
      await testInfo.attach(`home-${label}`, { path: file, contentType: 'image/png' })
    }
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
