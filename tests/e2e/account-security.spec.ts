import { expect, test, type Browser, type Page } from '@playwright/test'
import { email, mailTo, password, registerThroughApi as register, signIn } from './support-accounts'
import { BASE_URL, expectNoSeriousAxeViolations, waitForHydration, withConsentCookie } from './support'

test.beforeEach(async ({ context }) => withConsentCookie(context))
// Only ends a hang: sign-ups, mail and two axe scans take over a minute on a busy machine.
test.describe.configure({ timeout: 180_000 })

const successToast = (page: Page) => page.locator('[data-sonner-toast][data-type="success"]')

/** The path and query of the first link in a message. */
const linkIn = (text: string) => {
  const url = new URL(text.match(/https?:\/\/\S+/)?.[0] ?? 'http://missing.invalid/')
  return `${url.pathname}${url.search}`
}

/** Another device: a phone, so the session list can tell the two apart. */
const PHONE = 'Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0'
/**
 * The phone reaches the site through the one proxy the test server trusts (TRUST_PROXY_HOPS=1):
 * the phone wrote the first entry itself, the proxy appended the address it saw.
 */
const PHONE_FORWARDED_FOR = '198.18.0.66, 203.0.113.77'

/** A second browser (its own cookies) signed in to the same account. */
async function secondBrowser(browser: Browser, address: string, secret = password) {
  const context = await browser.newContext({ locale: 'ro-RO', timezoneId: 'Europe/Bucharest', userAgent: PHONE, extraHTTPHeaders: { 'x-forwarded-for': PHONE_FORWARDED_FOR } })
  await withConsentCookie(context)
  const page = await context.newPage()
  await page.goto('/authenticate')
  await waitForHydration(page)
  await signIn(page, address, secret)
  await expect(page).toHaveURL(/\/account\/orders$/, { timeout: 60_000 })
  return { context, page }
}

test('edit the profile and confirm the address from the welcome mail', async ({ page, request }) => {
  const address = email()
  await register(page, request, address)
  const reminder = page.getByRole('note', { name: 'Confirmarea adresei de e-mail' })
  await expect(reminder).toContainText(address)

  await page.getByRole('navigation', { name: 'Cont' }).getByRole('link', { name: 'Profil' }).click()
  await expect(page).toHaveURL(/\/account\/profile$/)
  await expect(page.getByLabel('Prenume')).toHaveValue('Ioana')
  await expect(page.getByText('Neconfirmată încă')).toBeVisible()

  // A number that is not Romanian is refused on its field, and what was typed stays.
  await page.getByLabel('Prenume').fill('Ioana-Maria')
  await page.getByLabel('Telefon (opțional)').fill('+33612345678')
  await page.getByRole('button', { name: 'Salvați modificările' }).click()
  await expect(page.getByLabel('Telefon (opțional)')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Prenume')).toHaveValue('Ioana-Maria')

  await page.getByLabel('Telefon (opțional)').fill('0733111222')
  await page.getByRole('button', { name: 'Salvați modificările' }).click()
  await expect(successToast(page).filter({ hasText: 'Datele au fost salvate.' })).toBeVisible()
  await page.reload()
  await waitForHydration(page)
  await expect(page.getByLabel('Prenume')).toHaveValue('Ioana-Maria')
  await expect(page.getByLabel('Telefon (opțional)')).toHaveValue('0733111222')

  // The welcome mail's link confirms the address; the reminder goes away.
  const link = linkIn(await mailTo(request, address, 'welcome'))
  expect(link).toMatch(/^\/confirm-email\?token=/)
  await page.goto(link)
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Confirmați adresa' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'este confirmată' })).toBeVisible({ timeout: 60_000 })
  await page.getByRole('link', { name: 'Mergeți la profil' }).click()
  await expect(page.getByText('Confirmată', { exact: true })).toBeVisible()
  await expect(page.getByRole('note', { name: 'Confirmarea adresei de e-mail' })).toHaveCount(0)
})

test('change the e-mail address through the link mailed to the new one, opened signed out', async ({ page, request, browser }) => {
  const address = email()
  const next = email()
  await register(page, request, address)
  await page.goto('/account/profile')
  await waitForHydration(page)
  await page.getByLabel('Adresa de e-mail nouă').fill(next)
  await page.getByLabel('Parola actuală', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Trimiteți linkul de confirmare', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: `Am trimis un link la ${next}` })).toBeVisible({ timeout: 60_000 })
  // Nothing changes before the link is opened.
  await expect(page.getByText(`Contul dumneavoastră folosește adresa ${address}.`)).toBeVisible()
  expect(await mailTo(request, address, 'email-change-notice')).not.toContain(next)

  const visitor = await browser.newContext({ locale: 'ro-RO' })
  await withConsentCookie(visitor)
  const other = await visitor.newPage()
  await other.goto(linkIn(await mailTo(request, next, 'email-change')))
  await waitForHydration(other)
  await expect(other.locator('[data-layout]')).toHaveAttribute('data-layout', 'minimal')
  await other.getByRole('button', { name: 'Confirmați adresa' }).click()
  await expect(other.getByRole('status').filter({ hasText: `folosește acum ${next}` })).toBeVisible({ timeout: 60_000 })
  await other.getByRole('link', { name: 'Autentificare' }).click()
  await expect(other).toHaveURL(/\/authenticate\?/)
  await waitForHydration(other)
  await expect(other.getByLabel('E-mail')).toHaveValue(next)
  await signIn(other, next, password)
  await expect(other).toHaveURL(/\/account\/orders$/, { timeout: 60_000 })
  await visitor.close()

  await page.reload()
  await waitForHydration(page)
  await expect(page.getByText(`Contul dumneavoastră folosește adresa ${next}.`)).toBeVisible()
  await expect(page.getByText('Confirmată', { exact: true })).toBeVisible()
})

test('change the password: another browser is signed out, this one stays', async ({ page, request, browser }) => {
  const address = email()
  await register(page, request, address)
  const second = await secondBrowser(browser, address)

  await page.goto('/account/security')
  await waitForHydration(page)
  // A wrong current password is refused on its field.
  await page.getByLabel('Parola actuală', { exact: true }).fill('not my password at all')
  await page.getByLabel('Parola nouă', { exact: true }).fill('amber ferries cross at dawn')
  await page.getByLabel('Repetați parola nouă').fill('amber ferries cross at dawn')
  await page.getByRole('button', { name: 'Schimbați parola' }).click()
  await expect(page.getByLabel('Parola actuală', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  // Once, beside the field; not again as a toast.
  await expect(page.getByText('Parola actuală nu este corectă.', { exact: true })).toHaveCount(1)
  await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(0)

  await page.getByLabel('Parola actuală', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Schimbați parola' }).click()
  await expect(successToast(page).filter({ hasText: 'Parola a fost schimbată. Alte dispozitive deconectate: 1.' })).toBeVisible({ timeout: 60_000 })
  await expect(page.getByLabel('Parola actuală', { exact: true })).toHaveValue('')

  await second.page.getByRole('navigation', { name: 'Cont' }).getByRole('link', { name: 'Profil' }).click()
  await expect(second.page).toHaveURL(/\/authenticate\?.*reason=signed_out/)
  // Told what happened, not blamed on inactivity.
  await expect(second.page.getByRole('alert').filter({ hasText: 'Sesiunea de pe acest dispozitiv a fost închisă de pe alt dispozitiv sau după schimbarea parolei.' }).first()).toBeVisible()
  await second.context.close()

  await page.reload()
  await expect(page).toHaveURL(/\/account\/security$/)
})

test('see both sessions and sign the other device out', async ({ page, request, browser }) => {
  const address = email()
  await register(page, request, address)
  const second = await secondBrowser(browser, address)

  await page.goto('/account/security')
  await waitForHydration(page)
  const sessions = page.getByRole('list', { name: 'Dispozitive conectate' }).getByRole('listitem')
  await expect(sessions).toHaveCount(2)
  const mine = sessions.filter({ hasText: 'Acest dispozitiv' })
  await expect(mine).toHaveCount(1)
  await expect(mine).toContainText('Chrome pe Windows')
  await expect(mine.getByRole('button')).toHaveCount(0)
  // Last use in Bucharest time, in Romanian.
  await expect(mine.locator('time').first()).toContainText(String(new Date().getFullYear()))

  const theOther = sessions.filter({ hasNotText: 'Acest dispozitiv' })
  await expect(theOther).toContainText('Firefox pe Android')
  // Each session keeps its client's address by the rule of decision 40: the proxy's entry, never the one the client wrote.
  await expect(mine).toContainText('127.0.0.1')
  await expect(theOther).toContainText('203.0.113.77')
  await expect(theOther).not.toContainText('198.18.0.66')
  await theOther.getByRole('button', { name: 'Deconectați Firefox pe Android', exact: true }).click()
  await expect(successToast(page).filter({ hasText: 'Firefox pe Android a fost deconectat.' })).toBeVisible()
  await expect(sessions).toHaveCount(1)
  await expect(page.getByText('Niciun alt dispozitiv nu este conectat la contul dumneavoastră.')).toBeVisible()

  await second.page.reload()
  await expect(second.page).toHaveURL(/\/authenticate\?.*reason=signed_out/)
  // Told what happened, not blamed on inactivity.
  await expect(second.page.getByRole('alert').filter({ hasText: 'Sesiunea de pe acest dispozitiv a fost închisă de pe alt dispozitiv sau după schimbarea parolei.' }).first()).toBeVisible()
  await second.context.close()
})

test('sign out all other devices at once', async ({ page, request, browser }) => {
  const address = email()
  await register(page, request, address)
  const second = await secondBrowser(browser, address)
  await page.goto('/account/security')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Deconectați toate celelalte dispozitive' }).click()
  await expect(successToast(page).filter({ hasText: 'Alte dispozitive deconectate: 1.' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Dispozitive conectate' }).getByRole('listitem')).toHaveCount(1)
  await second.page.reload()
  await expect(second.page).toHaveURL(/\/authenticate\?.*reason=signed_out/)
  // Told what happened, not blamed on inactivity.
  await expect(second.page.getByRole('alert').filter({ hasText: 'Sesiunea de pe acest dispozitiv a fost închisă de pe alt dispozitiv sau după schimbarea parolei.' }).first()).toBeVisible()
  await second.context.close()
})

test('delete the account after confirming with the password, then be refused at sign-in', async ({ page, request }) => {
  const address = email()
  await register(page, request, address)
  await page.goto('/account/security')
  await waitForHydration(page)

  const opener = page.getByRole('button', { name: 'Ștergeți contul…' })
  await opener.click()
  const dialog = page.getByRole('dialog', { name: 'Ștergeți definitiv contul?' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('Parolă', { exact: true })).toBeFocused()
  // Escape closes it without deleting anything, and focus goes back to the button.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()

  await opener.click()
  await dialog.getByLabel('Parolă', { exact: true }).fill('not my password at all')
  await dialog.getByRole('button', { name: 'Ștergeți contul' }).click()
  await expect(dialog.getByLabel('Parolă', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  await expect(dialog.getByText('Parola nu este corectă.')).toBeVisible()

  await dialog.getByLabel('Parolă', { exact: true }).fill(password)
  await dialog.getByRole('button', { name: 'Ștergeți contul' }).click()
  await expect(page).toHaveURL(/\/account-deleted$/, { timeout: 60_000 })
  await expect(page.getByRole('heading', { level: 1, name: 'Contul dumneavoastră a fost șters' })).toBeVisible()
  await expect(page.getByRole('banner').getByRole('button', { name: 'Deconectare' })).toHaveCount(0)

  await page.goto('/account/profile')
  await expect(page).toHaveURL(/\/authenticate\?last_url=%2Faccount%2Fprofile$/)
  await waitForHydration(page)
  await signIn(page, address, password)
  await expect(page.getByRole('alert').filter({ hasText: 'Acest cont a fost șters.' })).toBeVisible({ timeout: 60_000 })
  await expect(page).toHaveURL(/\/authenticate/)
})

for (const theme of ['light', 'dark'] as const) {
  test(`the profile and security pages pass the accessibility scan (${theme})`, async ({ page, context, request }) => {
    await context.addCookies([{ name: 'theme', value: theme, url: BASE_URL }])
    const address = email()
    await register(page, request, address)
    for (const path of ['/account/profile', '/account/security']) {
      await page.goto(path)
      await waitForHydration(page)
      await expectNoSeriousAxeViolations(page, `${path} (${theme})`)
    }
    await page.getByRole('button', { name: 'Ștergeți contul…' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await expectNoSeriousAxeViolations(page, `delete dialog (${theme})`)
    await page.keyboard.press('Escape')

    // The public pages of these journeys, as a signed-out visitor sees them.
    const link = linkIn(await mailTo(request, address, 'welcome'))
    await context.clearCookies()
    await withConsentCookie(context)
    await context.addCookies([{ name: 'theme', value: theme, url: BASE_URL }])
    for (const path of [link, '/confirm-email', '/account-deleted']) {
      const response = await page.goto(path)
      expect(response?.status()).toBe(200)
      await waitForHydration(page)
      await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', 'minimal')
      await expectNoSeriousAxeViolations(page, `${path.split('?')[0]} (${theme})`)
    }
  })
}
