/**
 * The account and two-step sign-in forms on the toolkit (decision 56): a bad input gets one
 * translated sentence under its field and no toast repeating it, and each form posts without
 * JavaScript (the server function answers a redirect; errors come back beside the same fields).
 */
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { currentStep, totpCode } from '../../src/server/auth/totp'
import { email, mailTo, password, registerThroughApi, signIn } from './support-accounts'
import { waitForHydration, withConsentCookie } from './support'

const codeField = (page: Page) => page.getByLabel('Cod de șase cifre')
const currentPassword = (page: Page) => page.getByLabel('Parola actuală', { exact: true })
const anyToast = (page: Page) => page.locator('[data-sonner-toast]')
/** The password that turns two-step sign-in off (the security page has another "current password", for changing it). */
const offPassword = (page: Page) => page.getByRole('region', { name: 'Autentificare în doi pași' }).getByLabel('Parola actuală', { exact: true })

/** A sentence shown exactly once on the page. */
async function expectOnce(page: Page, text: string) {
  await expect(page.getByText(text, { exact: true })).toHaveCount(1, { timeout: 60_000 })
}

/** A signed-in account in a browser that runs JavaScript. */
async function signedIn(browser: Browser, request: APIRequestContext) {
  const context = await browser.newContext({ locale: 'ro-RO' })
  await withConsentCookie(context)
  const page = await context.newPage()
  const address = email()
  await registerThroughApi(page, request, address)
  return { context, page, address }
}

/** The same browser's cookies in one without JavaScript (signing in itself needs the captcha's script). */
async function withoutScript(browser: Browser, from: { context: BrowserContext }) {
  const context = await browser.newContext({ locale: 'ro-RO', javaScriptEnabled: false, storageState: await from.context.storageState() })
  return { context, page: await context.newPage() }
}

/** Turns two-step sign-in on with an authenticator app (through the page); answers the secret. */
async function enrolAuthenticator(page: Page): Promise<string> {
  await page.goto('/account/2fa')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Afișați codul QR' }).click()
  const secret = ((await page.getByTestId('totp-secret').textContent({ timeout: 60_000 })) ?? '').replace(/\s/g, '')
  // A code too short: the schema's sentence under the field, before anything is sent.
  await codeField(page).fill('12')
  await codeField(page).blur()
  await expectOnce(page, 'Codul are 6 cifre.')
  await expect(codeField(page)).toHaveAttribute('aria-invalid', 'true')
  await codeField(page).fill(totpCode(secret, currentStep()))
  await expect(page.getByText('Codul are 6 cifre.')).toHaveCount(0)
  await currentPassword(page).fill(password)
  await page.getByRole('button', { name: 'Activați autentificarea în doi pași' }).click()
  await page.getByLabel('Am păstrat cheia de recuperare într-un loc sigur.').check({ timeout: 60_000 })
  await page.getByRole('button', { name: 'Continuați' }).click()
  await expect(page).toHaveURL(/\/account\/security$/)
  return secret
}

test('turning two-step sign-in off: each proof has its sentence under its field, never as a toast', async ({ browser, request }) => {
  const { context, page } = await signedIn(browser, request)
  const secret = await enrolAuthenticator(page)
  await waitForHydration(page)
  await expect(anyToast(page).filter({ hasText: 'Autentificarea în doi pași este activă.' })).toBeVisible()

  const turnOff = page.getByRole('button', { name: 'Dezactivați autentificarea în doi pași' })
  await turnOff.click()
  await expectOnce(page, 'Introduceți parola actuală sau un cod.')
  await expect(offPassword(page)).toHaveAttribute('aria-invalid', 'true')
  await expect(offPassword(page)).toBeFocused()
  await expect(anyToast(page).filter({ hasText: 'Introduceți parola actuală sau un cod.' })).toHaveCount(0)

  // A wrong password: the server's sentence, under the field.
  await offPassword(page).fill('not my password at all')
  await turnOff.click()
  await expectOnce(page, 'Parola nu este corectă.')
  await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(0)

  // With a code from the app instead: the code's own sentence.
  await page.getByLabel('un cod din aplicație').check()
  await codeField(page).fill('12')
  await turnOff.click()
  await expectOnce(page, 'Codul are 6 cifre.')
  await expect(codeField(page)).toHaveAttribute('aria-invalid', 'true')
  await codeField(page).fill(totpCode(secret, currentStep() + 1))
  await turnOff.click()
  await expect(page.getByRole('link', { name: 'Configurați autentificarea în doi pași' })).toBeVisible({ timeout: 60_000 })
  await context.close()
})

test.describe('without JavaScript', () => {
  test('profile: the confirmation link is sent again', async ({ browser, request }) => {
    const signed = await signedIn(browser, request)
    const { context, page } = await withoutScript(browser, signed)
    await signed.context.close()
    await page.goto('/account/profile')
    await page.getByRole('button', { name: 'Retrimiteți linkul de confirmare' }).click()
    await expect(page).toHaveURL(/\/account\/profile$/)
    expect(await mailTo(request, signed.address, 'email-verify')).toMatch(/\/confirm-email\?token=/)
    await context.close()
  })

  test('confirm-email: a broken link is refused once, the mailed one confirms the address', async ({ browser, request }) => {
    const signed = await signedIn(browser, request)
    const link = new URL((await mailTo(request, signed.address, 'welcome')).match(/https?:\/\/\S+/)![0])
    await signed.context.close()
    const context = await browser.newContext({ locale: 'ro-RO', javaScriptEnabled: false })
    await withConsentCookie(context)
    const page = await context.newPage()

    await page.goto('/confirm-email?token=not-the-token-that-was-mailed')
    await page.getByRole('button', { name: 'Confirmați adresa' }).click()
    await expect(page).toHaveURL(/\/confirm-email\?token=not-the-token/)
    await expect(page.getByRole('alert')).toHaveCount(1)
    await expect(page.getByRole('alert')).not.toBeEmpty()

    await page.goto(`${link.pathname}${link.search}`)
    await page.getByRole('button', { name: 'Confirmați adresa' }).click()
    await expect(page).toHaveURL(/\/confirm-email\?confirmed=verify$/)
    await expect(page.getByRole('status')).toHaveText('Vă mulțumim: adresa de e-mail este confirmată.')
    await context.close()
  })

  test('security: sign out the other device, then every other device', async ({ browser, request }) => {
    const signed = await signedIn(browser, request)
    const others = [await signedInAgain(browser, signed.address), await signedInAgain(browser, signed.address)]
    const { context, page } = await withoutScript(browser, signed)
    await signed.context.close()
    await page.goto('/account/security')
    const sessions = page.getByRole('list', { name: 'Dispozitive conectate' }).getByRole('listitem')
    await expect(sessions).toHaveCount(3)
    await sessions.filter({ hasNotText: 'Acest dispozitiv' }).first().getByRole('button').click()
    await expect(page).toHaveURL(/\/account\/security$/)
    await expect(sessions).toHaveCount(2)
    await page.getByRole('button', { name: 'Deconectați toate celelalte dispozitive' }).click()
    await expect(sessions).toHaveCount(1)
    await expect(page.getByText('Niciun alt dispozitiv nu este conectat la contul dumneavoastră.')).toBeVisible()
    for (const other of others) await other.close()
    await context.close()
  })

  test('two-step sign-in: set up refuses the QR code with a sentence, a wrong code comes back under its field, and the password turns it off', async ({ browser, request }) => {
    const signed = await signedIn(browser, request)
    let noScript = await withoutScript(browser, signed)
    // Set-up: the QR code needs the page's script, and says so in a sentence.
    await noScript.page.goto('/account/2fa')
    await noScript.page.getByRole('button', { name: 'Afișați codul QR' }).click()
    await expect(noScript.page).toHaveURL(/\/account\/2fa$/)
    await expectOnce(noScript.page, 'Codul QR pentru aplicație se afișează doar cu JavaScript activat. Activați JavaScript sau alegeți codurile prin e-mail.')
    await noScript.context.close()

    const secret = await enrolAuthenticator(signed.page)
    await signed.page.getByRole('banner').getByRole('button', { name: 'Deconectare' }).click()
    await expect(signed.page).toHaveURL(/\/$/)
    await signed.page.goto('/authenticate')
    await waitForHydration(signed.page)
    await signIn(signed.page, signed.address, password)
    await expect(signed.page).toHaveURL(/\/account\/2fa-check/, { timeout: 60_000 })

    // The second step: a code too short comes back under its field, typed anew (codes are never kept).
    noScript = await withoutScript(browser, signed)
    await noScript.page.goto('/account/2fa-check')
    await codeField(noScript.page).fill('12')
    await noScript.page.getByRole('button', { name: 'Confirmați' }).click()
    await expect(noScript.page).toHaveURL(/\/account\/2fa-check/)
    await expectOnce(noScript.page, 'Codul are 6 cifre.')
    await expect(codeField(noScript.page)).toHaveAttribute('aria-invalid', 'true')
    await expect(codeField(noScript.page)).toHaveValue('')
    await noScript.context.close()

    await waitForHydration(signed.page)
    await codeField(signed.page).fill(totpCode(secret, currentStep() + 1))
    await signed.page.getByRole('button', { name: 'Confirmați' }).click()
    await expect(signed.page).toHaveURL(/\/account\/orders$/, { timeout: 60_000 })

    // Turned off on the security page: a wrong password comes back under its field, the right one turns it off.
    noScript = await withoutScript(browser, signed)
    await signed.context.close()
    const page = noScript.page
    await page.goto('/account/security')
    await offPassword(page).fill('not my password at all')
    await page.getByRole('button', { name: 'Dezactivați autentificarea în doi pași' }).click()
    await expect(page).toHaveURL(/\/account\/security$/)
    await expectOnce(page, 'Parola nu este corectă.')
    await expect(offPassword(page)).toHaveAttribute('aria-invalid', 'true')
    await expect(offPassword(page)).toHaveValue('')
    await offPassword(page).fill(password)
    await page.getByRole('button', { name: 'Dezactivați autentificarea în doi pași' }).click()
    await expect(page.getByRole('link', { name: 'Configurați autentificarea în doi pași' })).toBeVisible()
    await noScript.context.close()
  })
})

/** Another browser signed in to the same account (a session to sign out). */
async function signedInAgain(browser: Browser, address: string) {
  const context = await browser.newContext({ locale: 'ro-RO' })
  await withConsentCookie(context)
  const page = await context.newPage()
  await page.goto('/authenticate')
  await waitForHydration(page)
  await signIn(page, address, password)
  await expect(page).toHaveURL(/\/account\/orders$/, { timeout: 60_000 })
  return context
}
