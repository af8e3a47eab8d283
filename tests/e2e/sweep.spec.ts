/**
 * The browser sweep: every page of the route tree, in ro, en and fr, 390 and 1280 px wide, signed
 * out and signed in, checked for what a visitor would notice (see `inspect`). One browser context
 * per language × width × signed state walks every page in one tab; the data the pages need (an
 * account with an issued RCA policy, a vehicle with a diary entry and a note, an open offer) is
 * made once per worker through the API. Each page's screenshot is attached to its test.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type BrowserContext, type Page, type TestInfo } from '@playwright/test'
import { productCodes } from '../../src/contract/constants'
import type { FileRoutesByFullPath } from '../../src/routeTree.gen'
import { password, signIn } from './support-accounts'
import { accountWithBearer, buyRcaPolicy, type IssuedPolicy } from './support-policies'
import { axeFindings, type AxePart } from './sweep-axe'
import { BASE_URL, waitForHydration, withConsentCookie } from './support'

const LANGUAGES = ['ro', 'en', 'fr'] as const
type Language = (typeof LANGUAGES)[number]
const WIDTHS = [390, 1280] as const

interface SweepData {
  policy: IssuedPolicy
  vehicleId: string
  diaryId: string
  noteId: string
}

interface Visit {
  path: string
  /** Only with a session (account pages); signed out they send the visitor to /authenticate, swept on its own. */
  signedInOnly?: boolean
  /** The status the page answers on purpose (the not-found page): its own failed load is not a console error. */
  status?: number
}

type Entry = (data: SweepData) => Visit[]

/**
 * The pages of each route of the route tree. Typed by the generated tree, and checked against it
 * at run time too: a new route without an entry here fails the sweep. `null` marks a route that is
 * no page (a file download, a redirect to another site).
 */
const ROUTES: Record<keyof FileRoutesByFullPath, Entry | null> = {
  '/': () => [{ path: '/' }],
  '/rca/{-$registration_plate}/{-$vin}': () => [{ path: '/rca' }, { path: '/rca/B123ABC/WVWZZZ1JZXW000001' }],
  '/rca-{$partnerCode}/{-$registration_plate}/{-$vin}': () => [{ path: '/rca-demo' }, { path: '/rca-demo/CJ12XYZ' }],
  '/travel': () => [{ path: '/travel' }],
  '/house': () => [{ path: '/house' }],
  '/insurance': () => [{ path: '/insurance' }],
  '/instantRo': () => [{ path: '/instantRo' }],
  '/lih': () => [{ path: '/lih' }],
  '/directbooking': () => [{ path: '/directbooking' }],
  '/virtualcards': () => [{ path: '/virtualcards' }],
  '/checkout': ({ policy }) => [{ path: '/checkout' }, { path: `/checkout?quote=${policy.quoteId}&offer=${policy.offerIds.at(-1)}` }],
  '/contact-us': () => [{ path: '/contact-us' }],
  '/faq': () => [{ path: '/faq' }],
  '/info/{-$slug}': () => ['', '/about-us', '/terms', '/privacy', '/cookies', '/complaints'].map((slug) => ({ path: `/info${slug}` })),
  '/terms-{$partnerCode}': () => [{ path: '/terms-demo' }],
  '/verify/': ({ policy }) => [{ path: '/verify' }, { path: `/verify?vehicle=${policy.plate}` }],
  '/verify/$code': ({ policy }) => [{ path: new URL(policy.verificationUrl).pathname }],
  '/thank-you': ({ policy }) => [{ path: '/thank-you' }, { path: `/thank-you?order=${policy.orderId}` }],
  '/wait-to-be-redirected/payment-processor': () => [{ path: '/wait-to-be-redirected/payment-processor' }],
  '/maintenance': () => [{ path: '/maintenance' }],
  '/authenticate': () => ['', '?mode=register', '?mode=forgot'].map((mode) => ({ path: `/authenticate${mode}` })),
  '/authenticate/google': () => [{ path: '/authenticate/google' }],
  '/confirm-email': () => [{ path: '/confirm-email?token=not-a-real-token' }],
  '/account-deleted': () => [{ path: '/account-deleted' }],
  '/account/': () => [{ path: '/account', signedInOnly: true }],
  '/account/orders': () => [{ path: '/account/orders', signedInOnly: true }],
  // A reminder's link: an unknown renewal leads to the cards.
  '/account/renewals/$id': () => [{ path: '/account/renewals/00000000-0000-4000-8000-000000000000', signedInOnly: true }],
  '/account/preferences': () => [{ path: '/account/preferences', signedInOnly: true }],
  '/account/profile': () => [{ path: '/account/profile', signedInOnly: true }],
  '/account/security': () => [{ path: '/account/security', signedInOnly: true }],
  '/account/2fa': () => [{ path: '/account/2fa', signedInOnly: true }],
  '/account/2fa-check': () => [{ path: '/account/2fa-check', signedInOnly: true }],
  // An account that accepted the terms is sent on to its orders: the page itself is in google-sign-in.spec.ts.
  '/account/terms': () => [{ path: '/account/terms', signedInOnly: true }],
  '/account/vehicles/': () => [{ path: '/account/vehicles', signedInOnly: true }],
  '/account/vehicles/$id/': ({ vehicleId }) => [{ path: `/account/vehicles/${vehicleId}`, signedInOnly: true }],
  '/account/vehicles/$id/diaries/': ({ vehicleId }) => [{ path: `/account/vehicles/${vehicleId}/diaries`, signedInOnly: true }],
  '/account/vehicles/$id/diaries/create': ({ vehicleId }) => [{ path: `/account/vehicles/${vehicleId}/diaries/create`, signedInOnly: true }],
  '/account/vehicles/$id/diaries/$diaryId': ({ vehicleId, diaryId }) => [{ path: `/account/vehicles/${vehicleId}/diaries/${diaryId}`, signedInOnly: true }],
  '/account/vehicles/$id/notes/': ({ vehicleId }) => [{ path: `/account/vehicles/${vehicleId}/notes`, signedInOnly: true }],
  '/account/vehicles/$id/notes/create': ({ vehicleId }) => [{ path: `/account/vehicles/${vehicleId}/notes/create`, signedInOnly: true }],
  '/account/vehicles/$id/notes/$noteId': ({ vehicleId, noteId }) => [{ path: `/account/vehicles/${vehicleId}/notes/${noteId}`, signedInOnly: true }],
  // The error page: an unknown address and a route's own validity check.
  '/virtualcards.webmanifest': null,
  '/account/vehicles/$id/diaries.csv': null,
  '/authenticate/google/start': null,
  '/orders/$id/document': null,
  '/offers/$id/documents/$kind': null,
}
const NOT_FOUND: Visit[] = [
  { path: '/no-such-page', status: 404 },
  { path: '/rca/B!23', status: 404 },
]

/** The full paths of the generated route tree, read from its source as the router sees them. */
function routeTreePaths(): string[] {
  const source = readFileSync(path.join(process.cwd(), 'src/routeTree.gen.ts'), 'utf8')
  const block = /export interface FileRoutesByFullPath \{\n([\s\S]*?)\n\}/.exec(source)?.[1] ?? ''
  return [...block.matchAll(/^\s*'([^']+)':/gm)].map((m) => m[1]!)
}

// ── What counts as a finding ─────────────────────────────────────────────────

/** The translations of a language's page catalogs, the pages' and the form fields' (`msgid` → `msgstr`), multi-line strings joined. */
function readCatalog(language: Language): Map<string, string> {
  const text = ['messages', 'fields'].map((catalog) => readFileSync(path.join(process.cwd(), `src/i18n/locales/${language}/${catalog}.po`), 'utf8')).join('\n')
  const unquote = (lines: string) => [...lines.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string).join('')
  const entries = new Map<string, string>()
  for (const m of text.matchAll(/^msgid ((?:".*"\n)+)msgstr ((?:".*"\n?)+)/gm)) entries.set(unquote(m[1]!), unquote(m[2]!))
  entries.delete('')
  return entries
}

/**
 * Strings that on a page in `language` can only be another language's text: every other catalog's
 * translations and the message ids (English source), less whatever this language's catalog says
 * too ("E-mail", "RCA"). Messages with placeholders and very short ones are left out: they cannot
 * be matched whole, or match by chance.
 */
function foreignStrings(language: Language): string[] {
  const own = readCatalog(language)
  const ownTexts = new Set([...own.values()])
  const foreign = new Set<string>()
  for (const other of LANGUAGES) {
    if (other === language) continue
    for (const [id, text] of readCatalog(other)) for (const s of [id, text]) foreign.add(s.trim())
  }
  return [...foreign].filter((s) => !ownTexts.has(s) && !s.includes('{') && s.length >= 5 && /\p{L}{3}/u.test(s))
}

const LATER_VERSION = /coming soon|available soon|in a (?:later|future) version|în curând|în (?:versiunea|viitoarea) |versiune viitoare|bientôt|prochainement|prochaine version/i
/** A code meant for programs: a product's (`HOUSE-INSURANCE`, in any case) or a status (`payment_failed`). */
const PRODUCT_CODE = new RegExp(`\\b(?:${productCodes.filter((code) => code.includes('-')).join('|')})\\b|\\b[a-z]{3,}_[a-z]{3,}(?:_[a-z]+)*\\b`, 'i')
const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/
/** 5.09 but not 1.234 (Romanian thousands) nor 10.0.1 (a version). */
const DOT_DECIMAL = /(?<![\d.,])\d+\.\d{1,2}(?![\d.])/

interface PageText {
  /** Visible text nodes, trimmed. */
  texts: string[]
  /** What assistive technology reads instead of text: labels, titles, placeholders, alternatives. */
  attributes: string[]
}

/** The visible text of the page and its accessible names, read in the page. */
function readPageText(page: Page): Promise<PageText> {
  return page.evaluate(() => {
    const texts: string[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      const text = node.textContent?.replace(/\s+/g, ' ').trim()
      if (!text || !parent || parent.closest('script, style, noscript, template')) continue
      if (!parent.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions)) continue
      texts.push(text)
    }
    const attributes: string[] = []
    for (const element of document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')) {
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name)?.trim()
        if (value) attributes.push(value)
      }
    }
    return { texts, attributes }
  })
}

interface Checker {
  language: Language
  foreign: Set<string>
  /** Where the run keeps its axe scans (sweep-axe.ts). */
  axeScans: string
}

/** Everything wrong with the page as it stands at the window's width, one line each. `axeParts`: what axe judges. */
async function inspect(page: Page, { language, foreign, axeScans }: Checker, axeParts: AxePart[]): Promise<string[]> {
  const findings: string[] = []
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }))
  if (scrollWidth > innerWidth) findings.push(`lays out ${scrollWidth} px wide in a ${innerWidth} px window`)
  // On a phone the header is one row with a menu, whatever the layout and the session.
  const header = await page.locator('header.site-header').boundingBox()
  if (innerWidth < 600 && header && header.height > 64) findings.push(`the header is ${header.height} px high on a phone (at most 64)`)
  findings.push(...(await axeFindings(page, axeParts, axeScans)).map((v) => `axe ${v}`))
  const { texts, attributes } = await readPageText(page)
  for (const text of [...texts, ...attributes]) {
    if (foreign.has(text)) findings.push(`another language's text: "${text}"`)
  }
  for (const text of texts) {
    const code = PRODUCT_CODE.exec(text)?.[0]
    if (code) findings.push(`code "${code}" in "${text}"`)
    if (LATER_VERSION.test(text)) findings.push(`promises a later version: "${text}"`)
    if (language === 'en') continue
    const date = ISO_DATE.exec(text)?.[0]
    if (date) findings.push(`ISO date ${date} in "${text}"`)
    const decimal = DOT_DECIMAL.exec(text)?.[0]
    if (decimal) findings.push(`dot decimal ${decimal} in "${text}"`)
  }
  return findings
}

// ── Data, made once per worker ────────────────────────────────────────────────

let data: SweepData
let signedInState: Awaited<ReturnType<BrowserContext['storageState']>>

test.describe.configure({ mode: 'parallel' })

test.beforeAll(async ({ browser, playwright }) => {
  test.setTimeout(180_000)
  const api = await playwright.request.newContext({ baseURL: BASE_URL })
  const owner = await accountWithBearer(api)
  const auth = { authorization: `Bearer ${owner.bearer}` }
  const policy = await buyRcaPolicy(api, owner.bearer)
  const vehicle = await api.post('/api/v1/vehicles', { headers: auth, data: { registration_plate: 'B 123 SWP' } })
  expect(vehicle.status(), await vehicle.text()).toBe(201)
  const vehicleId = ((await vehicle.json()) as { data: { id: string } }).data.id
  const diary = await api.post(`/api/v1/vehicles/${vehicleId}/diaries`, { headers: auth, data: { date: policy.startDate, category: 'fuel', amount: 25_050, litres: 35.5, odometer_km: 120_500, place: 'Cluj-Napoca' } })
  expect(diary.status(), await diary.text()).toBe(201)
  const note = await api.post(`/api/v1/vehicles/${vehicleId}/notes`, { headers: auth, data: { title: 'ITP', body: 'Inspecția tehnică', remind_at: `${policy.endDate}T09:00:00+02:00` } })
  expect(note.status(), await note.text()).toBe(201)
  data = {
    policy,
    vehicleId,
    diaryId: ((await diary.json()) as { data: { id: string } }).data.id,
    noteId: ((await note.json()) as { data: { id: string } }).data.id,
  }
  await api.dispose()

  // One sign-in through the form; every signed-in context starts from its cookies.
  const context = await browser.newContext({ baseURL: BASE_URL })
  await withConsentCookie(context)
  const page = await context.newPage()
  await page.goto('/authenticate')
  await waitForHydration(page)
  await signIn(page, owner.email, password)
  await expect(page).toHaveURL(/\/account\/orders$/)
  signedInState = await context.storageState()
  await context.close()
})

test('every route of the route tree has a sweep entry', () => {
  const paths = routeTreePaths()
  expect(paths.length).toBeGreaterThan(30)
  expect(paths.filter((p) => !(p in ROUTES)), 'routes without a sweep entry').toEqual([])
})

/**
 * One tab per language and signed state. Each page is loaded once at the phone's width (the first
 * paint a phone gets) and checked, then the window widens to the desktop's and it is checked again:
 * half the page loads of a context per width, for the same findings. The signed-in contexts, which
 * have more pages, come first, so the two workers finish together; each language starts at another
 * third of the pages, so that contexts running side by side scan different structures first.
 */
for (const signedIn of [true, false]) {
  for (const [languageIndex, language] of LANGUAGES.entries()) {
    test(`sweep: ${language}, ${signedIn ? 'signed in' : 'signed out'}`, async ({ browser }, testInfo: TestInfo) => {
      test.setTimeout(1_800_000) // only ends a hang: under load a context takes minutes (docs/testing.md)
      const pages = [...Object.values(ROUTES).flatMap((entry) => entry?.(data) ?? []), ...NOT_FOUND].filter((v) => signedIn || !v.signedInOnly)
      const start = Math.floor((pages.length * languageIndex) / LANGUAGES.length)
      const visits = [...pages.slice(start), ...pages.slice(0, start)]
      const checker: Checker = { language, foreign: new Set(foreignStrings(language)), axeScans: path.join(testInfo.project.outputDir, 'axe-scans') }
      const state = signedIn ? 'signed in' : 'signed out'
      const context = await browser.newContext({ baseURL: BASE_URL, locale: 'ro-RO', timezoneId: 'Europe/Bucharest', ...(signedIn ? { storageState: signedInState } : {}) })
      await withConsentCookie(context)
      await context.addCookies([{ name: 'locale', value: language, url: BASE_URL }])
      const page = await context.newPage()
      const consoleErrors: string[] = []
      let expectedStatus: number | undefined
      page.on('console', (message) => {
        if (message.type() !== 'error') return
        // The not-found page's own answer is logged as a failed load; that status is the point.
        if (expectedStatus && message.text().includes(`status of ${expectedStatus}`)) return
        consoleErrors.push(message.text())
      })
      page.on('pageerror', (error) => consoleErrors.push(error.message))
      for (const visit of visits) {
        consoleErrors.length = 0
        expectedStatus = visit.status
        await page.setViewportSize({ width: WIDTHS[0], height: 844 })
        const response = await page.goto(visit.path)
        expect.soft(response?.status(), `${visit.path} answers`).toBe(visit.status ?? 200)
        await waitForHydration(page)
        await expect(page.locator('html')).toHaveAttribute('lang', language)
        for (const width of WIDTHS) {
          const phone = width === WIDTHS[0]
          if (!phone) await page.setViewportSize({ width, height: 844 })
          // Widening changes what the header and footer show (menu or bar); the content's DOM stays
          // the one axe has just judged at the phone's width.
          const findings = await inspect(page, checker, phone ? ['main', 'frame'] : ['frame'])
          const name = `${language}-${width}-${signedIn ? 'in' : 'out'}${visit.path.replace(/[^a-zA-Z0-9]+/g, '_')}`
          const file = testInfo.outputPath(`${name}.jpeg`)
          await page.screenshot({ path: file, fullPage: phone, type: 'jpeg', quality: 60 })
          await testInfo.attach(name, { path: file, contentType: 'image/jpeg' })
          // Printed as found: a sweep runs for minutes, and its report comes at the end.
          for (const finding of findings) console.log(`SWEEP ${visit.path} (${language}, ${width} px, ${state}): ${finding}`)
          expect.soft(findings, `${visit.path} (${language}, ${width} px, ${state})`).toEqual([])
        }
        expect.soft(consoleErrors, `console errors on ${visit.path} (${language}, ${state})`).toEqual([])
      }
      await context.close()
    })
  }
}

test('a page asked for on another name of the host goes to the canonical origin first, so the session holds', async ({ browser, request }) => {
  const elsewhere = BASE_URL.replace('127.0.0.1', 'localhost')
  const direct = await request.get(`${elsewhere}/thank-you?order=${data.policy.orderId}`, { maxRedirects: 0 })
  expect(direct.status()).toBe(307)
  expect(direct.headers().location).toBe(`${BASE_URL}/thank-you?order=${data.policy.orderId}`)
  expect(direct.headers()['set-cookie'], 'no cookie on the other name').toBeUndefined()

  // Back from the card processor on the other name: still signed in, on the canonical origin.
  const context = await browser.newContext({ storageState: signedInState })
  const page = await context.newPage()
  await page.goto(`${elsewhere}/account/orders`)
  expect(page.url()).toBe(`${BASE_URL}/account/orders`)
  await expect(page.locator(`tr[data-order="${data.policy.orderId}"]`)).toBeVisible()
  await context.close()
})

test('on a first visit the cookie banner covers no field of the main form, on a phone or a desktop', async ({ browser }) => {
  for (const width of WIDTHS) {
    const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width, height: 844 } })
    const page = await context.newPage()
    for (const path of ['/', '/rca', '/travel', '/house']) {
      await page.goto(path)
      await expect(page.getByTestId('consent-banner')).toBeVisible()
      const field = page.locator('main form').first().locator('input:not([type=hidden]), select').first()
      await field.scrollIntoViewIfNeeded()
      // What a tap at the field's centre reaches: the field itself (or its label), never the banner.
      const reached = await field.evaluate((element) => {
        const box = element.getBoundingClientRect()
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
        return top === element || (top !== null && element.contains(top)) || (top instanceof HTMLLabelElement && top.control === element)
      })
      expect(reached, `${path} at ${width} px: the first field is not covered`).toBe(true)
    }
    await context.close()
  }
})
