/** The checkout as a guest fills it in (in English), the sandbox processor's card form, and the documents after. */
import { expect, type Download, type Page } from '@playwright/test'
import { readPdf } from '../support/pdf-text'
import { waitForHydration } from './support'

export interface Buyer {
  email: string
  first: string
  last: string
  phone: string
  locality: string
  street: string
}

export const ioana = (email: string): Buyer => ({ email, first: 'Ioana', last: 'Marinescu', phone: '0722123456', locality: 'Cluj-Napoca', street: 'Str. Memorandumului 1' })

/** The buyer's details, consent not yet ticked. */
export async function fillBuyer(page: Page, buyer: Buyer): Promise<void> {
  await waitForHydration(page)
  await page.getByLabel('First name', { exact: true }).fill(buyer.first)
  await page.getByLabel('Last name', { exact: true }).fill(buyer.last)
  await page.getByLabel('E-mail').fill(buyer.email)
  await page.getByLabel('Phone').fill(buyer.phone)
  await page.getByLabel('County').selectOption('Cluj')
  await page.getByLabel('Locality').fill(buyer.locality)
  await page.getByLabel('Street, number, building, flat').fill(buyer.street)
}

/** The sandbox processor's card form, once it shows: `card` decides the answer (approved, declined, 3-D Secure). */
export async function payByCard(page: Page, card: string, holder: string): Promise<void> {
  await expect(page.getByLabel('Card number')).toBeVisible({ timeout: 60_000 })
  await page.getByLabel('Card number').fill(card)
  await page.getByLabel('Expiry (MM/YY)').fill('12/30')
  await page.getByLabel('CVC').fill('123')
  await page.getByLabel('Name on card').fill(holder)
  await page.getByRole('button', { name: /^Pay/ }).click()
}

/** A guest's whole checkout with a card approved at once, to the thank-you page. */
export async function payAsGuest(page: Page, email: string): Promise<void> {
  await fillBuyer(page, ioana(email))
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: /^Pay .* by card$/ }).click()
  await payByCard(page, '4111 1111 1111 1111', 'IOANA MARINESCU')
  await expect(page).toHaveURL(/\/thank-you\?order=/)
}

async function pdfText(download: Download): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer)
  return (await readPdf(new Uint8Array(Buffer.concat(chunks)))).text
}

/**
 * On the thank-you page (in English): waits until the order is issued, then downloads each of its
 * `count` policies' PDF and finds the policy's number in it. Answers the documents' text.
 */
export async function expectIssuedDocuments(page: Page, count: number): Promise<string[]> {
  await expect(page.locator('.order-progress')).toHaveAttribute('data-status', 'issued', { timeout: 60_000 })
  const policies = page.locator('.order-progress__policy')
  await expect(policies).toHaveCount(count)
  const texts: string[] = []
  for (const policy of await policies.all()) {
    const number = /Policy (?:\S+ )?(\S+), valid/.exec((await policy.textContent()) ?? '')?.[1] ?? ''
    expect(number).not.toBe('')
    const download = page.waitForEvent('download')
    await policy.getByRole('link', { name: /^Download (the policy|policy .*) \(PDF\)$/ }).click()
    const text = await pdfText(await download)
    expect(text).toContain(number)
    texts.push(text)
  }
  return texts
}
