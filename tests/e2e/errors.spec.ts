import { spawn, type ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { waitForHydration, withConsentCookie } from './support'
import { freshDataFolder } from './support-data-folder'
import { freePort } from './support-server'

test.beforeEach(async ({ context }) => withConsentCookie(context))

test.describe('not found', () => {
  test('an unknown route is the 404 page, with its title, in the visitor’s language', async ({ page }) => {
    const response = await page.goto('/en/no/such/page')
    expect(response?.status()).toBe(404)
    await expect(page).toHaveTitle('Page Not Found')
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible()
    await page.goto('/ro/no/such/page')
    await expect(page).toHaveTitle('Pagina nu a fost găsită')
  })

  test('a failed validity check is a 404 naming the path', async ({ page }) => {
    const response = await page.goto('/en/info/nothing-here')
    expect(response?.status()).toBe(404)
    await expect(page).toHaveTitle('Page Not Found')
    await expect(page.getByTestId('not-found-detail')).toHaveText('Page Not Found: /info/nothing-here')
  })
})

test('a sign-in posted without JavaScript with an odd return path answers a redirect to this site, never a 500', async ({ request }) => {
  const signInPage = await request.get('/authenticate')
  const origin = new URL(signInPage.url()).origin
  const html = await signInPage.text()
  const form = /<form[^>]*\baction="(\/_serverFn\/[^"]+)"[\s\S]*?name="_form" value="([^"]*)"/.exec(html)
  expect(form, 'the sign-in form posts to its server function').not.toBeNull()
  for (const odd of ['/authenticate?last_url=/。evil.example', '/。evil.example', '/.//evil.example']) {
    const res = await request.post(form![1]!.replace(/&amp;/g, '&'), {
      headers: { origin },
      multipart: { _form: form![2]!, _return: odd, email: 'nobody@example.ro', password: 'not the password of anyone', token: '' },
      maxRedirects: 0,
    })
    const answered = `${odd}: ${res.status()} ${await res.text()}`
    expect(res.status(), answered).toBeLessThan(500)
    const location = res.headers()['location']
    expect(location ?? answered, answered).toMatch(/^\/(?!\/)[\x21-\x7e]*$/)
  }
  expect((await request.get('/authenticate?last_url=/%E3%80%82evil.example')).status()).toBe(200)
})

test('a path that does not decode answers the API’s envelope under /api/v1 and the transport’s under /_serverFn, not a bare 400', async ({ request }) => {
  // The static-file middleware in front of the app used to refuse these itself, in plain text (found by `npm run fuzz`).
  for (const url of ['/api/v1/partners/%ff', '/api/v1/vehicles/%E0%A4%A/notes', '/api/v1/%C0%AF', '/_serverFn/abc%ff']) {
    const response = await request.get(url, { headers: { 'accept-language': 'en' } })
    expect(response.status(), url).toBe(400)
    expect(await response.json(), url).toEqual({ error: { code: 400, message: 'bad_request', pretty_message: 'The request could not be read.' } })
  }
})

test.describe('internal errors', () => {
  let port: number
  let server: ChildProcess
  let dataDir: string

  // A second server whose provider API cannot be reached: every page fails to render.
  test.beforeAll(async () => {
    test.setTimeout(240_000) // a bound on a hang: a busy machine makes a start slow
    port = await freePort()
    dataDir = freshDataFolder('asiguro-e2e-broken-')
    server = spawn(process.execPath, ['dist/node/serve.js'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, APP_ENV: 'test', LOG_LEVEL: 'silent', NODE_ENV: 'production', PROVIDER_API_URL: 'http://127.0.0.1:9/api/v1' },
      stdio: 'ignore',
    })
    // Until it serves files: a state, with a bound only against a hang.
    await expect.poll(() => fetch(`http://127.0.0.1:${port}/favicon.svg`).then((r) => r.ok, () => false), { timeout: 180_000, intervals: [200] }).toBe(true)
  })
  test.afterAll(() => {
    server.kill('SIGTERM')
    rmSync(dataDir, { recursive: true, force: true })
  })

  test('an unhandled error renders the generic error page with status 500', async ({ page }) => {
    const response = await page.goto(`http://127.0.0.1:${port}/faq`)
    expect(response?.status()).toBe(500)
    await expect(page).toHaveTitle(/Internal Server Error|Eroare internă/)
    await expect(page.getByTestId('error-page')).toBeVisible()
  })
})

test('a script chunk that fails to load reloads the page, at most once per 10 seconds', async ({ page }) => {
  // Scripts the page has loaded keep loading; any new chunk is missing, as after a
  // deployment that replaced the build.
  const known = new Set<string>()
  let blocking = false
  await page.route(/\/assets\/.+\.js$/, (route) => {
    const url = route.request().url()
    if (!blocking || known.has(url)) {
      known.add(url)
      return route.continue()
    }
    return route.abort()
  })
  // Time stands still in the page (its timers still run): the 10 s guard cannot run out while a
  // slow machine reloads, so the second failure always meets it.
  await page.clock.setFixedTime(Date.now())
  await page.goto('/')
  await waitForHydration(page)
  // The chunks a page loads after hydration (the build watcher) have loaded: blocking them would
  // make a reload of its own, before the click.
  await expect(page.locator('html')).toHaveAttribute('data-build-watch', 'armed')
  blocking = true
  let loads = 0
  page.on('load', () => loads++)
  const faqLink = page.getByRole('contentinfo').getByRole('link', { name: 'Întrebări frecvente' })

  await faqLink.click()
  await expect.poll(() => loads).toBe(1) // reloaded once

  // The reloaded page needs the same missing chunk: within 10 s no second reload, the error page instead.
  await expect(page.getByTestId('error-page')).toBeVisible()
  await page.waitForTimeout(1500) // nothing more happens: with the page's time standing still, no slowness can make a reload due
  expect(loads).toBe(1)

  // Once the chunk is back (the deployment finished), a reload recovers the page.
  blocking = false
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Întrebări frecvente' })).toBeVisible()
})
