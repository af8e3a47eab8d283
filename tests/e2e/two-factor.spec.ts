import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { currentStep, totpCode } from '../../src/server/auth/totp'
import { email, mailTo, password, register, signIn } from './support-accounts'
import { expectNoSeriousAxeViolations, waitForHydration, withConsentCookie } from './support'

test.beforeEach(async ({ context }) => withConsentCookie(context))

const codeField = (page: Page) => page.getByLabel('Cod de șase cifre')
const currentPassword = (page: Page) => page.getByLabel('Parola actuală', { exact: true })
const successToast = (page: Page) => page.locator('[data-sonner-toast][data-type="success"]')

/** The newest six-digit code mailed to an address. */
async function mailedCode(request: APIRequestContext, address: string): Promise<string> {
  const code = (await mailTo(request, address, 'two-factor-code')).match(/\b(\d{6})\b/)?.[1]
  if (!code) throw new Error('no code in the mail')
  return code
}

/** Finishes an enrolment: the recovery key is shown once, kept, and the visitor goes on to `last_url`. */
async function keepRecoveryKey(page: Page): Promise<string> {
  const key = (await page.getByTestId('recovery-key').textContent({ timeout: 60_000 }))?.trim() ?? ''
  expect(key).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/)
  const go = page.getByRole('button', { name: 'Continuați' })
  await expect(go).toBeDisabled()
  await page.getByLabel('Am păstrat cheia de recuperare într-un loc sigur.').check()
  await go.click()
  return key
}

async function signOut(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Deconectare' }).click()
  await expect(page).toHaveURL(/\/$/)
}

test('authenticator app: set up from the QR secret, then every sign-in asks the code and returns to the page asked for', async ({ page }) => {
  const address = email()
  await register(page, address)
  await page.goto('/account/security')
  await page.getByRole('link', { name: 'Configurați autentificarea în doi pași' }).click()
  await expect(page).toHaveURL(/\/account\/2fa\?last_url=%2Faccount%2Fsecurity$/)
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Afișați codul QR' }).click()
  await expect(page.getByRole('img', { name: 'Cod QR pentru aplicația de autentificare' })).toBeVisible({ timeout: 60_000 })
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '')
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  await codeField(page).fill(totpCode(secret, currentStep()))
  // Turning it on needs the current password, not only the session.
  await currentPassword(page).fill('not my password at all')
  await page.getByRole('button', { name: 'Activați autentificarea în doi pași' }).click()
  await expect(currentPassword(page)).toHaveAttribute('aria-invalid', 'true', { timeout: 60_000 })
  // Once, beside the field; not again as a toast.
  await expect(page.getByText('Parola nu este corectă.', { exact: true })).toHaveCount(1)
  await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(0)
  // The server takes a code of the previous, current or next 30 s step: a code is made just before
  // it is sent, never one made before a wait of unknown length (the refusal above).
  const enrolStep = currentStep()
  await codeField(page).fill(totpCode(secret, enrolStep))
  await currentPassword(page).fill(password)
  await page.getByRole('button', { name: 'Activați autentificarea în doi pași' }).click()
  await keepRecoveryKey(page)
  await expect(page).toHaveURL(/\/account\/security$/)
  await expect(page.getByRole('status').filter({ hasText: 'Activă din' })).toBeVisible()

  await signOut(page)
  await page.goto('/account/vehicles')
  await waitForHydration(page)
  await signIn(page, address, password)
  // The second step comes before any account page, and remembers where the visitor was going.
  await expect(page).toHaveURL(/\/account\/2fa-check\?last_url=%2Faccount%2Fvehicles$/, { timeout: 60_000 })
  await waitForHydration(page)
  await page.goto('/account/orders')
  await expect(page).toHaveURL(/\/account\/2fa-check\?last_url=%2Faccount%2Forders$/)
  await waitForHydration(page)
  // The code used at enrolment is spent (or, on a machine slow enough, expired: the same sentence).
  await codeField(page).fill(totpCode(secret, enrolStep))
  await page.getByRole('button', { name: 'Confirmați' }).click()
  await expect(page.getByText('Codul nu este corect sau a expirat.', { exact: true })).toHaveCount(1, { timeout: 60_000 })
  await expect(codeField(page)).toHaveAttribute('aria-invalid', 'true')
  await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(0)
  // A code of the step after now: later than the spent one however little time has passed, and
  // still the next step when the server reads it (the step after enrolment's may have expired).
  await codeField(page).fill(totpCode(secret, currentStep() + 1))
  await page.getByRole('button', { name: 'Confirmați' }).click()
  await expect(page).toHaveURL(/\/account\/orders$/, { timeout: 60_000 })
  await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', 'account')
})

test('codes by e-mail: set up with a mailed code, then sign in with another', async ({ page, request }) => {
  const address = email()
  await register(page, address)
  await page.goto('/account/2fa?last_url=%2Faccount%2Fprofile')
  await waitForHydration(page)
  await page.getByLabel(/Cod prin e-mail/).check()
  await page.getByRole('button', { name: 'Trimiteți-mi un cod' }).click()
  await expect(page.getByRole('heading', { name: 'Verificați e-mailul' })).toBeVisible({ timeout: 60_000 })
  await codeField(page).fill(await mailedCode(request, address))
  await currentPassword(page).fill(password)
  await page.getByRole('button', { name: 'Activați autentificarea în doi pași' }).click()
  await keepRecoveryKey(page)
  await expect(page).toHaveURL(/\/account\/profile$/)

  await signOut(page)
  await page.goto('/authenticate')
  await waitForHydration(page)
  await signIn(page, address, password)
  await expect(page).toHaveURL(/\/account\/2fa-check/, { timeout: 60_000 })
  await waitForHydration(page)
  await expectNoSeriousAxeViolations(page, '/account/2fa-check')
  await page.getByRole('button', { name: 'Trimiteți-mi codul' }).click()
  await expect(page.getByRole('button', { name: 'Trimiteți un cod nou' })).toBeVisible({ timeout: 60_000 })
  await codeField(page).fill(await mailedCode(request, address))
  await page.getByRole('button', { name: 'Confirmați' }).click()
  await expect(page).toHaveURL(/\/account\/orders$/, { timeout: 60_000 })

  // Turned off on the security page with a code mailed for it, instead of the password.
  await page.goto('/account/security')
  await waitForHydration(page)
  await page.getByLabel('un cod trimis prin e-mail').check()
  await page.getByRole('button', { name: 'Trimiteți-mi un cod' }).click()
  await expect(successToast(page).filter({ hasText: `Am trimis un cod la ${address}.` })).toBeVisible({ timeout: 60_000 })
  await codeField(page).fill(await mailedCode(request, address))
  await page.getByRole('button', { name: 'Dezactivați autentificarea în doi pași' }).click()
  await expect(successToast(page).filter({ hasText: 'Autentificarea în doi pași este dezactivată.' })).toBeVisible({ timeout: 60_000 })
  await expect(page.getByRole('link', { name: 'Configurați autentificarea în doi pași' })).toBeVisible()
})

test('a lost device: the recovery key turns two-step sign-in off and lets the visitor in', async ({ page }) => {
  const address = email()
  await register(page, address)
  await page.goto('/account/2fa')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Afișați codul QR' }).click()
  const secret = ((await page.getByTestId('totp-secret').textContent({ timeout: 60_000 })) ?? '').replace(/\s/g, '')
  await codeField(page).fill(totpCode(secret, currentStep()))
  await currentPassword(page).fill(password)
  await page.getByRole('button', { name: 'Activați autentificarea în doi pași' }).click()
  const recoveryKey = await keepRecoveryKey(page)

  await signOut(page)
  await page.goto('/account/security')
  await waitForHydration(page)
  await signIn(page, address, password)
  await expect(page).toHaveURL(/\/account\/2fa-check\?last_url=%2Faccount%2Fsecurity$/, { timeout: 60_000 })
  await waitForHydration(page)
  await page.getByRole('button', { name: /Folosiți cheia de recuperare/ }).click()
  await page.getByLabel('Cheie de recuperare').fill('AAAAA-BBBBB-CCCCC-DDDDD')
  await page.getByRole('button', { name: 'Folosiți cheia de recuperare' }).click()
  await expect(page.getByLabel('Cheie de recuperare')).toHaveAttribute('aria-invalid', 'true', { timeout: 60_000 })
  await page.getByLabel('Cheie de recuperare').fill(recoveryKey.toLowerCase())
  await page.getByRole('button', { name: 'Folosiți cheia de recuperare' }).click()
  await expect(page).toHaveURL(/\/account\/security$/, { timeout: 60_000 })
  await expect(page.locator('[data-sonner-toast][data-type="warning"]')).toContainText('Autentificarea în doi pași este dezactivată.')
  await expect(page.getByRole('link', { name: 'Configurați autentificarea în doi pași' })).toBeVisible()
})
