import { expect, test, type Page } from '@playwright/test'
import { waitForHydration, withConsentCookie } from './support'

test.beforeEach(async ({ context }) => withConsentCookie(context))

test('a 422 from the provider shows one error toast per field and marks the fields', async ({ page }) => {
  await page.goto('/contact-us')
  await waitForHydration(page)
  // Three invalid fields, checked only by the provider's shared schema.
  await page.getByLabel('Numele dumneavoastră').fill('A')
  await page.getByLabel('E-mail').fill('not-an-address')
  await page.getByLabel('Mesaj').fill('short')
  await page.getByRole('button', { name: 'Trimiteți mesajul' }).click()

  const toasts = page.locator('[data-sonner-toast][data-type="error"]')
  await expect(toasts).toHaveCount(3)
  await expect(page.getByLabel('Numele dumneavoastră')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Mesaj')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Telefon (opțional)')).not.toHaveAttribute('aria-invalid', 'true')

  // Toasts sit top-right and go away on click.
  const box = await toasts.first().boundingBox()
  const viewport = page.viewportSize()
  expect(box && viewport && box.x > viewport.width / 2 && box.y < viewport.height / 2).toBe(true)
  await toasts.first().click({ position: { x: 20, y: 10 } })
  await expect(toasts).toHaveCount(2)
})

test('a valid message is accepted with a success toast', async ({ page }) => {
  await page.goto('/contact-us')
  await waitForHydration(page)
  await page.getByLabel('Numele dumneavoastră').fill('Ana Popescu')
  await page.getByLabel('E-mail').fill('ana@example.ro')
  await page.getByLabel('Telefon (opțional)').fill('0722123456')
  await page.getByLabel('Mesaj').fill('Aș dori o ofertă RCA pentru o Dacia Logan din 2019.')
  await page.getByRole('button', { name: 'Trimiteți mesajul' }).click()
  await expect(page.locator('[data-sonner-toast][data-type="success"]')).toHaveCount(1, { timeout: 15_000 })
  await expect(page.getByRole('status').filter({ hasText: 'Mesajul a fost trimis' })).toBeVisible()
})

/** Sends the contact form with three invalid fields: three error toasts. */
async function sendInvalidMessage(page: Page) {
  await page.getByLabel('Numele dumneavoastră').fill('A')
  await page.getByLabel('E-mail').fill('not-an-address')
  await page.getByLabel('Mesaj').fill('short')
  await page.getByRole('button', { name: 'Trimiteți mesajul' }).click()
}

/** Stops the page's clock (installed before it loaded), so only `runFor` moves time on. */
async function stopTime(page: Page) {
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000))
}

/** Sonner shows a toast on its next timer tick: lets stopped time run in small steps until `count` show. */
async function expectToasts(page: Page, count: number) {
  await expect
    .poll(async () => {
      await page.clock.runFor(20)
      return page.locator('[data-sonner-toast]').count()
    })
    .toBe(count)
}

test('toasts last 5 s, wait while hovered, and go when swiped or closed', async ({ page }) => {
  await page.clock.install()
  await page.goto('/contact-us')
  await waitForHydration(page)
  await stopTime(page)
  const toasts = page.locator('[data-sonner-toast]')

  // Left alone, they go after 5 s, not before.
  await page.mouse.move(10, 500)
  await sendInvalidMessage(page)
  await expectToasts(page, 3)
  await page.mouse.move(10, 500)
  await page.clock.runFor(4_500)
  await expect(toasts).toHaveCount(3)
  await page.clock.runFor(1_000)
  await expect(toasts).toHaveCount(0)

  // Hovered, the stack opens and its clocks stop.
  await sendInvalidMessage(page)
  await expectToasts(page, 3)
  await toasts.first().hover()
  await expect(toasts.first()).toHaveAttribute('data-expanded', 'true')
  await page.clock.runFor(8_000)
  await expect(toasts).toHaveCount(3)

  // Dragged to the right, one leaves by swiping; its close button (a keyboard stop) removes another.
  const box = (await toasts.first().boundingBox())!
  await page.mouse.move(box.x + 40, box.y + box.height / 2)
  await page.mouse.down()
  await page.mouse.move(box.x + 160, box.y + box.height / 2, { steps: 8 })
  await page.mouse.up()
  await expect(toasts.first()).toHaveAttribute('data-swipe-out', 'true')
  await page.clock.runFor(500)
  await expect(toasts).toHaveCount(2)
  await toasts.first().hover()
  await toasts.first().getByRole('button', { name: 'Închide' }).click()
  await page.clock.runFor(500)
  await expect(toasts).toHaveCount(1)
})

test('at most 20 toasts show at once, in the theme of the page', async ({ page }) => {
  await page.clock.install()
  await page.goto('/contact-us')
  await waitForHydration(page)
  await stopTime(page)
  await page.getByRole('button', { name: 'Temă întunecată' }).click()
  for (let sent = 1; sent <= 7; sent++) {
    await sendInvalidMessage(page)
    await expectToasts(page, 3 * sent)
  }
  await expect(page.locator('[data-sonner-toast][data-visible="true"]')).toHaveCount(20)
  await expect(page.locator('[data-sonner-toaster]')).toHaveAttribute('data-sonner-theme', 'dark')
})
