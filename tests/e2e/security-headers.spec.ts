/**
 * The enforced Content-Security-Policy and the other security headers (ASVS V3): every script
 * and style the server renders carries the response's nonce, and the app hydrates, navigates
 * and shows toasts without a single CSP violation. The test server is plain HTTP, so no HSTS.
 */
import { expect, test, type Page, type Response } from '@playwright/test'
import { navigateInApp, stepPageTimeUntil, stopPageTime, waitForHydration, withConsentCookie } from './support'

type Violation = { directive: string; blocked: string; sample: string }

/** Records CSP violations from the first byte of every document (before the app's scripts run). */
async function watchPage(page: Page) {
  const console: string[] = []
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning' || /Content.Security.Policy/i.test(message.text())) console.push(`${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => errors.push(error.message))
  await page.addInitScript(() => {
    const seen: Violation[] = []
    ;(window as unknown as { __cspViolations: Violation[] }).__cspViolations = seen
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI, sample: event.sample })
    })
  })
  return {
    console,
    errors,
    violations: () => page.evaluate(() => (window as unknown as { __cspViolations?: Violation[] }).__cspViolations ?? []),
  }
}

/** The nonce of a policy's script-src, and checks that it is the enforced policy of that response. */
function policyNonce(response: Response | null): string {
  const headers = response?.headers() ?? {}
  expect(headers['content-security-policy-report-only'], 'the policy is enforced, not report-only').toBeUndefined()
  const csp = headers['content-security-policy'] ?? ''
  const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? ''
  const nonce = /'nonce-([A-Za-z0-9+/]+={0,2})'/.exec(scriptSrc)?.[1]
  expect(nonce, `no nonce in script-src of: ${csp}`).toBeTruthy()
  expect(scriptSrc).toContain("'strict-dynamic'")
  expect(scriptSrc).not.toContain("'unsafe-inline'")
  expect(csp).toMatch(new RegExp(`style-src [^;]*'nonce-${escapeRegExp(nonce ?? '')}'`))
  return nonce ?? ''
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Every `<script>`, `<style>` and script preload of the HTML, with its nonce (or null). */
function nonceCarriers(html: string): { tag: string; nonce: string | null }[] {
  const tags = html.match(/<script\b[^>]*>|<style\b[^>]*>|<link\b[^>]*\brel="modulepreload"[^>]*>/g) ?? []
  return tags.map((tag) => ({ tag: tag.slice(0, 120), nonce: /\snonce="([^"]*)"/.exec(tag)?.[1] ?? null }))
}

function expectPageHeaders(headers: Record<string, string>) {
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  expect(headers['x-frame-options']).toBe('DENY')
  expect(headers['cross-origin-opener-policy']).toBe('same-origin')
  expect(headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=(self), payment=()')
  expect(headers['strict-transport-security'], 'no HSTS over plain HTTP').toBeUndefined()
}

test.beforeEach(async ({ context }) => withConsentCookie(context))

for (const path of ['/', '/faq']) {
  test(`${path}: every script and style of the HTML carries the nonce of the enforced policy`, async ({ page }) => {
    const response = await page.goto(path)
    expect(response?.status()).toBe(200)
    const nonce = policyNonce(response)
    const csp = response?.headers()['content-security-policy'] ?? ''
    for (const directive of ["default-src 'self'", "img-src 'self' data:", "font-src 'self'", "frame-ancestors 'none'", "base-uri 'none'", "object-src 'none'", "form-action 'self'"]) {
      expect(csp).toContain(directive)
    }
    expect(csp).toMatch(/connect-src 'self' ws:\/\/127\.0\.0\.1:\d+/)
    expect(csp, 'no upgrade-insecure-requests on plain HTTP').not.toContain('upgrade-insecure-requests')

    const carriers = nonceCarriers((await response?.text()) ?? '')
    expect(carriers.filter((c) => c.tag.startsWith('<script')).length).toBeGreaterThan(0)
    expect(carriers.filter((c) => c.nonce !== nonce)).toEqual([])

    const headers = response?.headers() ?? {}
    expectPageHeaders(headers)
    expect(headers['cache-control'], 'a public page without a session: browser cache only').toBe('private, no-cache')
  })
}

test('a fresh nonce for every response', async ({ request }) => {
  const nonces = new Set<string>()
  for (let i = 0; i < 3; i++) {
    const csp = (await request.get('/')).headers()['content-security-policy'] ?? ''
    nonces.add(/'nonce-([^']+)'/.exec(csp)?.[1] ?? '')
  }
  expect(nonces.size).toBe(3)
})

test('hydrates and navigates on the client without any CSP violation', async ({ page }) => {
  const watch = await watchPage(page)
  await page.goto('/')
  await waitForHydration(page)
  await page.waitForLoadState('networkidle')
  expect(await watch.violations(), 'CSP violations after hydration').toEqual([])

  // A client navigation: the router calls a server function and loads the FAQ's code-split chunk.
  const serverFn = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/_serverFn'))
  await navigateInApp(page, '/faq')
  await expect(page).toHaveURL(/\/faq$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')

  const fnResponse = await serverFn
  const fnHeaders = await fnResponse.allHeaders()
  expectPageHeaders(fnHeaders)
  expect(fnHeaders['cache-control'], 'server-function answers are never stored').toBe('no-store')
  expect(fnHeaders['content-security-policy']).toContain("default-src 'none'")

  expect(await watch.violations(), 'CSP violations after a client navigation').toEqual([])
  expect(watch.errors, 'uncaught errors in the page').toEqual([])
  expect(watch.console, 'console errors and warnings').toEqual([])
})

test('toasts render, styled by sonner, without any CSP violation', async ({ page }) => {
  // The consent cookie (beforeEach) keeps the banner closed: the toasts are what appears.
  const watch = await watchPage(page)
  // The page's time stands still once it is hydrated: the toast stays while it is checked.
  await page.clock.install()
  await page.goto('/contact-us')
  await waitForHydration(page)
  await stopPageTime(page)
  // A message sent: its success toast (forms no longer toast their errors, decision 56).
  await page.getByLabel('Numele dumneavoastră').fill('Ana Popescu')
  await page.getByLabel('E-mail').fill('ana@example.ro')
  await page.getByLabel('Mesaj').fill('Aș dori o ofertă RCA pentru o Dacia Logan din 2019.')
  await page.getByRole('button', { name: 'Trimiteți mesajul' }).click()

  const toasts = page.locator('[data-sonner-toast][data-type="success"]')
  await stepPageTimeUntil(page, () => toasts.count(), 1, 'the success toast')
  await expect(toasts.first()).toBeVisible()
  // sonner's own stylesheet (inserted at runtime, allowed by hash) positions the toasts.
  await expect(toasts.first()).toHaveCSS('position', 'absolute')
  await expect(page.locator('[data-sonner-toaster]')).toHaveCSS('position', 'fixed')

  expect(await watch.violations(), 'CSP violations with toasts on screen').toEqual([])
  expect(watch.errors).toEqual([])
  expect(watch.console.filter((line) => /Content.Security.Policy/i.test(line))).toEqual([])
})

test('a request carrying the session cookie is never stored', async ({ request }) => {
  const response = await request.get('/', { headers: { cookie: 'asiguro_session=Fe26.2**not-a-real-seal' } })
  expect(response.headers()['cache-control']).toBe('no-store')
  expect(response.headers()['content-security-policy']).toContain("'strict-dynamic'")
})

test('the provider API answers with the same headers, and its reference page is styled without any CSP violation', async ({ page, request }) => {
  const data = await request.get('/api/v1/products')
  expectPageHeaders(data.headers())
  expect(data.headers()['content-security-policy']).toContain("frame-ancestors 'none'")

  const watch = await watchPage(page)
  const response = await page.goto('/api/v1/docs')
  expectPageHeaders(response?.headers() ?? {})
  expect(response?.headers()['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]+=*';/)
  // The inline stylesheet applies: the policy allows it by hash.
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(245, 245, 245)')
  expect(await watch.violations(), 'CSP violations on the API reference').toEqual([])
  expect(watch.console.filter((line) => /Content.Security.Policy/i.test(line))).toEqual([])
})
