/** Shared helpers of the browser tests. */
import AxeBuilder from '@axe-core/playwright'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test'

/** Set by playwright.config.ts: the running server's data folder, port and URL. */
export const DATA_DIR = process.env.E2E_DATA_DIR ?? ''
export const PORT = process.env.E2E_PORT ?? '3100'
export const BASE_URL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${PORT}`

export const DESKTOP = { width: 1366, height: 860 }
export const MOBILE = { width: 390, height: 844 }

/**
 * Resolves once the page is hydrated: TanStack Start has read its data (it deletes `window.$_TSR`)
 * and React has taken over every control. A route whose code arrives later hydrates after the
 * rest; a field typed into before then would be reset by React's next render. Checked every 50 ms
 * rather than on every animation frame (Playwright's default), which cost a page load about
 * 140 ms of the renderer's CPU on this two-core machine (decision 152); Playwright's own timers are
 * not the page clock's, so a test that stopped the page's time still gets its answer.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      if ('$_TSR' in window) return false
      const controls = document.querySelectorAll('main form, main input, main select, main textarea, main button')
      return [...controls].every((control) => Object.keys(control).some((key) => key.startsWith('__reactProps$')))
    },
    undefined,
    { polling: 50 },
  )
}

/**
 * Stops the page's clock (`page.clock.install()` before the page loaded, running until now), so
 * that only the test moves the page's time on: a toast (5 s) or any other timer cannot run out
 * while a busy machine is slow to get to the next step (docs/testing.md, "Time in tests").
 */
export async function stopPageTime(page: Page): Promise<void> {
  // `pauseAt` takes a moment of the page's time and refuses one the page's clock has passed: on a
  // busy machine the call can arrive after any fixed margin ahead of the moment read (300 ms was
  // passed under load), so the moment is read again until the pause lands ahead of the clock. Bounded by the
  // test's timeout; each try fails only by running late, never by what the page does.
  for (;;) {
    const ahead = await page.evaluate(() => Date.now() + 1_000)
    try {
      await page.clock.pauseAt(ahead)
      return
    } catch (error) {
      if (!String(error).includes('Cannot fast-forward to the past')) throw error
    }
  }
}

/**
 * With the page's time stopped, moves it on in steps of 100 ms until `count` answers `expected`:
 * for work that needs the page's timers (a form's submission). What appeared has lived one step
 * at most, however long the server took.
 */
export async function stepPageTimeUntil(page: Page, count: () => Promise<number>, expected: number, message: string): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.clock.runFor(100)
        return count()
      },
      { message, timeout: 60_000, intervals: [0] },
    )
    .toBe(expected)
}

/** The operator token the server generated into its data folder (APP_ENV=test). */
export function operatorToken(): string {
  const secrets = JSON.parse(readFileSync(path.join(DATA_DIR, 'secrets.json'), 'utf8')) as { OPERATOR_TOKEN?: string }
  if (!secrets.OPERATOR_TOKEN) throw new Error(`no OPERATOR_TOKEN in ${DATA_DIR}/secrets.json`)
  return secrets.OPERATOR_TOKEN
}

/** Calls an operator endpoint of the running server and checks it succeeded. */
export async function operator(request: APIRequestContext, method: 'GET' | 'PUT' | 'DELETE', url: string, data?: unknown): Promise<unknown> {
  const response = await request.fetch(`/api/v1/operator${url}`, { method, headers: { authorization: `Bearer ${operatorToken()}` }, data })
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true)
  return response.status() === 204 ? undefined : response.json()
}

export async function setMaintenance(request: APIRequestContext, active: boolean): Promise<void> {
  const status = (await operator(request, 'PUT', '/maintenance', { active })) as { is_active: boolean }
  expect(status.is_active).toBe(active)
}

/**
 * Marks the visitor as having chosen cookies already (the banner stays closed), as a
 * returning visitor would be. `analytics` decides whether page views may be sent.
 */
export async function withConsentCookie(context: BrowserContext, choices: { analytics: boolean } = { analytics: false }): Promise<void> {
  await context.addCookies([{ name: 'cookie_consent', value: `1.p0a${choices.analytics ? 1 : 0}m0`, url: BASE_URL }])
}

type AxeResult = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number]
type AxeViolation = Pick<AxeResult, 'id' | 'impact' | 'help'> & { nodes: Pick<AxeResult['nodes'][number], 'target' | 'failureSummary'>[] }

/** axe's serious and critical violations, one readable entry each. */
function describeSerious(violations: AxeViolation[]): string[] {
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `[${v.impact}] ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`)
}

/** axe's serious and critical violations on the page, one readable entry each (none: an empty list). */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  return describeSerious((await new AxeBuilder({ page }).analyze()).violations)
}

let axeCoreSource: string | undefined

/**
 * axe's serious and critical violations in part of the page (CSS selectors to include, none: the
 * whole document; to exclude), one readable entry each: the sweep of every page. axe goes into the
 * page only when a scan needs it, through the debugging protocol (which the page's CSP does not
 * govern), once per document: AxeBuilder sends and compiles its half megabyte again on each scan.
 *
 * Rules whose impact is at most moderate are not run: axe gives every violation of a rule that
 * declares an impact that very impact (`finalizeRuleResult`), so they can never report a serious
 * one, and leaving them out (the landmark and region walks among them) halves a scan.
 */
export async function seriousAxeViolationsIn(page: Page, scope: { include?: string[]; exclude?: string[] }): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    // The axe-core that @axe-core/playwright itself depends on.
    const fromAxeBuilder = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))
    axeCoreSource ??= readFileSync(fromAxeBuilder.resolve('axe-core/axe.min.js'), 'utf8')
    await page.evaluate(axeCoreSource)
  }
  const violations = await page.evaluate(async ({ include, exclude }) => {
    interface AxeRuleSpec {
      id: string
      impact?: string
    }
    const axe = (window as unknown as { axe: { _audit: { rules: AxeRuleSpec[] }; run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> } }).axe
    const mild = axe._audit.rules.filter((rule) => rule.impact === 'minor' || rule.impact === 'moderate')
    const rules = Object.fromEntries(mild.map((rule) => [rule.id, { enabled: false }]))
    const context = { include: include.length > 0 ? include.map((part) => [part]) : [['html']], exclude: exclude.map((part) => [part]) }
    const { violations } = await axe.run(context, { resultTypes: ['violations'], rules })
    return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }))
  }, { include: scope.include ?? [], exclude: scope.exclude ?? [] })
  return describeSerious(violations)
}

/** Fails with a readable report when axe finds a serious or critical violation. */
export async function expectNoSeriousAxeViolations(page: Page, label: string): Promise<void> {
  const blocking = await seriousAxeViolations(page)
  expect(blocking, `axe violations on ${label}:\n${blocking.join('\n')}`).toEqual([])
}

/** A client-side navigation through the app's router (TanStack Router exposes it on `window`). */
export async function navigateInApp(page: Page, href: string): Promise<void> {
  // Not awaited inside the page: a navigation that leaves the site ends the page's context.
  await page.evaluate((to) => {
    const router = (window as unknown as { __TSR_ROUTER__: { navigate(o: { href: string }): Promise<void> } }).__TSR_ROUTER__
    void router.navigate({ href: to })
  }, href)
}

export type CspViolation = { directive: string; blocked: string }

/** Records the page's Content-Security-Policy violations from its first script on; the returned call reads them. */
export async function watchCsp(page: Page): Promise<() => Promise<CspViolation[]>> {
  await page.addInitScript(() => {
    const seen: { directive: string; blocked: string }[] = []
    ;(window as unknown as { __csp: typeof seen }).__csp = seen
    document.addEventListener('securitypolicyviolation', (event) => seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI }))
  })
  return () => page.evaluate(() => (window as unknown as { __csp?: CspViolation[] }).__csp ?? [])
}
