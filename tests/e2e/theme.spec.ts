import { expect, test } from '@playwright/test'
import { waitForHydration, withConsentCookie } from './support'

test.beforeEach(async ({ context }) => withConsentCookie(context))

test('the dark theme survives a reload, rendered by the server with no flash', async ({ page, request }) => {
  await page.goto('/travel')
  await waitForHydration(page)
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  const lightBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
  expect(lightBackground).toBe('rgb(245, 245, 245)') // #F5F5F5

  const toggle = page.getByRole('button', { name: 'Temă întunecată' })
  await expect(toggle).toHaveAttribute('aria-pressed', 'false')
  await toggle.click()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await expect(toggle).toHaveAttribute('aria-pressed', 'true')
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(18, 18, 18)') // #121212

  // The HTML the server sends on the next visit already carries the theme: no light first paint.
  const cookies = await page.context().cookies()
  const theme = cookies.find((c) => c.name === 'theme')
  expect(theme?.value).toBe('dark')
  const html = await (await request.get('/travel', { headers: { cookie: `theme=dark; cookie_consent=1.p0a0m0` } })).text()
  expect(html).toMatch(/<html[^>]*data-theme="dark"/)

  // And the browser's first paint is dark: check the background before any script runs.
  await page.route(/\/assets\/.+\.js$/, (route) => route.abort())
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(18, 18, 18)')
})

test('the logo switches to its white variant on the dark theme', async ({ page, context }) => {
  await page.goto('/')
  expect(await page.locator('.logo').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(46, 49, 146)') // #2e3192
  await context.addCookies([{ name: 'theme', value: 'dark', url: page.url() }])
  await page.reload()
  expect(await page.locator('.logo').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 255, 255)')
})

test('below the lg breakpoint the navigation folds into a menu that works by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 1279, height: 800 })
  await page.goto('/')
  await waitForHydration(page)
  const nav = page.getByRole('navigation', { name: 'Principal' })
  await expect(nav.locator('.main-nav__wide')).toBeHidden()
  const menu = nav.getByText('Meniu')
  await menu.focus()
  await page.keyboard.press('Enter')
  await expect(nav.locator('.main-nav__menu').getByRole('link', { name: 'Călătorie' })).toBeVisible()
  await page.setViewportSize({ width: 1280, height: 800 })
  await expect(nav.locator('.main-nav__wide')).toBeVisible()
})

test('the skip link is the first stop of the keyboard and moves focus to the content', async ({ page }) => {
  await page.goto('/faq')
  await waitForHydration(page)
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Salt la conținut' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(page.locator('main#main')).toBeFocused()
})
