/** Helpers of the browser tests that need an account: register through the page, sign in, read the development mailbox. */
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { waitForHydration } from './support'

export const password = 'violet harbour lamps 1879'
export const email = () => `e2e-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.ro`

export async function register(page: Page, address: string) {
  await page.goto('/authenticate?mode=register')
  await waitForHydration(page)
  await page.getByLabel('Prenume').fill('Ioana')
  await page.getByLabel('Nume', { exact: true }).fill('Marinescu')
  await page.getByLabel('E-mail').fill(address)
  await page.getByLabel('Parolă', { exact: true }).fill(password)
  await page.getByLabel('Repetați parola').fill(password)
  await page.getByRole('button', { name: 'Creați contul' }).click()
  await expect(page).toHaveURL(/\/account\/orders$/, { timeout: 15_000 })
}

export async function signIn(page: Page, address: string, secret: string) {
  await page.getByLabel('E-mail').fill(address)
  await page.getByLabel('Parolă', { exact: true }).fill(secret)
  await page.getByRole('button', { name: 'Autentificare' }).click()
}

export async function mailTo(request: APIRequestContext, address: string, kind: string): Promise<string> {
  const response = await request.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(address)}`)
  const { data } = (await response.json()) as { data: { kind: string; text: string }[] }
  const message = data.find((m) => m.kind === kind)
  if (!message) throw new Error(`no ${kind} mail to ${address}`)
  return message.text
}

