import { expect, test } from '@playwright/test'
import { waitForHydration, withConsentCookie } from './support'

test.beforeEach(async ({ context }) => withConsentCookie(context))

test('/en/faq redirects to /faq in English and the language is remembered', async ({ page, request }) => {
  const direct = await request.get('/en/faq', { maxRedirects: 0 })
  expect(direct.status()).toBe(302)
  expect(direct.headers().location).toBe('/faq')
  expect(direct.headers()['set-cookie']).toMatch(/locale=en/)

  await page.goto('/en/faq')
  expect(new URL(page.url()).pathname).toBe('/faq')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible()

  // The choice outlives the prefix: the next page is English too, though the browser asks for Romanian.
  await page.goto('/contact-us')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible()
})

test('the prefix keeps the rest of the path and the query', async ({ request }) => {
  const response = await request.get('/fr/rca/B123ABC?utm_source=x', { maxRedirects: 0 })
  expect(response.status()).toBe(302)
  expect(response.headers().location).toBe('/rca/B123ABC?utm_source=x')
  const home = await request.get('/fr', { maxRedirects: 0 })
  expect(home.headers().location).toBe('/')
})

test('the language switcher changes the language of the current page on every layout', async ({ page }) => {
  for (const path of ['/travel', '/faq', '/authenticate']) {
    await page.goto(path)
    await waitForHydration(page)
    await expect(page.locator('html')).toHaveAttribute('lang', 'ro')
    await page.getByRole('navigation', { name: 'Limbă' }).getByRole('link', { name: 'Français' }).click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    expect(new URL(page.url()).pathname).toBe(path)
    await page.getByRole('navigation', { name: 'Langue' }).getByRole('link', { name: 'Română' }).click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'ro')
  }
})

test('French pages are complete: no English source text leaks', async ({ page }) => {
  await page.goto('/fr/insurance')
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('All the insurance you can buy with us')
  await expect(page.getByRole('link', { name: 'Aller au contenu' })).toBeAttached()
})
