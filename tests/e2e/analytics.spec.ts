import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { operator, waitForHydration, withConsentCookie } from './support'

interface StoredView {
  path: string
  navigation: string
}

async function viewsOf(request: APIRequestContext, page: Page): Promise<StoredView[]> {
  const session = await page.evaluate(() => sessionStorage.getItem('asiguro:view-session'))
  if (!session) return []
  const { data } = (await operator(request, 'GET', `/page-views?view_session=${session}&limit=50`)) as { data: StoredView[] }
  return [...data].reverse() // oldest first
}

test('with analytics consent, page views are counted once per load, push, and back/forward navigation', async ({ page, request, context }) => {
  await withConsentCookie(context, { analytics: true })
  await page.goto('/')
  await waitForHydration(page)
  await expect.poll(() => viewsOf(request, page)).toEqual([{ path: '/', navigation: 'load' }].map(expect.objectContaining))

  await page.getByRole('contentinfo').getByRole('link', { name: 'Întrebări frecvente' }).click()
  await expect(page).toHaveURL(/\/faq$/)
  await page.getByRole('banner').getByRole('link', { name: 'Călătorie' }).first().click()
  await expect(page).toHaveURL(/\/travel$/)
  // A page left before it rendered is not a view: wait until it shows, as a reader would.
  await expect(page.getByRole('heading', { level: 1, name: 'Asigurare de călătorie' })).toBeVisible()
  await page.goBack()
  await expect(page).toHaveURL(/\/faq$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Întrebări frecvente' })).toBeVisible()
  // A hash change is not a page view (the router runs in browser-history mode).
  await page.evaluate(() => (location.hash = 'section'))

  const expected = [
    { path: '/', navigation: 'load' },
    { path: '/faq', navigation: 'push' },
    { path: '/travel', navigation: 'push' },
    { path: '/faq', navigation: 'back_forward' },
  ]
  await expect.poll(() => viewsOf(request, page)).toEqual(expected.map(expect.objectContaining))
  await page.waitForTimeout(500) // nothing more arrives: a slow machine only makes this check more lenient, never red
  expect(await viewsOf(request, page)).toHaveLength(expected.length)
})

test('without analytics consent nothing is sent', async ({ page, context }) => {
  await withConsentCookie(context, { analytics: false })
  const sent: string[] = []
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/_serverFn/')) sent.push(r.url())
  })
  await page.goto('/')
  await waitForHydration(page)
  await page.getByRole('contentinfo').getByRole('link', { name: 'Întrebări frecvente' }).click()
  await expect(page).toHaveURL(/\/faq$/)
  await page.waitForTimeout(500) // nothing is sent: a slow machine only makes this check more lenient, never red
  expect(sent).toEqual([])
  expect(await page.evaluate(() => sessionStorage.getItem('asiguro:view-session'))).toBeNull()
})
