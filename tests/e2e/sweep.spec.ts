/**
 * The browser sweep: every page of the route tree, in ro, en and fr, 390 and 1280 px wide, signed
 * out and signed in, checked for what a visitor would notice (see `inspect`). Each test walks a
 * third of the pages of one language and signed state in one tab, loading each page at the phone's
 * width and widening it to the desktop's; the data the pages need (an account with an issued RCA
 * policy, a vehicle with a diary entry and a note, an open offer) is made once per worker through
 * the API. Each page's screenshot is attached to its test. Decisions 125, 145, 151 and 152.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { test as base, expect, type Browser, type BrowserContext, type CDPSession, type Page, type TestInfo } from '@playwright/test'
import { productCodes } from '../../src/contract/constants'
import type { FileRoutesByFullPath } from '../../src/routeTree.gen'
import { password, signIn } from './support-accounts'
import { accountWithBearer, buyRcaPolicy, type IssuedPolicy } from './support-policies'
import { axeFindings } from './sweep-axe'
import { readPage, type AxePart, type PageReading } from './sweep-page'
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

/** A language's foreign strings, read once per worker. */
const foreignByLanguage = new Map<Language, Set<string>>()
function foreignSet(language: Language): Set<string> {
  let set = foreignByLanguage.get(language)
  if (!set) foreignByLanguage.set(language, (set = new Set(foreignStrings(language))))
  return set
}

/** Everything wrong with the page as read at the window's width, one line each; `axe`: its serious axe violations. */
function inspect(reading: PageReading, language: Language, axe: string[]): string[] {
  const findings: string[] = []
  if (reading.lang !== language) findings.push(`the document's language is "${reading.lang}", not ${language}`)
  if (reading.scrollWidth > reading.innerWidth) findings.push(`lays out ${reading.scrollWidth} px wide in a ${reading.innerWidth} px window`)
  // On a phone the header is one row with a menu, whatever the layout and the session.
  if (reading.innerWidth < 600 && reading.headerHeight !== null && reading.headerHeight > 64) findings.push(`the header is ${reading.headerHeight} px high on a phone (at most 64)`)
  findings.push(...axe.map((v) => `axe ${v}`))
  const foreign = foreignSet(language)
  for (const text of [...reading.texts, ...reading.attributes]) {
    if (foreign.has(text)) findings.push(`another language's text: "${text}"`)
  }
  for (const text of reading.texts) {
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

// ── One tab of a language and signed state ───────────────────────────────────

interface Tab {
  page: Page
  /** The browser's own screenshot call: Playwright's waits for fonts and frames the sweep has already waited for. */
  cdp: CDPSession
  language: Language
  state: 'signed in' | 'signed out'
  /** Console errors and page errors since the current visit began. */
  consoleErrors: string[]
  /** The status the current visit answers on purpose: its own failed load is not a console error. */
  expectedStatus?: number
  /** Where the run keeps its axe scans (sweep-axe.ts). */
  axeScans: string
}

/** A tab of its own context; `signedInState`: the session's cookies, none for a signed-out tab. */
async function openTab(browser: Browser, language: Language, signedInState: StorageState | undefined, testInfo: TestInfo): Promise<Tab> {
  const signedIn = signedInState !== undefined
  const context = await browser.newContext({ baseURL: BASE_URL, locale: 'ro-RO', timezoneId: 'Europe/Bucharest', ...(signedInState ? { storageState: signedInState } : {}) })
  await withConsentCookie(context)
  await context.addCookies([{ name: 'locale', value: language, url: BASE_URL }])
  const page = await context.newPage()
  const tab: Tab = { page, cdp: await context.newCDPSession(page), language, state: signedIn ? 'signed in' : 'signed out', consoleErrors: [], axeScans: path.join(testInfo.project.outputDir, 'axe-scans') }
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    // The not-found page's own answer is logged as a failed load; that status is the point.
    if (tab.expectedStatus && message.text().includes(`status of ${tab.expectedStatus}`)) return
    tab.consoleErrors.push(message.text())
  })
  page.on('pageerror', (error) => tab.consoleErrors.push(error.message))
  return tab
}

/** A JPEG of the page: the whole page on a phone, the window on a desktop (Chromium's texture limit bounds the height). */
async function screenshot(tab: Tab, reading: PageReading, phone: boolean): Promise<Buffer> {
  const clip = { x: 0, y: 0, width: reading.innerWidth, height: Math.min(reading.scrollHeight, 16_000), scale: 1 }
  const { data } = await tab.cdp.send('Page.captureScreenshot', { format: 'jpeg', quality: 60, optimizeForSpeed: true, ...(phone ? { captureBeyondViewport: true, clip } : {}) })
  return Buffer.from(data, 'base64')
}

/**
 * Loads the page at the phone's width (the first paint a phone gets) and checks it, then widens the
 * window to the desktop's and checks again: one load for both widths. Answers the findings, each
 * with its width; a screenshot per width is attached to the test. `plant`: called once the page is
 * hydrated, before any check (the planted-defect test).
 */
async function sweepVisit(tab: Tab, visit: Visit, testInfo: TestInfo, plant?: (page: Page) => Promise<void>): Promise<string[]> {
  const { page, language, state } = tab
  tab.consoleErrors.length = 0
  tab.expectedStatus = visit.status
  const findings: string[] = []
  await page.setViewportSize({ width: WIDTHS[0], height: 844 })
  const response = await page.goto(visit.path)
  if (response?.status() !== (visit.status ?? 200)) findings.push(`answers ${response?.status()}, not ${visit.status ?? 200}`)
  if (plant) {
    await readPage(page, { hydration: true, parts: [] })
    await plant(page)
  }
  for (const width of WIDTHS) {
    const phone = width === WIDTHS[0]
    if (!phone) await page.setViewportSize({ width, height: 844 })
    // Widening changes what the header and footer show (menu or bar); the content's DOM stays the
    // one axe has just judged at the phone's width.
    const parts: AxePart[] = phone ? ['main', 'frame'] : ['frame']
    const reading = await readPage(page, { hydration: phone, parts })
    const found = inspect(reading, language, await axeFindings(page, reading.structures, tab.axeScans))
    const name = `${language}-${width}-${state === 'signed in' ? 'in' : 'out'}${visit.path.replace(/[^a-zA-Z0-9]+/g, '_')}`
    await testInfo.attach(name, { body: await screenshot(tab, reading, phone), contentType: 'image/jpeg' })
    findings.push(...found.map((finding) => `${width} px: ${finding}`))
  }
  findings.push(...tab.consoleErrors.map((error) => `console: ${error}`))
  // Printed as found: a sweep runs for minutes, and its report comes at the end.
  for (const finding of findings) console.log(`SWEEP ${visit.path} (${language}, ${state}): ${finding}`)
  return findings
}

// ── Data, made once per worker ────────────────────────────────────────────────

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>

interface Prepared {
  data: SweepData
  signedInState: StorageState
}

/**
 * The sweep's account, its policy, vehicle, diary entry and note through the API, and its browser
 * session, side by side: a worker fixture, not a `beforeAll`, because Playwright splits the tests
 * of a parallel file with `beforeAll` hooks into one fixed share per worker, whereas tests without
 * them go one by one to whichever worker is free, so the workers finish together.
 */
const test = base.extend<object, { prepared: Prepared }>({
  prepared: [
    async ({ browser, playwright }, use) => {
      const api = await playwright.request.newContext({ baseURL: BASE_URL })
      const owner = await accountWithBearer(api)
      const auth = { authorization: `Bearer ${owner.bearer}` }
      const idOf = async (response: Awaited<ReturnType<typeof api.post>>) => {
        expect(response.status(), await response.text()).toBe(201)
        return ((await response.json()) as { data: { id: string } }).data.id
      }
      const vehicleWithEntries = async (policy: Promise<IssuedPolicy>) => {
        const vehicleId = await idOf(await api.post('/api/v1/vehicles', { headers: auth, data: { registration_plate: 'B 123 SWP' } }))
        const { startDate, endDate } = await policy
        const [diaryId, noteId] = await Promise.all([
          api.post(`/api/v1/vehicles/${vehicleId}/diaries`, { headers: auth, data: { date: startDate, category: 'fuel', amount: 25_050, litres: 35.5, odometer_km: 120_500, place: 'Cluj-Napoca' } }).then(idOf),
          api.post(`/api/v1/vehicles/${vehicleId}/notes`, { headers: auth, data: { title: 'ITP', body: 'Inspecția tehnică', remind_at: `${endDate}T09:00:00+02:00` } }).then(idOf),
        ])
        return { vehicleId, diaryId, noteId }
      }
      // One sign-in through the form; every signed-in context starts from its cookies.
      const signInThroughTheForm = async () => {
        const context = await browser.newContext({ baseURL: BASE_URL })
        await withConsentCookie(context)
        const page = await context.newPage()
        await page.goto('/authenticate')
        await waitForHydration(page)
        await signIn(page, owner.email, password)
        await expect(page).toHaveURL(/\/account\/orders$/)
        const state = await context.storageState()
        await context.close()
        return state
      }
      const policy = buyRcaPolicy(api, owner.bearer)
      const [issued, vehicle, signedInState] = await Promise.all([policy, vehicleWithEntries(policy), signInThroughTheForm()])
      await api.dispose()
      await use({ data: { policy: issued, ...vehicle }, signedInState })
    },
    { scope: 'worker', timeout: 180_000 },
  ],
})

test.describe.configure({ mode: 'parallel' })

test('every route of the route tree has a sweep entry', () => {
  const paths = routeTreePaths()
  expect(paths.length).toBeGreaterThan(30)
  expect(paths.filter((p) => !(p in ROUTES)), 'routes without a sweep entry').toEqual([])
})

/** The pages a signed state sweeps, in the table's order. */
function pagesFor(data: SweepData, signedIn: boolean): Visit[] {
  return [...Object.values(ROUTES).flatMap((entry) => entry?.(data) ?? []), ...NOT_FOUND].filter((v) => signedIn || !v.signedInOnly)
}

/**
 * Each language and signed state's pages in thirds, one test each: eighteen tests of a few dozen
 * page views, so the workers stay busy to the end. They are queued in rounds: in each round every
 * third is swept once, each in another language, so the tests running side by side meet different
 * structures first and axe scans each one once (sweep-axe.ts); the first round scans, the next two
 * mostly reuse. The signed-in rounds, with more pages, come first.
 */
const PARTS = 3
for (const signedIn of [true, false]) {
  for (let round = 0; round < LANGUAGES.length; round++) {
    for (let part = 0; part < PARTS; part++) {
      const language = LANGUAGES[(part + round) % LANGUAGES.length]!
      test(`sweep: ${language}, ${signedIn ? 'signed in' : 'signed out'}, part ${part + 1} of ${PARTS}`, async ({ browser, prepared }, testInfo: TestInfo) => {
        test.setTimeout(600_000) // only ends a hang: under load a part takes a minute or more (docs/testing.md)
        const pages = pagesFor(prepared.data, signedIn)
        const visits = pages.slice(Math.floor((pages.length * part) / PARTS), Math.floor((pages.length * (part + 1)) / PARTS))
        const tab = await openTab(browser, language, signedIn ? prepared.signedInState : undefined, testInfo)
        for (const visit of visits) expect.soft(await sweepVisit(tab, visit, testInfo), `${visit.path} (${language}, ${tab.state})`).toEqual([])
        await tab.page.context().close()
      })
    }
  }
}

/**
 * Every check of the sweep can fail: defects planted into a real page after it has hydrated are
 * each reported, through the same steps as the sweep's, and a structure another tab scanned reports
 * its stored violations.
 */
test('the sweep reports each kind of defect planted into a page', async ({ browser }, testInfo) => {
  const plant = (foreign: string) => async (page: Page) => {
    // Once React has no work left: a change to a part it is still hydrating is undone by its retry.
    await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())))
    await page.evaluate((foreign) => {
      // Appended to the body, after what React renders: a part it is still hydrating would be
      // rendered again on the client, without what was planted into it.
      const planted = document.createElement('div')
      planted.innerHTML = `<p>${foreign}</p><p>HOUSE-INSURANCE</p><p>Stare: payment_failed</p><p>Valabilă din 2026-11-28</p><p>Preț 5.09 lei</p><p>Coming soon</p>`
      // axe: an image without a text alternative (critical).
      planted.insertAdjacentHTML('beforeend', '<img src="/favicon.svg" width="16" height="16">')
      document.body.append(planted)
      // Overflow and a tall phone header, through the CSS object model, which the CSP allows.
      const wide = document.createElement('div')
      wide.style.position = 'absolute'
      wide.style.top = '0'
      wide.style.width = '2000px'
      wide.textContent = 'x'
      document.body.append(wide)
      ;(document.querySelector('header.site-header') as HTMLElement).style.height = '100px'
      console.error('planted console error')
      // An inline style attribute: the page's CSP refuses it and says so in the console.
      planted.setAttribute('style', 'outline: 1px solid red')
      document.documentElement.lang = 'xx'
    }, foreign)
  }
  const ro = await openTab(browser, 'ro', undefined, testInfo)
  const roForeign = [...foreignSet('ro')].find((text) => /^[\p{L} ]+$/u.test(text))!
  const found = await sweepVisit(ro, { path: '/faq' }, testInfo, plant(roForeign))
  const expected = [
    /^390 px: the document's language is "xx", not ro$/,
    /^1280 px: the document's language is "xx", not ro$/,
    /^390 px: lays out \d+ px wide in a 390 px window$/,
    /^1280 px: lays out \d+ px wide in a 1280 px window$/,
    /^390 px: the header is 100 px high on a phone/,
    /^390 px: axe \[critical\] image-alt/,
    new RegExp(`^390 px: another language's text: "${roForeign}"$`),
    /^390 px: code "HOUSE-INSURANCE"/,
    /^390 px: code "payment_failed"/,
    /^390 px: ISO date 2026-11-28/,
    /^390 px: dot decimal 5\.09/,
    /^390 px: promises a later version: "Coming soon"/,
    /^console: planted console error$/,
    /^console: .*Content Security Policy/,
  ]
  for (const pattern of expected) expect(found.filter((finding) => pattern.test(finding)), `${pattern}`).not.toEqual([])
  expect(found.filter((finding) => finding.startsWith('1280 px: the header'))).toEqual([])

  // A structure another tab scanned: its stored findings, without a scan.
  const scansDir = ro.axeScans
  writeFileSync(path.join(scansDir, `${ro.page.viewportSize()!.width}-main-planted.json`), JSON.stringify(['[serious] stored finding']))
  const before = readdirSync(scansDir).length
  expect(await axeFindings(ro.page, { main: 'planted' }, scansDir)).toEqual(['[serious] stored finding'])
  expect(readdirSync(scansDir).length, 'no new scan').toBe(before)

  // English prose may write dates and decimals so.
  const en = await openTab(browser, 'en', undefined, testInfo)
  const inEnglish = await sweepVisit(en, { path: '/faq' }, testInfo, plant(roForeign))
  expect(inEnglish.filter((finding) => /ISO date|dot decimal/.test(finding))).toEqual([])
  expect(inEnglish.filter((finding) => finding.startsWith('390 px: axe [critical] image-alt'))).not.toEqual([])

  // A page that answers another status than the one it should.
  expect(await sweepVisit(ro, { path: '/no-such-page' }, testInfo)).toContain('answers 404, not 200')
  await ro.page.context().close()
  await en.page.context().close()
})

test('a page asked for on another name of the host goes to the canonical origin first, so the session holds', async ({ browser, request, prepared: { data, signedInState } }) => {
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
