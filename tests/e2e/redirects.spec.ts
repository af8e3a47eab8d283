import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, test } from '@playwright/test'
import { DATA_DIR, navigateInApp, operator, PORT, waitForHydration, withConsentCookie } from './support'

const run = promisify(execFile)
/** The operator's command line, against the running server (same PORT and DATA_DIR). */
const cli = (...args: string[]) =>
  run('npm', ['run', '--silent', 'cli', '--', 'redirect', ...args], { env: { ...process.env, PORT, DATA_DIR, APP_ENV: 'test', LOG_LEVEL: 'warn' }, timeout: 60_000 })

test.describe('server redirect rules', () => {
  test.describe.configure({ mode: 'serial' })
  test.beforeEach(async ({ context }) => withConsentCookie(context))

  test.beforeAll(async ({ request }) => {
    await operator(request, 'PUT', '/redirects', { from_path: '/old-rca', to: '/rca', status_code: 301 })
    await operator(request, 'PUT', '/redirects', { from_path: '/partner-site', to: 'https://partner.example.org/insurance', status_code: 302 })
  })
  test.afterAll(async ({ request }) => {
    await operator(request, 'DELETE', '/redirects?from_path=%2Fold-rca')
    await operator(request, 'DELETE', '/redirects?from_path=%2Fpartner-site')
  })

  test('an internal target is followed on the server render, with the rule’s status', async ({ page, request }) => {
    const direct = await request.get('/old-rca', { maxRedirects: 0 })
    expect(direct.status()).toBe(301)
    expect(direct.headers().location).toBe('/rca')
    await page.goto('/old-rca')
    expect(new URL(page.url()).pathname).toBe('/rca')
    await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', 'master')
  })

  test('an external target leaves the site', async ({ page, request }) => {
    const direct = await request.get('/partner-site', { maxRedirects: 0 })
    expect(direct.status()).toBe(302)
    expect(direct.headers().location).toBe('https://partner.example.org/insurance')

    // In the browser, a client-side navigation to the path leaves the site as well.
    await page.route('https://partner.example.org/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<html lang="en"><title>Partner</title><h1>Partner site</h1></html>' }))
    await page.goto('/')
    await waitForHydration(page)
    // A router navigation (not a document load): the rule is checked by the root route.
    await navigateInApp(page, '/partner-site')
    await expect(page).toHaveURL('https://partner.example.org/insurance')
  })

  test('a rule added from the command line works at once, and is gone once removed', async ({ page }) => {
    expect((await cli('add', '/tarife', '/faq', '--status', '308')).stdout).toContain('/tarife')
    expect((await cli('list')).stdout).toContain('/faq')
    const response = await page.request.get('/tarife', { maxRedirects: 0 })
    expect(response.status()).toBe(308)
    expect(response.headers().location).toBe('/faq')
    await cli('remove', '/tarife')
    expect((await page.goto('/tarife'))?.status()).toBe(404)
  })

  test('a client-side navigation follows an internal rule', async ({ page }) => {
    await page.goto('/faq')
    await waitForHydration(page)
    await navigateInApp(page, '/old-rca')
    await expect(page).toHaveURL(/\/rca$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  })
})
