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
    // The watcher arrives after hydration and counts its 10 s from then: moving the clock on before
    // it is armed would leave its first check still due.
    await expect(page.locator('html')).toHaveAttribute('data-build-watch', 'armed')
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

test('the build id the client bundle carries is the one build.json announces: a build never reports itself as new', async ({ request }) => {
  const { id } = (await (await request.get('/build.json')).json()) as { id: string }
  expect(id).toMatch(/^[0-9a-z]+-[0-9a-f]{8}$/)
  // Every script the home page can load, its lazy chunks included (the build watcher is one).
  const html = await (await request.get('/')).text()
  const pending = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((match) => match[1]!)
  const seen = new Set<string>()
  const carried = new Set<string>()
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue
    seen.add(file)
    const code = await (await request.get(`/assets/${file}`)).text()
    for (const match of code.matchAll(/["'`]\.\/([\w.-]+\.js)["'`]/g)) pending.push(match[1]!)
    for (const match of code.matchAll(/["'`]([0-9a-z]{6,}-[0-9a-f]{8})["'`]/g)) carried.add(match[1]!)
  }
  expect(seen.size).toBeGreaterThan(5)
  expect([...carried]).toEqual([id])
})
