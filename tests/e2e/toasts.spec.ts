import { expect, test, type Page } from '@playwright/test'
import { stepPageTimeUntil, stopPageTime, waitForHydration, withConsentCookie } from './support'

test.beforeEach(async ({ context }) => withConsentCookie(context))

test('a 422 shows each field’s sentence once, beside the field, and no toast (decision 56)', async ({ page }) => {
  await page.goto('/contact-us')
  await waitForHydration(page)
  await page.getByLabel('Numele dumneavoastră').fill('A')
  await page.getByLabel('E-mail').fill('not-an-address')
  await page.getByLabel('Mesaj').fill('short')
  await page.getByRole('button', { name: 'Trimiteți mesajul' }).click()

  await expect(page.getByLabel('Numele dumneavoastră')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Mesaj')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Telefon (opțional)')).not.toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('Introduceți o adresă de e-mail de forma nume@exemplu.ro.', { exact: true })).toHaveCount(1)
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)
})

/**
 * Opens the contact form with the page's clock stopped (installed before the page loaded): a toast
 * lives only as long as the test moves time on, so none leaves by running out (5 s) while a busy
 * machine is slow to get to the next step.
 */
async function openWithTimeStopped(page: Page) {
  await page.clock.install()
  await page.goto('/contact-us')
  await waitForHydration(page)
  await stopPageTime(page)
}

/**
 * Sends a valid contact message without moving the mouse (fields filled, the button pressed from
 * the keyboard), so a pointer resting on the toasts stays there, and waits for its success toast.
 * Sending needs the page's timers: time moves on in steps until the toast is there, so the new
 * toast has lived 100 ms at most, however long the answer took.
 */
async function sendMessage(page: Page, toastsBefore: number, fields: { phone?: string } = {}) {
  await page.getByLabel('Numele dumneavoastră').fill('Ana Popescu')
  await page.getByLabel('E-mail').fill('ana@example.ro')
  if (fields.phone) await page.getByLabel('Telefon (opțional)').fill(fields.phone)
  await page.getByLabel('Mesaj').fill('Aș dori o ofertă RCA pentru o Dacia Logan din 2019.')
  await page.getByRole('button', { name: 'Trimiteți mesajul' }).press('Enter')
  const toasts = page.locator('[data-sonner-toast]')
  await stepPageTimeUntil(page, () => toasts.count(), toastsBefore + 1, 'the success toast')
}

test('a valid message is accepted with a success toast', async ({ page }) => {
  await openWithTimeStopped(page)
  await sendMessage(page, 0, { phone: '0722123456' })
  await expect(page.locator('[data-sonner-toast][data-type="success"]')).toHaveCount(1)
  await expect(page.getByRole('status').filter({ hasText: 'Mesajul a fost trimis' })).toBeVisible()
})

test('toasts last 5 s, wait while hovered, and go when closed', async ({ page }) => {
  await openWithTimeStopped(page)
  const toasts = page.locator('[data-sonner-toast]')

  // Left alone, a toast goes after 5 s, not before (it appeared within the last 100 ms step).
  await page.mouse.move(10, 500)
  await sendMessage(page, 0)
  await page.clock.runFor(4_500)
  await expect(toasts).toHaveCount(1)
  await page.clock.runFor(1_000)
  await expect(toasts).toHaveCount(0)

  // Hovered, the stack opens and its clocks stop, for the toasts that arrive meanwhile too.
  await sendMessage(page, 0)
  await toasts.first().hover()
  await sendMessage(page, 1)
  await sendMessage(page, 2)
  await expect(toasts.first()).toHaveAttribute('data-expanded', 'true')
  await page.clock.runFor(8_000)
  await expect(toasts).toHaveCount(3)

  // Its close button (a keyboard stop) removes one.
  await toasts.first().hover()
  await toasts.first().getByRole('button', { name: 'Închide' }).click()
  await page.clock.runFor(500)
  await expect(toasts).toHaveCount(2)
})

// A mouse drag over the toast's text swipes it, not selects the text (src/styles/app.css).
test('a toast dragged to the right leaves by swiping', async ({ page }) => {
  // With the page's time stopped, only the swipe can take the toast away.
  await openWithTimeStopped(page)
  // `data-swipe-out="true"` lasts only until the toast is removed: an observer installed before the
  // drag records it, instead of a check that may come after the toast is gone.
  await page.evaluate(() => {
    const seen = { swipedOut: false }
    Object.assign(window, { __toastSwipes: seen })
    new MutationObserver((changes) => {
      if (changes.some((change) => (change.target as Element).getAttribute('data-swipe-out') === 'true')) seen.swipedOut = true
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-swipe-out'] })
  })
  const toasts = page.locator('[data-sonner-toast]')
  await sendMessage(page, 0)
  // As a visitor does: the pointer reaches the toast once it has slid in (hover waits until it stops moving).
  await toasts.first().hover({ position: { x: 40, y: 20 } })
  const box = (await toasts.first().boundingBox())!
  await page.mouse.move(box.x + 40, box.y + box.height / 2)
  await page.mouse.down()
  await page.mouse.move(box.x + 160, box.y + box.height / 2, { steps: 8 })
  await page.mouse.up()
  await expect.poll(() => page.evaluate(() => (window as unknown as { __toastSwipes: { swipedOut: boolean } }).__toastSwipes.swipedOut)).toBe(true)
  // Removed 200 ms after the swipe; a second of page time is far from the toast's own 5 s.
  await page.clock.runFor(1_000)
  await expect(toasts).toHaveCount(0)
})

test('at most 20 toasts show at once, in the theme of the page', async ({ page }) => {
  test.slow() // 21 messages, each with its captcha
  await openWithTimeStopped(page)
  await page.getByRole('button', { name: 'Temă întunecată' }).click()
  await sendMessage(page, 0)
  await page.locator('[data-sonner-toast]').first().hover() // held open while the others arrive
  for (let sent = 1; sent <= 20; sent++) await sendMessage(page, sent)
  await expect(page.locator('[data-sonner-toast][data-visible="true"]')).toHaveCount(20)
  await expect(page.locator('[data-sonner-toast][data-visible="false"]')).toHaveCount(1)
  await expect(page.locator('[data-sonner-toaster]')).toHaveAttribute('data-sonner-theme', 'dark')
})
