/**
 * The one-second cache of public pages for anonymous visitors (decision 82): each visitor gets
 * the page of their own language, theme and consent, a CSP nonce of their own and their own
 * request id; a signed-in visitor never gets a page rendered for someone else; a change of the
 * site state shows at once.
 */
import { expect, test, type APIResponse } from '@playwright/test'
import { email, registerThroughApi } from './support-accounts'
import { operator, withConsentCookie } from './support'

/** The nonce the answer's policy names, after checking every nonce in the HTML is that one. */
async function ownNonce(response: APIResponse): Promise<string> {
  const nonce = /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')?.[1]
  expect(nonce, 'a nonce in the policy').toBeTruthy()
  const html = await response.text()
  const inHtml = new Set([...html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]))
  expect([...inHtml]).toEqual([nonce])
  expect(html).toContain(`<meta property="csp-nonce" content="${nonce}"/>`)
  return nonce as string
}

test.describe('anonymous visitors', () => {
  test('get pages in their own language, theme and consent, each with its own nonce and request id', async ({ request }) => {
    const visitors: { headers: Record<string, string>; lang: string; theme: string; banner: boolean }[] = [
      { headers: { 'accept-language': 'ro' }, lang: 'ro', theme: 'light', banner: true },
      { headers: { 'accept-language': 'en' }, lang: 'en', theme: 'light', banner: true },
      { headers: { 'accept-language': 'ro', cookie: 'theme=dark' }, lang: 'ro', theme: 'dark', banner: true },
      { headers: { 'accept-language': 'fr', cookie: 'locale=en; cookie_consent=1.p0a0m0' }, lang: 'en', theme: 'light', banner: false },
    ]
    const nonces = new Set<string>()
    const requestIds = new Set<string>()
    // Twice over, in quick succession: the second round comes from the cache where the first was kept.
    for (const round of [1, 2]) {
      for (const visitor of visitors) {
        const response = await request.get('/', { headers: visitor.headers })
        const label = `round ${round}, ${JSON.stringify(visitor.headers)}`
        expect(response.status(), label).toBe(200)
        expect(response.headers()['set-cookie'], label).toBeUndefined()
        const html = await response.text()
        expect(html, label).toMatch(new RegExp(`<html[^>]*\\slang="${visitor.lang}"`))
        expect(html, label).toMatch(new RegExp(`<html[^>]*\\sdata-theme="${visitor.theme}"`))
        expect(html.includes('consent:null'), label).toBe(visitor.banner)
        nonces.add(await ownNonce(response))
        requestIds.add(response.headers()['x-request-id'] ?? '')
      }
    }
    expect(nonces.size).toBe(visitors.length * 2)
    expect(requestIds.size).toBe(visitors.length * 2)
  })

  test('see a product switched off at once, not a page kept from before', async ({ request }) => {
    const products = async () => [...(await (await request.get('/', { headers: { 'accept-language': 'ro' } })).text()).matchAll(/data-product="([^"]+)"/g)].map((m) => m[1])
    expect(await products()).toContain('travel')
    await operator(request, 'PUT', '/product-statuses/travel', { available: false })
    try {
      expect(await products()).not.toContain('travel')
    } finally {
      await operator(request, 'PUT', '/product-statuses/travel', { available: true })
    }
    expect(await products()).toContain('travel')
  })
})

test('a signed-in visitor never gets a page rendered for someone else', async ({ page, context, request }) => {
  await withConsentCookie(context)
  const address = email()
  await registerThroughApi(page, request, address)
  const cookies = await context.cookies()
  const consent = cookies.find((c) => c.name === 'cookie_consent')?.value
  // An anonymous visitor with the same language and consent asks first, so a page for those is kept.
  const anonymous = await request.get('/', { headers: { 'accept-language': 'ro', cookie: `cookie_consent=${consent}` } })
  expect(await anonymous.text()).toContain('user:null')
  for (let i = 0; i < 3; i++) {
    const response = await page.goto('/')
    expect(response?.status()).toBe(200)
    const html = (await response?.text()) ?? ''
    expect(html).toContain(address)
    expect(html).not.toContain('user:null')
  }
})
