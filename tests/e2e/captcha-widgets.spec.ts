/**
 * reCAPTCHA v3 and Turnstile end to end, against a local fake of each provider: a `node:http`
 * server serving a small `api.js` with the provider's browser API (`grecaptcha.ready/execute`;
 * `turnstile.render/remove`, with an iframe like the real widget), the calls those scripts make,
 * and a siteverify endpoint that accepts the tokens it issued. For each provider the app runs on
 * a server of its own (tests/e2e/support-server.ts) with CAPTCHA_SCRIPT_URL and
 * CAPTCHA_VERIFY_URL pointing at the fake.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test, type Page } from '@playwright/test'
import { waitForHydration, watchCsp } from './support'
import { OWN_SERVER_START_MS, startAppServer, withConsentCookieFor, type AppServer } from './support-server'

const SITE_KEY = 'fake-site-key-0123456789'

/** The browser side of reCAPTCHA v3, as far as the app uses it. `execute` asks the fake for a token (a connect-src call). */
const RECAPTCHA_API = `(() => {
  const script = new URL(document.currentScript.src)
  const siteKey = script.searchParams.get('render')
  const callbacks = []
  let ready = false
  window.grecaptcha = {
    ready(callback) { ready ? callback() : callbacks.push(callback) },
    execute(key, options) {
      if (key !== siteKey) return Promise.reject(new Error('site key differs from render='))
      return fetch(script.origin + '/recaptcha/api2/reload?k=' + encodeURIComponent(key), { method: 'POST', body: String(options && options.action) })
        .then((response) => response.json())
        .then((answer) => answer.token)
    },
  }
  setTimeout(() => { ready = true; callbacks.splice(0).forEach((callback) => callback()) }, 10)
})()
`

/** The browser side of Turnstile: `render` puts the challenge iframe into the container and calls back with a token once it has loaded. */
const TURNSTILE_API = `(() => {
  const origin = new URL(document.currentScript.src).origin
  const widgets = new Map()
  let next = 0
  window.turnstile = {
    render(container, options) {
      const id = 'cf-' + next++
      const frame = document.createElement('iframe')
      frame.title = 'Turnstile'
      frame.src = origin + '/turnstile/frame?sitekey=' + encodeURIComponent(options.sitekey)
      frame.addEventListener('load', () => {
        fetch(origin + '/turnstile/token', { method: 'POST', body: String(options.action) })
          .then((response) => response.json())
          .then((answer) => options.callback(answer.token), () => options['error-callback']('network'))
      })
      container.append(frame)
      widgets.set(id, frame)
      return id
    },
    remove(id) { widgets.get(id)?.remove(); widgets.delete(id) },
  }
})()
`

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => resolve(body))
  })

/** Google's and Cloudflare's side, played locally. */
class FakeProvider {
  url = ''
  /** `refuse`: siteverify answers `success: false` (an expired or forged token). */
  verdict: 'accept' | 'refuse' = 'accept'
  readonly scriptLoads: string[] = []
  readonly issued = new Map<string, string>() // token → action
  readonly verified: URLSearchParams[] = []
  private server: Server | undefined

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://fake.local')
        const cors = { 'access-control-allow-origin': '*' }
        if (url.pathname === '/recaptcha/api.js' || url.pathname === '/turnstile/v0/api.js') {
          this.scriptLoads.push(`${url.pathname}${url.search}`)
          res.writeHead(200, { 'content-type': 'text/javascript' }).end(url.pathname.startsWith('/recaptcha') ? RECAPTCHA_API : TURNSTILE_API)
        } else if (url.pathname === '/recaptcha/api2/reload' || url.pathname === '/turnstile/token') {
          const token = `fake-${randomBytes(12).toString('hex')}`
          this.issued.set(token, await read(req))
          res.writeHead(200, { 'content-type': 'application/json', ...cors }).end(JSON.stringify({ token }))
        } else if (url.pathname === '/turnstile/frame') {
          res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>challenge</title><p>✓</p>')
        } else if (url.pathname === '/siteverify' && req.method === 'POST') {
          const form = new URLSearchParams(await read(req))
          this.verified.push(form)
          const token = form.get('response') ?? ''
          const success = this.verdict === 'accept' && this.issued.has(token)
          res.writeHead(200, { 'content-type': 'application/json' }).end(
            JSON.stringify(success ? { success, score: 0.9, action: this.issued.get(token), hostname: '127.0.0.1' } : { success, 'error-codes': ['invalid-input-response'] }),
          )
        } else res.writeHead(404).end()
      })()
    })
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()))
  }
}


async function fillContactForm(page: Page, name: string) {
  await page.getByLabel('Numele dumneavoastră').fill(name)
  await page.getByLabel('E-mail').fill('ana@example.ro')
  await page.getByLabel('Mesaj').fill('Aș dori o ofertă RCA pentru o Dacia Logan din 2019.')
  await page.getByRole('button', { name: 'Trimiteți mesajul' }).click()
}

const directive = (csp: string, name: string) => csp.split(';').find((d) => d.trim().startsWith(`${name} `)) ?? ''

for (const provider of ['recaptcha', 'turnstile'] as const) {
  const scriptPath = provider === 'recaptcha' ? '/recaptcha/api.js' : '/turnstile/v0/api.js'

  test.describe(`${provider} widget`, () => {
    test.describe.configure({ mode: 'serial' })
    const fake = new FakeProvider()
    let app: AppServer

    test.beforeAll(async () => {
      test.setTimeout(OWN_SERVER_START_MS)
      await fake.start()
      app = await startAppServer({
        CAPTCHA_PROVIDER: provider,
        CAPTCHA_SITE_KEY: SITE_KEY,
        CAPTCHA_SCRIPT_URL: `${fake.url}${scriptPath}`,
        CAPTCHA_VERIFY_URL: `${fake.url}/siteverify`,
      })
    })
    test.afterAll(async () => {
      await app?.stop()
      await fake.stop()
    })
    test.beforeEach(async ({ context }) => {
      fake.verdict = 'accept'
      await withConsentCookieFor(context, app.url)
    })

    test('the script loads only when the contact form is sent, and the message passes', async ({ page, request }) => {
      const violations = await watchCsp(page)
      const loadsBefore = fake.scriptLoads.length
      const response = await page.goto(`${app.url}/contact-us`)
      const csp = response?.headers()['content-security-policy'] ?? ''
      // Exactly the fake's origin joins the policy, for this provider only.
      expect(directive(csp, 'script-src')).toContain(fake.url)
      expect(directive(csp, 'frame-src')).toBe(` frame-src 'self' ${fake.url}`)
      expect(directive(csp, 'connect-src')).toContain(fake.url)
      expect(csp).not.toMatch(/google\.com|gstatic|cloudflare/)

      await waitForHydration(page)
      await page.waitForLoadState('networkidle')
      expect(fake.scriptLoads.length, 'nothing of the provider loads before a protected form is sent').toBe(loadsBefore)
      expect(await page.locator(`script[src^="${fake.url}"]`).count()).toBe(0)

      const name = `Ana ${provider} ${Date.now()}`
      await fillContactForm(page, name)
      await expect(page.locator('[data-sonner-toast][data-type="success"]')).toHaveCount(1, { timeout: 60_000 })
      await expect(page.getByRole('status').filter({ hasText: 'Mesajul a fost trimis' })).toBeVisible()

      expect(fake.scriptLoads.slice(loadsBefore)).toEqual([`${scriptPath}?render=${provider === 'recaptcha' ? SITE_KEY : 'explicit'}`])
      // The server asked the verify endpoint with the widget's token and the secret.
      const check = fake.verified.at(-1)
      expect(fake.issued.get(check?.get('response') ?? '')).toBe('contact')
      expect(check?.get('secret')).toBe(app.secrets().CAPTCHA_SECRET)
      // Turnstile's widget is removed once it gave its token.
      await expect(page.locator('[data-captcha-widget]')).toHaveCount(0)

      const received = async () =>
        ((await (await request.get(`${app.url}/api/v1/operator/contact-messages?limit=5`, { headers: { authorization: `Bearer ${app.secrets().OPERATOR_TOKEN}` } })).json()) as { data: { name: string }[] }).data.map((m) => m.name)
      expect(await received()).toContain(name)

      // A second message reuses the loaded script with a fresh token. Its arrival is read from the
      // server: the first toast leaves after 5 s of real time, so counting toasts would depend on
      // how fast the machine is.
      const verifiedBefore = fake.verified.length
      await fillContactForm(page, `${name} again`)
      await expect.poll(received, { timeout: 60_000 }).toContain(`${name} again`)
      expect(fake.verified.length).toBe(verifiedBefore + 1)
      expect(fake.issued.get(fake.verified.at(-1)?.get('response') ?? '')).toBe('contact')
      expect(fake.scriptLoads.length - loadsBefore).toBe(1)
      expect(await violations()).toEqual([])
    })

    test('a token the verify endpoint refuses is a translated 422 on `token`', async ({ page }) => {
      fake.verdict = 'refuse'
      await page.goto(`${app.url}/contact-us`)
      await waitForHydration(page)
      const verifiedBefore = fake.verified.length
      await fillContactForm(page, 'Ana Refuzată')
      // `token` is no field the visitor sees: the sentence is the form's, once, and no toast repeats it.
      const alert = page.getByRole('alert').filter({ hasText: 'Verificarea anti-robot nu a reușit. Vă rugăm să încercați din nou.' })
      await expect(alert).toHaveCount(1, { timeout: 60_000 })
      await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(0)
      await expect(page.getByRole('status').filter({ hasText: 'Mesajul a fost trimis' })).toHaveCount(0)
      expect(fake.verified.length).toBe(verifiedBefore + 1)
    })
  })
}
