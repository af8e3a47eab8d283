/** Helpers of the browser tests that need an account: register through the page, sign in, read the development mailbox. */
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { randomInt } from 'node:crypto'
import { solveAltcha, type AltchaChallenge } from '../../src/contract/altcha-solver'
import { waitForHydration } from './support'

export const password = 'violet harbour lamps 1879'
export const email = () => `e2e-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.ro`

/**
 * Creates an account through the sign-up form, on the shared server or on `origin` (a server of
 * a spec's own), and checks where the new account lands (its orders, unless a gate says otherwise).
 */
export async function register(page: Page, address: string, { origin = '', landing = /\/account\/orders$/ }: { origin?: string; landing?: RegExp } = {}) {
  await page.goto(`${origin}/authenticate?mode=register`)
  await waitForHydration(page)
  await page.getByLabel('Prenume').fill('Ioana')
  await page.getByLabel('Nume', { exact: true }).fill('Marinescu')
  await page.getByLabel('E-mail').fill(address)
  await page.getByLabel('Parolă', { exact: true }).fill(password)
  await page.getByLabel('Repetați parola').fill(password)
  await page.getByRole('checkbox', { name: /Accept termenii/ }).check()
  await page.getByRole('button', { name: 'Creați contul' }).click()
  await expect(page).toHaveURL(landing, { timeout: 60_000 })
}

export async function signIn(page: Page, address: string, secret: string) {
  await page.getByLabel('E-mail').fill(address)
  await page.getByLabel('Parolă', { exact: true }).fill(secret)
  await page.getByRole('button', { name: 'Autentificare' }).click()
}

/** The newest message of a kind in the development mailbox, once it is there: some mail is written after the answer. */
export async function mailTo(request: APIRequestContext, address: string, kind: string): Promise<string> {
  let text: string | undefined
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(address)}`)
        const { data } = (await response.json()) as { data: { kind: string; text: string }[] }
        text = data.find((m) => m.kind === kind)?.text
        return text !== undefined
      },
      { message: `a ${kind} mail to ${address}`, timeout: 60_000, intervals: [100] },
    )
    .toBe(true)
  return text!
}

/**
 * Creates an account through the API, then signs in with the form; answers the token lifetime
 * (minutes) the provider gave. Sign-ups are limited per
 * address; the test server declares one proxy in front of it (TRUST_PROXY_HOPS=1 in
 * playwright.config.ts) and the test plays that proxy, saying which client it forwards, so each
 * account comes from an address of its own. The form's own journey is in accounts.spec.ts.
 */
export async function registerThroughApi(page: Page, request: APIRequestContext, address: string): Promise<{ accessTokenTtl: number }> {
  const challenge = (await (await request.get('/api/v1/captcha/challenge')).json()) as AltchaChallenge
  const response = await request.post('/api/v1/auth/register', {
    headers: { 'x-forwarded-for': `198.18.${randomInt(256)}.${randomInt(1, 255)}`, 'accept-language': 'ro' },
    data: { email: address, first_name: 'Ioana', last_name: 'Marinescu', password, password_confirmation: password, accept_terms: true, token: await solveAltcha(challenge) },
  })
  expect(response.status(), await response.text()).toBe(201)
  // Registration signs in; only the browser's session should exist.
  const { access_token, access_token_ttl } = (await response.json()) as { access_token: string; access_token_ttl: number }
  expect((await request.post('/api/v1/auth/logout', { headers: { authorization: `Bearer ${access_token}` } })).status()).toBe(200)
  await page.goto('/authenticate')
  await waitForHydration(page)
  await signIn(page, address, password)
  await expect(page).toHaveURL(/\/account\/orders$/, { timeout: 60_000 })
  return { accessTokenTtl: access_token_ttl }
}
