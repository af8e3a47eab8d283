import { expect, test } from '@playwright/test'
import { BASE_URL, stopPageTime, waitForHydration, withConsentCookie } from './support'

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

test('in-page links scroll in 300 ms, easing in and out, then move the focus', async ({ page }) => {
  await page.clock.install()
  await page.setViewportSize({ width: 390, height: 500 })
  await page.goto('/faq')
  await waitForHydration(page)
  await stopPageTime(page)
  const from = await page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight)
    return window.scrollY
  })
  const to = await page.locator('main#main').evaluate((main) => main.getBoundingClientRect().top + window.scrollY)
  expect(from - to).toBeGreaterThan(500)
  const progress = async () => (from - (await page.evaluate(() => window.scrollY))) / (from - to)

  await page.locator('.skip-link').evaluate((link: HTMLAnchorElement) => link.click())
  // The router has taken the new address before the clock moves: a jump of its own would show now.
  await expect(page).toHaveURL(/#main$/)
  await page.clock.runFor(50)
  expect(await progress()).toBeLessThan(0.15) // eases in
  await page.clock.runFor(100)
  expect(await progress()).toBeGreaterThan(0.3) // halfway in time, about halfway in distance
  expect(await progress()).toBeLessThan(0.7)
  await page.clock.runFor(100)
  expect(await progress()).toBeLessThan(1) // eases out: not there yet at 250 ms
  await page.clock.runFor(100)
  expect(await progress()).toBeCloseTo(1, 2) // scroll positions are whole pixels
  await expect(page.locator('main#main')).toBeFocused()
  expect(new URL(page.url()).hash).toBe('#main')
})

test('the hero and the cards carry their background images, in both themes', async ({ page, context, request }) => {
  for (const theme of ['light', 'dark']) {
    await context.addCookies([{ name: 'theme', value: theme, url: BASE_URL }])
    await page.goto('/')
    expect(await page.locator('.hero').first().evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('/images/hero.svg')
    expect(await page.locator('.product-card').first().evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('/images/card.svg')
  }
  for (const image of ['/images/hero.svg', '/images/card.svg']) {
    const response = await request.get(image)
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toContain('image/svg+xml')
  }
})
