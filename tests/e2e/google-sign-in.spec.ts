/**
 * Google sign-in in the browser, against a local "Google": a `node:http` server standing in for
 * the authorization endpoint (it checks the request, then redirects back to
 * `redirect_uri#id_token=…&state=…` with a token signed by the test's key and carrying the nonce
 * it received) and for the JWKS endpoint. The app runs on a server of its own
 * (tests/e2e/support-server.ts) whose GOOGLE_* settings point at it; the shared server has no
 * GOOGLE_CLIENT_ID, so its sign-in page shows no Google button.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from '@playwright/test'
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose'
import { expectNoSeriousAxeViolations, waitForHydration, watchCsp, withConsentCookie } from './support'
import { OWN_SERVER_START_MS, startAppServer, withConsentCookieFor, type AppServer } from './support-server'

const CLIENT_ID = '424242-e2e.apps.googleusercontent.com'

interface Identity {
  sub: string
  email: string
  given_name: string
  family_name: string
}

/** The local Google. `next` decides what the following authorization answers. */
class FakeGoogle {
  url = ''
  next: { identity: Identity; outcome: 'consent' | 'tampered-state' | 'denied' | 'hold' } = { identity: newIdentity(), outcome: 'consent' }
  /** Query of every authorization request, newest last. */
  readonly requests: URLSearchParams[] = []
  /** With `hold`: the answer Google would have redirected to, kept instead of sent. */
  held = ''
  private server: Server | undefined
  private key: { privateKey: CryptoKey; jwk: JWK } | undefined

  async start(): Promise<void> {
    const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true })
    this.key = { privateKey, jwk: { ...(await exportJWK(publicKey)), kid: 'e2e-key', alg: 'RS256', use: 'sig' } }
    this.server = createServer((req, res) => {
      void this.answer(new URL(req.url ?? '/', 'http://google.local')).then(
        ({ status, headers, body }) => res.writeHead(status, headers).end(body),
        (error: unknown) => res.writeHead(500).end(String(error)),
      )
    })
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()))
  }

  private async answer(url: URL): Promise<{ status: number; headers: Record<string, string>; body?: string }> {
    if (url.pathname === '/oauth2/v3/certs') return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ keys: [this.key?.jwk] }) }
    if (url.pathname !== '/o/oauth2/v2/auth') return { status: 404, headers: {} }
    const query = url.searchParams
    this.requests.push(query)
    // What Google would refuse outright.
    if (query.get('client_id') !== CLIENT_ID || query.get('response_type') !== 'id_token' || !query.get('nonce') || !query.get('state') || !query.get('redirect_uri')) {
      return { status: 400, headers: { 'content-type': 'text/plain' }, body: 'invalid_request' }
    }
    const { identity, outcome } = this.next
    const state = outcome === 'tampered-state' ? `${query.get('state')}x` : (query.get('state') ?? '')
    if (outcome === 'denied') return { status: 302, headers: { location: `${query.get('redirect_uri')}#${new URLSearchParams({ error: 'access_denied', state })}` } }
    const token = await new SignJWT({ email: identity.email, email_verified: true, given_name: identity.given_name, family_name: identity.family_name, nonce: query.get('nonce') ?? '' })
      .setProtectedHeader({ alg: 'RS256', kid: 'e2e-key', typ: 'JWT' })
      .setIssuer('https://accounts.google.com')
      .setAudience(CLIENT_ID)
      .setSubject(identity.sub)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(this.key?.privateKey as CryptoKey)
    const location = `${query.get('redirect_uri')}#${new URLSearchParams({ id_token: token, state, authuser: '0', prompt: 'consent' })}`
    if (outcome === 'hold') {
      this.held = location
      return { status: 200, headers: { 'content-type': 'text/plain' }, body: 'held' }
    }
    return { status: 302, headers: { location } }
  }
}

function newIdentity(): Identity {
  const id = `${Date.now()}${Math.floor(Math.random() * 1e6)}`
  return { sub: `10${id}`, email: `google-${id}@gmail.example`, given_name: 'Ioana', family_name: 'Marinescu' }
}


test.describe('Google sign-in', () => {
  test.describe.configure({ mode: 'serial' })
  const google = new FakeGoogle()
  let app: AppServer

  test.beforeAll(async () => {
    test.setTimeout(OWN_SERVER_START_MS)
    await google.start()
    app = await startAppServer({
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_AUTH_URL: `${google.url}/o/oauth2/v2/auth`,
      GOOGLE_JWKS_URL: `${google.url}/oauth2/v3/certs`,
    })
  })
  test.afterAll(async () => {
    await app?.stop()
    await google.stop()
  })
  test.beforeEach(async ({ context }) => {
    await withConsentCookieFor(context, app.url)
    google.next = { identity: newIdentity(), outcome: 'consent' }
  })

  test('“Continue with Google” signs a new visitor in and lands on the account', async ({ page, context, request }) => {
    const violations = await watchCsp(page)
    const identity = google.next.identity
    // Every request the browser makes to the site: the ID token must never be in an address.
    const siteRequests: { url: string; body: string | null }[] = []
    page.on('request', (r) => {
      if (r.url().startsWith(app.url)) siteRequests.push({ url: r.url(), body: r.postData() })
    })

    await page.goto(`${app.url}/authenticate`)
    await waitForHydration(page)
    await expectNoSeriousAxeViolations(page, '/authenticate with Google')
    await page.getByRole('link', { name: 'Continuați cu Google' }).click()
    // Google says nothing of our terms: the new account accepts them once, before anything else.
    await expect(page).toHaveURL(`${app.url}/account/terms?last_url=%2Faccount%2Forders`, { timeout: 60_000 })
    await waitForHydration(page)
    await expectNoSeriousAxeViolations(page, '/account/terms')
    await page.getByRole('button', { name: 'Accept și continui' }).click()
    await expect(page.getByText('Ca să continuați, bifați că acceptați termenii')).toBeVisible()
    await page.getByRole('checkbox', { name: /Accept termenii și condițiile/ }).check()
    await page.getByRole('button', { name: 'Accept și continui' }).click()
    await expect(page).toHaveURL(`${app.url}/account/orders`, { timeout: 60_000 })
    await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', 'account')

    // The authorization request of the implicit flow.
    const asked = google.requests.at(-1)
    expect(Object.fromEntries(asked ?? [])).toMatchObject({
      client_id: CLIENT_ID,
      redirect_uri: `${app.url}/authenticate/google`,
      response_type: 'id_token',
      response_mode: 'fragment',
      scope: 'openid email profile',
      prompt: 'select_account',
    })
    expect(asked?.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(asked?.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(asked?.get('nonce')).not.toBe(asked?.get('state'))

    // Signed in with the sealed httpOnly session; the flow's cookie is gone.
    const cookies = await context.cookies(app.url)
    expect(cookies.find((c) => c.name === 'asiguro_session')?.httpOnly).toBe(true)
    expect(cookies.find((c) => c.name === 'asiguro_google')).toBeUndefined()
    const mail = (await (await request.get(`${app.url}/api/v1/dev/mailbox?to=${encodeURIComponent(identity.email)}`)).json()) as { data: { kind: string }[] }
    expect(mail.data.map((m) => m.kind)).toEqual(['welcome-google'])

    // The token travelled only in the body of the one server-function call that finishes the flow.
    expect(siteRequests.filter((r) => r.url.includes('id_token') || r.url.includes('eyJ'))).toEqual([])
    expect(siteRequests.filter((r) => r.body?.includes('eyJ')).map((r) => new URL(r.url).pathname.startsWith('/_serverFn'))).toEqual([true])
    expect(await violations()).toEqual([])
  })

  test('from the register form too, back to the page asked for, and to the same account next time, not asked for the terms again', async ({ page, context }) => {
    const identity = google.next.identity
    await page.goto(`${app.url}/authenticate?mode=register&last_url=%2Faccount%2Fprofile`)
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Continuați cu Google' }).click()
    await expect(page).toHaveURL(`${app.url}/account/terms?last_url=%2Faccount%2Fprofile`, { timeout: 60_000 })
    await waitForHydration(page)
    await page.getByRole('checkbox', { name: /Accept termenii și condițiile/ }).check()
    await page.getByRole('button', { name: 'Accept și continui' }).click()
    await expect(page).toHaveURL(`${app.url}/account/profile`, { timeout: 60_000 })

    await context.clearCookies()
    await withConsentCookieFor(context, app.url)
    google.next = { identity, outcome: 'consent' }
    await page.goto(`${app.url}/authenticate`)
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Continuați cu Google' }).click()
    await expect(page).toHaveURL(`${app.url}/account/orders`, { timeout: 60_000 })
  })

  test('a tampered state is refused, with a translated message and a way back', async ({ page }) => {
    google.next = { identity: newIdentity(), outcome: 'tampered-state' }
    await page.goto(`${app.url}/authenticate`)
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Continuați cu Google' }).click()
    await expect(page.getByRole('alert')).toHaveText('Această autentificare cu Google nu a putut fi verificată, așa că a fost oprită. Vă rugăm să reluați de pe pagina de autentificare.', {
      timeout: 60_000,
    })
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Autentificarea cu Google nu a reușit')
    await expectNoSeriousAxeViolations(page, '/authenticate/google, refused')
    // The fragment is gone from the address bar, and nobody is signed in.
    expect(new URL(page.url()).hash).toBe('')
    await page.getByRole('link', { name: 'Înapoi la autentificare' }).click()
    await expect(page).toHaveURL(/\/authenticate\?mode=sign-in$/)
    await page.goto(`${app.url}/account/orders`)
    await expect(page).toHaveURL(/\/authenticate\?last_url=%2Faccount%2Forders$/)
  })

  test('an answer carried to another browser is refused there (it has no flow of its own)', async ({ page, browser }) => {
    // The first browser gets a genuine answer from Google, held back before it comes home…
    google.next = { identity: newIdentity(), outcome: 'hold' }
    google.held = ''
    await page.goto(`${app.url}/authenticate`)
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Continuați cu Google' }).click()
    await expect.poll(() => google.held).toContain('#id_token=')

    // …and somebody opens that answer in another browser (login CSRF, a leaked link).
    const other = await browser.newContext({ locale: 'ro-RO' })
    await withConsentCookieFor(other, app.url)
    const otherPage = await other.newPage()
    await otherPage.goto(google.held)
    await expect(otherPage.getByRole('alert')).toHaveText('Această autentificare cu Google a durat prea mult sau a fost începută în altă filă. Vă rugăm să încercați din nou.', { timeout: 60_000 })
    await other.close()
  })

  test('cancelling at Google says so', async ({ page }) => {
    google.next = { identity: newIdentity(), outcome: 'denied' }
    await page.goto(`${app.url}/authenticate`)
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Continuați cu Google' }).click()
    await expect(page.getByRole('alert')).toHaveText('Autentificarea cu Google a fost anulată.', { timeout: 60_000 })
  })
})

test('without GOOGLE_CLIENT_ID the sign-in page offers no Google button', async ({ page, context }) => {
  await withConsentCookie(context)
  await page.goto('/authenticate')
  await waitForHydration(page)
  await expect(page.getByRole('button', { name: 'Autentificare' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Continuați cu Google' })).toHaveCount(0)
  await page.goto('/authenticate?mode=register')
  await expect(page.getByRole('link', { name: 'Continuați cu Google' })).toHaveCount(0)
})
