import { expect, test, type Page } from '@playwright/test'
import { email, password, registerThroughApi, signIn } from './support-accounts'
import { expectNoSeriousAxeViolations, waitForHydration, withConsentCookie } from './support'
import { OWN_SERVER_START_MS, startAppServer, withConsentCookieFor } from './support-server'

test.beforeEach(async ({ context }) => withConsentCookie(context))

/** The header's notification button: its name says how many are unread. */
const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notificări/ })

async function expectConnected(page: Page) {
  await expect(bell(page)).toHaveAttribute('data-state-live', 'connected', { timeout: 60_000 })
}

test('signed in in two tabs, a sign-in elsewhere shows a notification in both', async ({ page, context, request, browser }) => {
  test.setTimeout(180_000) // three pages and an axe run: slow on a busy machine, a bound on a hang only
  const address = email()
  await registerThroughApi(page, request, address)
  const second = await context.newPage()
  await second.goto('/account/profile')
  await waitForHydration(second)
  await expectConnected(page)
  await expectConnected(second)
  await expect(bell(page)).toHaveAccessibleName('Notificări')

  // Another device signs in to the same account.
  const phone = await browser.newContext({ locale: 'ro-RO', userAgent: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36' })
  await withConsentCookie(phone)
  const phonePage = await phone.newPage()
  await phonePage.goto('/authenticate')
  await waitForHydration(phonePage)
  await signIn(phonePage, address, password)
  await expect(phonePage).toHaveURL(/\/account\/orders$/, { timeout: 60_000 })

  // Each tab's toast lasts 5 s of real time from its arrival: both are watched at once, not one
  // after the other's wait. The unread count stays.
  await Promise.all(
    [page, second].map((tab) => expect(tab.locator('[data-sonner-toast][data-type="warning"]')).toContainText('Autentificare nouă de pe Chrome pe Android', { timeout: 60_000 })),
  )
  for (const tab of [page, second]) await expect(bell(tab)).toHaveAccessibleName('Notificări, 1 necitite')

  // The notification centre lists it, says the connection is live, and marks it read once seen.
  await bell(page).click()
  const panel = page.getByRole('dialog', { name: 'Notificări' })
  await expect(panel.getByRole('status')).toHaveText('Actualizările în timp real sunt active.')
  await expect(panel.getByRole('listitem')).toHaveCount(1)
  await expect(panel.getByRole('listitem')).toContainText('Dacă nu ați fost dumneavoastră')
  await expectNoSeriousAxeViolations(page, 'notification centre')
  await page.keyboard.press('Escape')
  await expect(bell(page)).toHaveAccessibleName('Notificări')
  // What arrived survives a reload of the tab.
  await second.reload()
  await waitForHydration(second)
  await expect(bell(second)).toHaveAccessibleName('Notificări, 1 necitite')
  await phone.close()
})

test('a visitor who is not signed in opens no realtime connection', async ({ page }) => {
  const sockets: string[] = []
  page.on('websocket', (socket) => sockets.push(socket.url()))
  await page.goto('/')
  await waitForHydration(page)
  await page.waitForTimeout(1000) // a signed-in page connects on hydration; slowness only makes this check more lenient, never red
  expect(sockets).toEqual([])
  await expect(page.getByRole('button', { name: /^Notificări/ })).toHaveCount(0)
})

test('a tab the realtime server refuses (app disabled, 4003) does not come back every second, and each retry opens one socket', async ({ browser, playwright }) => {
  test.setTimeout(OWN_SERVER_START_MS + 120_000) // a server of its own first, then two refusals
  const app = await startAppServer({ REALTIME_APP_ENABLED: 'false' })
  const context = await browser.newContext({ baseURL: app.url, locale: 'ro-RO', timezoneId: 'Europe/Bucharest' })
  const request = await playwright.request.newContext({ baseURL: app.url })
  try {
    await withConsentCookieFor(context, app.url)
    // The page counts the realtime sockets it opens and the closes it has handled: read in the page,
    // a count is exact at the page time the test moved to, where Playwright's own socket events
    // arrive later, in real time, while the test may already be moving the clock on.
    await context.addInitScript(() => {
      const counted = { opened: 0, closed: 0 }
      Object.assign(window, { __realtimeSockets: counted })
      const Native = window.WebSocket
      window.WebSocket = class extends Native {
        constructor(url: string | URL, protocols?: string | string[]) {
          super(url, protocols)
          if (!new URL(String(url), location.href).pathname.startsWith('/app/')) return
          counted.opened++
          this.addEventListener('close', () => counted.closed++)
        }
      }
    })
    const page = await context.newPage()
    const sockets = () => page.evaluate(() => (window as unknown as { __realtimeSockets: { opened: number; closed: number } }).__realtimeSockets)
    // The page's clock: the waits between tries pass when the test says, not in real time.
    await page.clock.install()
    await registerThroughApi(page, request, email())
    await expect(bell(page)).toHaveAttribute('data-state-live', 'disconnected', { timeout: 60_000 })
    // Before, a refused tab tried again every second; now it waits half a minute to a minute.
    await expect.poll(sockets).toEqual({ opened: 1, closed: 1 })
    await page.clock.runFor(29_000)
    expect(await sockets()).toEqual({ opened: 1, closed: 1 })
    await expect(bell(page)).toHaveAttribute('data-state-live', 'disconnected')
    // The retry comes between 30 s and a minute after the refusal: one socket, refused again. The
    // clock moves a second at a time and stops as soon as the page has opened it.
    for (let waited = 29; (await sockets()).opened < 2 && waited <= 61; waited++) await page.clock.runFor(1_000)
    expect((await sockets()).opened).toBe(2)
    // The refusal arrives in real time; the page's clock stands still until the page has handled it
    // (moving it on while the handshake is pending would let pusher-js's own handshake timeout, a second
    // after a cached transport, abort the socket and open another).
    await expect.poll(sockets, { timeout: 60_000 }).toEqual({ opened: 2, closed: 2 })
    await page.clock.runFor(1_000)
    await expect(bell(page)).toHaveAttribute('data-state-live', 'disconnected', { timeout: 60_000 })
    // The second refusal in a row waits a minute to two: nothing more in the next 58 s.
    for (let second = 0; second < 58; second++) await page.clock.runFor(1_000)
    expect(await sockets()).toEqual({ opened: 2, closed: 2 })
  } finally {
    await request.dispose()
    await context.close()
    await app.stop()
  }
})
