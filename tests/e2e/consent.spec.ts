import { expect, test } from '@playwright/test'
import { email, registerThroughApi } from './support-accounts'
import { operator, waitForHydration } from './support'

interface RecordedConsent {
  id: string
  consent: { necessary: boolean; preferences: boolean; analytics: boolean; marketing: boolean }
  ip: string | null
  authenticated: boolean
  user_id: string | null
}

async function latestConsents(request: Parameters<typeof operator>[0]): Promise<RecordedConsent[]> {
  return ((await operator(request, 'GET', '/cookie-consents?limit=5')) as { data: RecordedConsent[] }).data
}

test('a first visit shows the banner; accepting records the consent with the IP and hides it for good', async ({ page, request }) => {
  const before = new Set((await latestConsents(request)).map((c) => c.id))
  const response = await page.goto('/insurance')
  // Rendered by the server: the banner is in the first paint.
  expect(await response?.text()).toContain('data-testid="consent-banner"')
  const banner = page.getByRole('region', { name: 'Cookie-uri pe acest site' })
  await expect(banner).toBeVisible()
  await waitForHydration(page)

  await banner.getByRole('button', { name: 'Accept toate' }).click()
  await expect(banner).toBeHidden({ timeout: 60_000 })

  const recorded = (await latestConsents(request)).filter((c) => !before.has(c.id))
  expect(recorded).toHaveLength(1)
  expect(recorded[0]?.consent).toEqual({ necessary: true, preferences: true, analytics: true, marketing: true })
  expect(recorded[0]?.ip).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/)

  await page.reload()
  await expect(page.getByTestId('consent-banner')).toHaveCount(0)
})

test('choosing: only the allowed categories are recorded, and the footer reopens the settings', async ({ page, request }) => {
  await page.goto('/faq')
  await waitForHydration(page)
  const banner = page.getByTestId('consent-banner')
  await banner.getByRole('button', { name: 'Aleg' }).click()
  await banner.getByRole('checkbox', { name: /Analiză/ }).check()
  await banner.getByRole('button', { name: 'Salvez alegerile' }).click()
  await expect(banner).toBeHidden({ timeout: 60_000 })
  const [latest] = await latestConsents(request)
  expect(latest?.consent).toEqual({ necessary: true, preferences: false, analytics: true, marketing: false })

  await page.getByRole('contentinfo').getByRole('button', { name: 'Setări cookie-uri' }).click()
  await expect(page.getByTestId('consent-banner')).toBeVisible()
  await page.getByTestId('consent-banner').getByRole('button', { name: 'Doar necesare' }).click()
  await expect(page.getByTestId('consent-banner')).toBeHidden({ timeout: 60_000 })
  const [changed] = await latestConsents(request)
  expect(changed?.consent).toEqual({ necessary: true, preferences: false, analytics: false, marketing: false })
})

test('a signed-in visitor’s choice is recorded against the account', async ({ page, request }) => {
  await registerThroughApi(page, request, email())
  await page.getByRole('contentinfo').getByRole('button', { name: 'Setări cookie-uri' }).click()
  const banner = page.getByTestId('consent-banner')
  await banner.getByRole('button', { name: 'Doar necesare' }).click()
  await expect(banner).toBeHidden({ timeout: 60_000 })
  const [latest] = await latestConsents(request)
  expect(latest).toMatchObject({ authenticated: true, consent: { necessary: true, preferences: false, analytics: false, marketing: false } })
  expect(latest?.user_id).toMatch(/^[0-9a-f-]{36}$/)
})
