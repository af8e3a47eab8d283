import { test, type TestInfo } from '@playwright/test'
import { DESKTOP, expectNoSeriousAxeViolations, MOBILE, waitForHydration, withConsentCookie } from './support'

/** Every public page (account pages redirect anonymous visitors to /authenticate, scanned here). */
const pages = [
  '/',
  '/rca/B123ABC/WVWZZZ1JZXW000001',
  '/rca-demo',
  '/travel',
  '/house',
  '/insurance',
  '/instantRo',
  '/lih',
  '/directbooking',
  '/virtualcards',
  '/contact-us',
  '/faq',
  '/info',
  '/info/privacy',
  '/terms-demo',
  '/maintenance',
  '/thank-you',
  '/wait-to-be-redirected/payment-processor',
  '/authenticate',
  '/no-such-page',
]

const themes = ['light', 'dark'] as const
const viewports = { desktop: DESKTOP, mobile: MOBILE }

test.describe.configure({ timeout: 120_000 })

for (const theme of themes) {
  for (const [label, viewport] of Object.entries(viewports)) {
    test(`no serious accessibility violation on any public page (${theme}, ${label})`, async ({ page, context }) => {
      await withConsentCookie(context)
      await context.addCookies([{ name: 'theme', value: theme, url: 'http://127.0.0.1' }])
      await page.setViewportSize(viewport)
      for (const path of pages) {
        await page.goto(path)
        await waitForHydration(page)
        await expectNoSeriousAxeViolations(page, `${path} (${theme}, ${label})`)
      }
    })
  }
}

test('the cookie banner and an open mobile menu pass the scan too', async ({ page }) => {
  await page.setViewportSize(MOBILE)
  await page.goto('/')
  await waitForHydration(page)
  await page.getByText('Meniu').click()
  await expectNoSeriousAxeViolations(page, 'home with banner and menu (mobile)')
})

test('screenshots of the home page, light and dark, desktop and mobile', async ({ page, context }, testInfo: TestInfo) => {
  for (const theme of themes) {
    await context.clearCookies()
    await withConsentCookie(context)
    await context.addCookies([{ name: 'theme', value: theme, url: 'http://127.0.0.1' }])
    for (const [label, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport)
      await page.goto('/')
      await waitForHydration(page)
      const file = testInfo.outputPath(`home-${theme}-${label}.png`)
      await page.screenshot({ path: file, fullPage: true })
      await testInfo.attach(`home-${theme}-${label}`, { path: file, contentType: 'image/png' })
    }
  }
})
