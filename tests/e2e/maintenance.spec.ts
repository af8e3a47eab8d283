import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { BASE_URL, DATA_DIR, PORT, setMaintenance, waitForHydration, withConsentCookie } from './support'

const run = promisify(execFile)

async function expectProductsAvailable(request: APIRequestContext): Promise<void> {
  const response = await request.get('/api/v1/products')
  expect(response.status()).toBe(200)
  expect(((await response.json()) as { data: unknown[] }).data).toHaveLength(5)
}

test.describe('maintenance mode', () => {
  test.describe.configure({ mode: 'serial' })

  test.beforeAll(() => {
    expect(DATA_DIR, 'E2E_DATA_DIR is set by playwright.config.ts').not.toBe('')
  })

  // Never leave the shared server in maintenance, whatever happened in the test.
  test.afterEach(async ({ request }) => {
    await setMaintenance(request, false)
  })

  test('visitors land on the maintenance page and are sent back when it ends', async ({ page, request }) => {
    await setMaintenance(request, true)

    // The API refuses with the error envelope.
    const api = await request.get('/api/v1/products')
    expect(api.status()).toBe(503)
    expect(await api.json()).toMatchObject({ error: { code: 503 } })

    // The home page redirects to the maintenance page, rendered with HTTP 503.
    const response = await page.goto('/')
    expect(new URL(page.url()).pathname).toBe('/maintenance')
    expect(response?.status()).toBe(503)
    await expect(page.getByRole('heading', { level: 1, name: 'Îmbunătățim site-ul' })).toBeVisible()
    await expect(page).toHaveTitle('Îmbunătățim site-ul · Asiguro')
    await page.waitForFunction(() => !('$_TSR' in window)) // hydrated: the page is polling now

    await setMaintenance(request, false)

    // The page polls every 10 s and takes the visitor back to where they were going.
    await expect(page).toHaveURL((url) => url.pathname === '/', { timeout: 60_000 })
    await expect(page.locator('[data-product]')).toHaveCount(5)
    await expectProductsAvailable(request)
  })

  test('a form sent during maintenance takes the visitor to the maintenance page, and back when it ends', async ({ page, context, request }) => {
    await withConsentCookie(context)
    await page.goto('/contact-us')
    await waitForHydration(page)
    await page.getByLabel('Numele dumneavoastră').fill('Ana Popescu')
    await page.getByLabel('E-mail').fill('ana@example.ro')
    await page.getByLabel('Mesaj').fill('Aș dori o ofertă RCA pentru o Dacia Logan din 2019.')
    await setMaintenance(request, true)
    await page.getByRole('button', { name: 'Trimiteți mesajul' }).click()
    await expect(page).toHaveURL(/\/maintenance\?from=%2Fcontact-us$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Îmbunătățim site-ul' })).toBeVisible()
    await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(0)
    await setMaintenance(request, false)
    await expect(page).toHaveURL((url) => url.pathname === '/contact-us', { timeout: 60_000 })
  })

  test('the start time is Bucharest time in the page’s language, wherever the visitor is', async ({ browser, request }) => {
    await setMaintenance(request, true)
    const { started_at } = (await (await request.get('/api/v1/maintenances/status')).json()) as { started_at: string }
    const bucharest = (locale: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, { ...options, timeZone: 'Europe/Bucharest' }).format(new Date(started_at))
    // A visitor in New York, six or seven hours behind Bucharest.
    const context = await browser.newContext({ timezoneId: 'America/New_York', locale: 'en-US' })
    const page = await context.newPage()
    for (const [language, intl] of [['ro', 'ro-RO'], ['en', 'en-GB'], ['fr', 'fr-FR']] as const) {
      await context.addCookies([{ name: 'locale', value: language, url: BASE_URL }])
      await page.goto('/maintenance')
      await waitForHydration(page)
      const line = page.locator('main p').nth(1)
      await expect(line).toContainText(bucharest(intl, { hour: '2-digit', minute: '2-digit' }))
      await expect(line).toContainText(bucharest(intl, { month: 'long' }))
    }
    await context.close()
  })

  test('the operator CLI switches maintenance through the running server', async ({ request }) => {
    const env = { ...process.env, PORT, DATA_DIR, APP_ENV: 'test', LOG_LEVEL: 'warn' }
    const cli = (state: 'on' | 'off') => run('npm', ['run', '--silent', 'cli', '--', 'maintenance', state], { env, timeout: 60_000 })

    const on = await cli('on')
    expect(on.stdout).toContain('maintenance on')
    expect(on.stdout).toContain('through the server')
    const during = await request.get('/api/v1/products')
    expect(during.status()).toBe(503)
    expect(await during.json()).toMatchObject({ error: { code: 503 } })

    const off = await cli('off')
    expect(off.stdout).toContain('maintenance off')
    await expectProductsAvailable(request)
  })
})
