import { test, type TestInfo } from '@playwright/test'
import { BASE_URL, DESKTOP, expectNoSeriousAxeViolations, MOBILE, waitForHydration, withConsentCookie } from './support'

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
  '/verify',
  '/verify?vehicle=B123ABC',
  '/contact-us',
  '/faq',
  '/info',
  '/info/about-us',
  '/info/terms',
  '/info/privacy',
  '/info/cookies',
  '/info/complaints',
  '/rca',
  '/terms-demo',
  '/maintenance',
  '/thank-you',
  '/wait-to-be-redirected/payment-processor',
  '/authenticate',
  '/authenticate?mode=register',
  '/authenticate?mode=forgot',
  '/confirm-email?token=not-a-real-token',
  '/account-deleted',
  '/no-such-page',
]

const themes = ['light', 'dark'] as const
const viewports = { desktop: DESKTOP, mobile: MOBILE }

// Thirty-odd pages, each loaded, hydrated and scanned: minutes on a busy two-core machine, more
// than 8 with another worker beside it at a load average of 20 (docs/testing.md). Only ends a hang.
// The tests are independent: either worker may take any of them.
test.describe.configure({ timeout: 1_200_000, mode: 'parallel' })

// The light theme is the sweep's (`tests/e2e/sweep.spec.ts`): every page in every language at
// 390 and 1280 px, signed out and in, each structure scanned at each width, and each page's `lang`
// checked. The dark theme is scanned here, at both widths.
for (const [label, viewport] of Object.entries(viewports)) {
  test(`no serious accessibility violation on any public page (dark, ${label})`, async ({ page, context }) => {
    await withConsentCookie(context)
    await context.addCookies([{ name: 'theme', value: 'dark', url: BASE_URL }])
    await page.setViewportSize(viewport)
    for (const path of pages) {
      await page.goto(path)
      await waitForHydration(page)
      await expectNoSeriousAxeViolations(page, `${path} (dark, ${label})`)
    }
  })
}

for (const theme of themes) {
  test(`the cookie banner, its choices and an open mobile menu pass the scan too (${theme})`, async ({ page, context }) => {
    await context.addCookies([{ name: 'theme', value: theme, url: BASE_URL }])
    await page.setViewportSize(MOBILE)
    await page.goto('/')
    await waitForHydration(page)
    await page.getByText('Meniu').click()
    await expectNoSeriousAxeViolations(page, `home with banner and menu (mobile, ${theme})`)
    await page.getByRole('button', { name: 'Aleg', exact: true }).click()
    await expectNoSeriousAxeViolations(page, `home with the banner's choices (mobile, ${theme})`)
  })
}

test('screenshots of the home page, light and dark, desktop and mobile', async ({ page, context }, testInfo: TestInfo) => {
  for (const theme of themes) {
    await context.clearCookies()
    await withConsentCookie(context)
    await context.addCookies([{ name: 'theme', value: theme, url: BASE_URL }])
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
