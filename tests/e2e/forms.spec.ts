/**
 * The form toolkit (src/ui/form, decision 56) as a visitor meets it: the contract schema's
 * sentence beside the field, once, in the visitor's language; the first invalid field focused;
 * and the same sentences after a post without JavaScript.
 */
import { expect, test, type Page } from '@playwright/test'
import { waitForHydration, withConsentCookie } from './support'

test.beforeEach(async ({ context }) => withConsentCookie(context))

async function expectOnce(page: Page, text: string) {
  await expect(page.getByText(text, { exact: true })).toHaveCount(1)
}

for (const { locale, labels, sentences } of [
  {
    locale: 'ro-RO',
    labels: { name: 'Numele dumneavoastră', phone: 'Telefon (opțional)', send: 'Trimiteți mesajul' },
    sentences: {
      phone: 'Introduceți un număr de telefon din România, de exemplu 0722 123 456 sau +40 722 123 456.',
      name: 'Spuneți-ne cum vă numiți (cel puțin 2 litere).',
      email: 'Introduceți adresa de e-mail.',
      message: 'Scrieți mesajul, în cel puțin 10 caractere.',
    },
  },
  {
    locale: 'en-GB',
    labels: { name: 'Your name', phone: 'Phone (optional)', send: 'Send the message' },
    sentences: {
      phone: 'Enter a Romanian phone number, for example 0722 123 456 or +40 722 123 456.',
      name: 'Tell us your name (at least 2 letters).',
      email: 'Enter your e-mail address.',
      message: 'Write your message, in at least 10 characters.',
    },
  },
]) {
  test(`contact form (${locale}): a field's sentence once, beside it, never a pattern or a toast`, async ({ browser }) => {
    const context = await browser.newContext({ locale })
    await withConsentCookie(context)
    const page = await context.newPage()
    await page.goto('/contact-us')
    await waitForHydration(page)

    // On blur: the phone number's sentence, once, tied to the field.
    const phone = page.getByLabel(labels.phone)
    await phone.fill('12345')
    await phone.blur()
    await expectOnce(page, sentences.phone)
    await expect(phone).toHaveAttribute('aria-invalid', 'true')
    await expect(phone).toHaveAttribute('aria-describedby', /contact-phone-error/)
    await expect(page.locator('body')).not.toContainText('[237]')

    // Fixed while typing: the sentence goes.
    await phone.fill('0722123456')
    await expect(page.getByText(sentences.phone)).toHaveCount(0)
    await expect(phone).not.toHaveAttribute('aria-invalid', 'true')

    // Submitted empty: each field's sentence once, the first invalid field focused, no toast.
    await page.getByRole('button', { name: labels.send }).click()
    for (const sentence of [sentences.name, sentences.email, sentences.message]) await expectOnce(page, sentence)
    await expect(page.getByLabel(labels.name)).toBeFocused()
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)
    await expect(page.locator('body')).not.toContainText(/Prea mic|Too small|expected string/i)
    await context.close()
  })
}

// The RCA steps hydrate after the page's first load and their sentences load on first use
// (decision 80): the right language's sentence still shows beside the field.
for (const { path, label, sentence } of [
  { path: '/rca', label: 'Număr de înmatriculare', sentence: 'Introduceți un număr de înmatriculare românesc valid, de exemplu B 123 ABC sau CJ 12 ABC (numerele roșii: județul urmat de cifre care încep cu 0).' },
  { path: '/en/rca', label: 'Registration plate', sentence: 'Enter a valid Romanian registration number, for example B 123 ABC or CJ 12 ABC (red plates: the county followed by digits starting with 0).' },
  { path: '/fr/rca', label: 'Numéro d’immatriculation', sentence: 'Saisissez un numéro d’immatriculation roumain valide, par exemple B 123 ABC ou CJ 12 ABC (plaques rouges : le département suivi de chiffres commençant par 0).' },
]) {
  test(`RCA vehicle step (${path}): the sentence of the visitor's language beside the plate`, async ({ page }) => {
    await page.goto(path)
    await waitForHydration(page)
    const plate = page.getByLabel(label, { exact: true })
    await plate.fill('12')
    await plate.blur()
    await expectOnce(page, sentence)
    await expect(plate).toHaveAttribute('aria-invalid', 'true')
  })
}

test('without JavaScript, a posted form comes back with the same sentences beside the same fields', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'ro-RO', javaScriptEnabled: false })
  await withConsentCookie(context)
  const page = await context.newPage()

  await page.goto('/authenticate')
  await page.getByLabel('E-mail').fill('not-an-address')
  await page.getByLabel('Parolă', { exact: true }).fill('a secret')
  await page.getByRole('button', { name: 'Autentificare' }).click()
  await expect(page).toHaveURL(/\/authenticate$/)
  await expectOnce(page, 'Introduceți o adresă de e-mail de forma nume@exemplu.ro.')
  await expect(page.getByLabel('E-mail')).toHaveValue('not-an-address') // what was typed stays
  await expect(page.getByLabel('Parolă', { exact: true })).toHaveValue('') // a password never comes back
  await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true')

  // Registration: the terms box is required; the other sentences come back too, once each.
  await page.goto('/authenticate?mode=register')
  await page.getByLabel('Prenume').fill('Ioana')
  await page.getByLabel('Telefon (opțional)').fill('12345')
  await page.getByRole('button', { name: 'Creați contul' }).click()
  await expect(page).toHaveURL(/mode=register/)
  await expectOnce(page, 'Pentru a crea contul, acceptați termenii și condițiile și politica de confidențialitate.')
  await expectOnce(page, 'Introduceți un număr de telefon din România, de exemplu 0722 123 456 sau +40 722 123 456.')
  await expectOnce(page, 'Introduceți numele de familie.')
  await expect(page.getByLabel('Prenume')).toHaveValue('Ioana')
  await expect(page.getByRole('link', { name: 'termenii și condițiile' })).toHaveAttribute('href', '/info/terms')

  // Read once: a reload shows the form clean.
  await page.reload()
  await expect(page.getByText('Introduceți numele de familie.')).toHaveCount(0)
  await context.close()
})

test('what a visitor types before the page’s JavaScript runs is kept and sent', async ({ page }) => {
  // A slow phone: the page is there, its scripts are not yet.
  let scriptsArrive!: () => void
  const slowNetwork = new Promise<void>((resolve) => (scriptsArrive = resolve))
  await page.route('**/assets/**/*.js', async (route) => {
    await slowNetwork
    await route.continue()
  })
  await page.goto('/contact-us', { waitUntil: 'domcontentloaded' })
  await page.getByLabel('Numele dumneavoastră').fill('Ana Popescu')
  scriptsArrive()
  await waitForHydration(page)
  await page.getByLabel('E-mail').fill('ana@example.ro')
  await page.getByLabel('Mesaj').fill('Aș dori o ofertă RCA pentru o Dacia Logan din 2019.')
  await page.getByRole('button', { name: 'Trimiteți mesajul' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Mesajul a fost trimis' })).toBeVisible({ timeout: 60_000 })
  await expect(page.getByText('Spuneți-ne cum vă numiți (cel puțin 2 litere).')).toHaveCount(0)
})
