import { expect, test } from '@playwright/test'
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
