import { expect, test } from '@playwright/test'
import { email, mailTo, password, register, registerThroughApi, signIn } from './support-accounts'
import { waitForHydration, withConsentCookie } from './support'

test.beforeEach(async ({ context }) => withConsentCookie(context))

test('register, sign out, sign in again and come back to the page asked for', async ({ page, request, context }) => {
  const address = email()
  await register(page, address)
  await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', 'account')
  expect(await mailTo(request, address, 'welcome')).toContain('/confirm-email?token=')

  // The token never reaches the browser: the session cookie is sealed and httpOnly.
  const cookie = (await context.cookies()).find((c) => c.name.endsWith('asiguro_session'))
  expect(cookie?.httpOnly).toBe(true)
  expect(cookie?.sameSite).toBe('Lax')
  expect(await page.evaluate(() => document.cookie)).not.toContain('asiguro_session')

  await page.getByRole('banner').getByRole('button', { name: 'Deconectare' }).click()
  await expect(page).toHaveURL(/\/$/)
  await page.goto('/account/vehicles')
  await expect(page).toHaveURL(/\/authenticate\?last_url=%2Faccount%2Fvehicles$/)
  await waitForHydration(page)
  await signIn(page, address, password)
  await expect(page).toHaveURL(/\/account\/vehicles$/, { timeout: 60_000 })
  await expect(page.getByRole('heading', { level: 1, name: 'Vehicule' })).toBeVisible()

  // Signed in, /authenticate is not for guests.
  await page.goto('/authenticate')
  await expect(page).toHaveURL(/\/account\/orders$/)
})

test('the session cookie lives as long as the provider’s token (access_token_ttl)', async ({ page, request, context }) => {
  // The cookie is made between these two moments, however long registering takes on a busy machine.
  const before = Date.now() / 1000
  const { accessTokenTtl } = await registerThroughApi(page, request, email())
  const after = Date.now() / 1000
  const cookie = (await context.cookies()).find((c) => c.name.endsWith('asiguro_session'))
  const expires = cookie?.expires ?? 0
  // iron-session lets the cookie go a minute before the seal it carries.
  expect(expires - before).toBeGreaterThan(accessTokenTtl * 60 - 60 - 30)
  expect(expires - after).toBeLessThanOrEqual(accessTokenTtl * 60)
})

test('a wrong password shows one message, beside the password, the same as an unknown address', async ({ page }) => {
  await page.goto('/authenticate')
  await waitForHydration(page)
  await signIn(page, email(), 'not my password at all')
  const message = page.getByText('Adresa de e-mail sau parola nu este corectă.')
  await expect(message).toHaveCount(1, { timeout: 60_000 })
  // Shown once, next to its field, and not again as a toast.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)
  const field = page.getByLabel('Parolă', { exact: true })
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(field).toHaveAttribute('aria-describedby', (await message.getAttribute('id')) ?? 'missing')
  await expect(field).toBeFocused()
})

test('password reset by the e-mailed link ends the other sessions', async ({ page, request, browser }) => {
  const address = email()
  await register(page, address)

  // A second browser asks for the reset link.
  const other = await browser.newContext({ locale: 'ro-RO' })
  await withConsentCookie(other)
  const resetPage = await other.newPage()
  await resetPage.goto('/authenticate?mode=forgot')
  await waitForHydration(resetPage)
  await resetPage.getByLabel('E-mail').fill(address)
  await resetPage.getByRole('button', { name: 'Trimiteți-mi un link' }).click()
  await expect(resetPage.getByRole('status').filter({ hasText: 'valabil 60 de minute' })).toBeVisible({ timeout: 60_000 })

  const link = (await mailTo(request, address, 'password-reset')).match(/https?:\/\/\S+/)?.[0] ?? ''
  const url = new URL(link)
  await resetPage.goto(`${url.pathname}${url.search}`)
  await waitForHydration(resetPage)
  const newPassword = 'copper kites over danube'
  await resetPage.getByLabel('Parola nouă').fill(newPassword)
  await resetPage.getByLabel('Repetați parola').fill(newPassword)
  await resetPage.getByRole('button', { name: 'Salvați parola nouă' }).click()
  await expect(resetPage).toHaveURL(/mode=sign-in/, { timeout: 60_000 })
  await signIn(resetPage, address, newPassword)
  await expect(resetPage).toHaveURL(/\/account\/orders$/, { timeout: 60_000 })
  await other.close()

  // The first browser's session was ended by the reset: it is signed out and told why.
  await page.getByRole('link', { name: 'Profil' }).click()
  await expect(page).toHaveURL(/\/authenticate\?.*reason=signed_out/)
  await expect(page.getByRole('alert').filter({ hasText: 'Sesiunea de pe acest dispozitiv a fost închisă de pe alt dispozitiv sau după schimbarea parolei.' }).first()).toBeVisible()
})

test('an hour without activity signs the visitor out', async ({ page }) => {
  await page.clock.install()
  const address = email()
  await register(page, address)
  // The watcher arms when the shell renders signed in (the sign-out button comes with it).
  await expect(page.getByRole('banner').getByRole('button', { name: 'Deconectare' })).toBeVisible()
  await page.clock.fastForward('59:00')
  await page.mouse.move(10, 10) // activity restarts the hour
  await page.clock.fastForward('59:00')
  await expect(page).toHaveURL(/\/account\/orders$/)
  await page.clock.fastForward('02:00')
  await expect(page).toHaveURL(/\/authenticate\?reason=inactivity&last_url=%2Faccount%2Forders$/, { timeout: 60_000 })
  await expect(page.getByRole('alert').filter({ hasText: 'Ați fost deconectat din cauza inactivității.' })).toBeVisible()
})
