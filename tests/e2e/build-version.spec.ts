import { readFileSync, writeFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { waitForHydration, withConsentCookie } from './support'

const BUILD_FILE = 'dist/client/build.json'

test('a new deployment is offered as a reload instead of breaking the next navigation', async ({ page, context, request }) => {
  await withConsentCookie(context)
  const original = readFileSync(BUILD_FILE, 'utf8')
  const served = await request.get('/build.json')
  expect(served.headers()['cache-control']).toBe('max-age=0')
  expect(await served.json()).toEqual(JSON.parse(original))
  try {
    // The page's clock: the watcher's 10 s between checks pass at once, not in real time.
    await page.clock.install()
    await page.goto('/')
    await waitForHydration(page)
    // Deploy: the server now has another build.
    writeFileSync(BUILD_FILE, JSON.stringify({ id: 'next-build' }))
    await page.clock.fastForward(10_500) // checks are at least 10 s apart
    await page.getByRole('contentinfo').getByRole('link', { name: 'Întrebări frecvente' }).click()
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Este disponibilă o versiune nouă a site-ului.' })
    await expect(toast).toBeVisible()
    await toast.getByRole('button', { name: 'Reîncarcă' }).click()
    await page.waitForLoadState('load')
    await expect(page).toHaveURL(/\/faq$/)
  } finally {
    writeFileSync(BUILD_FILE, original)
  }
})
