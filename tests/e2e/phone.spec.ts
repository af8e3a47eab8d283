/**
 * What a new user hit on a phone: no signed-in page scrolls sideways at 390 px,
 * "Deconectare" is a styled button, the menu closes after a choice, the Romanian 404 is all
 * Romanian, the sessions list names browser and system, and the broker's details come from
 * configuration (fictional defaults that pass their checks; the phone wherever a call is promised).
 */
import { expect, test, type Page } from '@playwright/test'
import { email, registerThroughApi } from './support-accounts'
import { MOBILE, waitForHydration, withConsentCookie } from './support'
import { OWN_SERVER_START_MS, startAppServer, withConsentCookieFor, type AppServer } from './support-server'

test.beforeEach(async ({ context }) => withConsentCookie(context))
/** How far the page scrolls sideways: 0 when it fits the screen. */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

const SIGNED_IN_PAGES = ['/', '/account/orders', '/account/profile', '/account/security', '/account/preferences', '/account/vehicles', '/contact-us', '/info/about-us']

test.describe('on a 390 px phone, signed in', () => {
  test.use({ viewport: MOBILE })

  test('no page scrolls sideways, and "Deconectare" is a button of the header\'s menu like the others', async ({ page, request }) => {
    await registerThroughApi(page, request, email())
    for (const path of SIGNED_IN_PAGES) {
      await page.goto(path)
      await waitForHydration(page)
      expect(await sidewaysOverflow(page), `${path} scrolls sideways`).toBeLessThanOrEqual(0)
    }
    // On a phone the header's tools are in its menu: the header stays one row of at most 64 px.
    expect((await page.locator('header.site-header').boundingBox())!.height).toBeLessThanOrEqual(64)
    await page.locator('details.main-nav__menu summary').click()
    const signOut = page.getByRole('button', { name: 'Deconectare' })
    await expect(signOut).toBeVisible()
    const style = await signOut.evaluate((element) => {
      const css = getComputedStyle(element)
      return { background: css.backgroundColor, radius: css.borderRadius, cursor: css.cursor, font: css.fontFamily }
    })
    const bodyFont = await page.evaluate(() => getComputedStyle(document.body).fontFamily)
    // Not the browser's grey button: transparent, rounded like the account link, the page's font.
    expect(style).toEqual({ background: 'rgba(0, 0, 0, 0)', radius: '8px', cursor: 'pointer', font: bodyFont })
    const box = await signOut.boundingBox()
    expect(box!.x + box!.width).toBeLessThanOrEqual(MOBILE.width)
  })

  test('the menu closes once a page is chosen', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    const menu = page.locator('details.main-nav__menu')
    await menu.locator('summary').click()
    await expect(menu).toHaveAttribute('open', '')
    await menu.getByRole('link', { name: 'Călătorie' }).click()
    await expect(page).toHaveURL(/\/travel$/)
    await expect(menu).not.toHaveAttribute('open')
    await expect(menu.getByRole('link', { name: 'Călătorie' })).toBeHidden()
  })
})

test.describe('on a 390 px phone, the quote forms', () => {
  test.use({ viewport: MOBILE })

  test('keep the page margins, fit the screen, and put each checkbox beside its label', async ({ page }) => {
    for (const path of ['/rca', '/travel', '/house', '/instantRo', '/lih']) {
      await page.goto(path)
      expect(await sidewaysOverflow(page), `${path} scrolls sideways`).toBeLessThanOrEqual(0)
      const form = page.locator('main form').first()
      const box = await form.boundingBox()
      expect(box!.x, `${path}: the form starts at the page margin`).toBeGreaterThanOrEqual(16)
      expect(box!.x + box!.width, `${path}: the form ends at the page margin`).toBeLessThanOrEqual(MOBILE.width - 16)
    }
    await page.goto('/rca')
    // The step titles carry their numbers ("1. Vehiculul"): the list adds none of its own.
    const steps = page.getByRole('navigation', { name: 'Pașii comparației' }).getByRole('listitem')
    await expect(steps).toHaveCount(4)
    expect(await steps.first().evaluate((item) => getComputedStyle(item).listStyleType)).toBe('none')
    await page.goto('/travel')
    await waitForHydration(page)
    await expect(page.getByRole('checkbox', { name: 'Adăugați asigurarea bagajelor' })).toBeVisible()
    // Both boxes read in one frame: two reads apart could straddle a layout change above them (once 179 px on CI).
    const label = page.locator('label', { hasText: 'Adăugați asigurarea bagajelor' })
    const { boxOf, labelOf } = await label.evaluate((element: HTMLLabelElement) => {
      const rect = (node: Element) => {
        const { x, y, height } = node.getBoundingClientRect()
        return { x, y, height }
      }
      return { boxOf: rect(element.control!), labelOf: rect(element) }
    })
    expect(Math.abs(boxOf.y + boxOf.height / 2 - (labelOf.y + labelOf.height / 2)), 'the checkbox sits on its label’s line').toBeLessThan(8)
    expect(boxOf.x).toBeLessThan(labelOf.x)
  })
})

test('the Romanian 404 page has no English line', async ({ page }) => {
  const response = await page.goto('/info/nothing-here')
  expect(response?.status()).toBe(404)
  const text = await page.locator('main').innerText()
  expect(text).toContain('Pagina nu a fost găsită: /info/nothing-here')
  expect(text).not.toContain('Page Not Found')
})

test('by default the footer shows the configured, clearly fictional broker and its phone, which road assistance shows where it promises a call', async ({ page }) => {
  await page.goto('/')
  const footer = page.locator('footer.site-footer')
  await expect(footer.getByRole('link', { name: /^contact@/ }).first()).toBeVisible()
  await expect(footer.locator('a[href="tel:+40215550100"]').first()).toHaveText('+40 21 555 0100')
  await expect(footer.getByTestId('broker-details')).toContainText('RO48712038')
  await page.goto('/directbooking')
  await expect(page.locator('.hero__phone a[href="tel:+40215550100"]')).toHaveText('+40 21 555 0100')
})

test.describe('with the broker’s details configured', () => {
  let server: AppServer
  test.beforeAll(async () => {
    test.setTimeout(OWN_SERVER_START_MS)
    server = await startAppServer({
      BROKER_LEGAL_NAME: 'Exemplu Broker de Asigurare S.R.L.',
      BROKER_ASF_REGISTRATION: 'RBK-9876',
      BROKER_FISCAL_CODE: 'RO12345674',
      BROKER_TRADE_REGISTER: 'J40/1234/2020',
      BROKER_ADDRESS: 'Str. Exemplului 1, București',
      SUPPORT_PHONE: '+40 31 425 1100',
    })
  })
  test.afterAll(() => server?.stop())

  test('the footer and “Despre noi” show them', async ({ page, context }) => {
    await withConsentCookieFor(context, server.url)
    await page.goto(`${server.url}/info/about-us`)
    const footer = page.locator('footer.site-footer')
    for (const scope of [footer.getByTestId('broker-details'), page.locator('main').getByTestId('broker-details')]) {
      await expect(scope).toContainText('Exemplu Broker de Asigurare S.R.L.')
      await expect(scope).toContainText('Registrul ASF al intermediarilor în asigurări')
      await expect(scope).toContainText('RBK-9876')
      await expect(scope).toContainText('RO12345674')
      await expect(scope).toContainText('J40/1234/2020')
      await expect(scope).toContainText('Str. Exemplului 1, București')
    }
    await expect(footer.locator('a[href="tel:+40314251100"]').first()).toHaveText('+40 31 425 1100')
  })
})
