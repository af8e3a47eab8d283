/**
 * The budgets (docs/benchmarks.md) measured on a running production server: first-load JavaScript of
 * `/` and `/rca` (gzip ≤ 150 KB), and one Lighthouse run in mobile mode on `/`, `/rca` and the
 * account's orders page (performance ≥ 95, accessibility 100, CLS ≤ 0.02). Used by
 * `npm run budgets` (scripts/budgets.ts) and printed by `npm run bench` (bench/http.ts).
 */
import path from 'node:path'
import { signedInCookie } from './account'
import { firstLoad } from './first-load'
import { launchChromium, runLighthouse, type LighthouseFigures } from './lighthouse'

export const BUDGETS = { firstLoadKb: 150, performance: 95, accessibility: 100, cls: 0.02 }

export interface BudgetReport {
  firstLoad: { path: string; kb: number; files: number; ok: boolean }[]
  lighthouse: ({ path: string; ok: boolean } & LighthouseFigures)[]
  ok: boolean
}

const FIRST_LOAD_PAGES = ['/', '/rca']
const LIGHTHOUSE_PAGES: { path: string; signedIn: boolean }[] = [
  { path: '/', signedIn: false },
  { path: '/rca', signedIn: false },
  { path: '/account/orders', signedIn: true },
]

export async function measureBudgets(origin: string, root: string, { lighthouse = true } = {}): Promise<BudgetReport> {
  const clientDir = path.join(root, 'dist/client')
  const first = []
  for (const page of FIRST_LOAD_PAGES) {
    const response = await fetch(`${origin}${page}`, { headers: { 'accept-language': 'ro' } })
    if (response.status !== 200) throw new Error(`${page} answered ${response.status}`)
    const load = firstLoad(await response.text(), clientDir)
    const kb = load.gzip / 1024
    first.push({ path: page, kb, files: load.files.length, ok: kb <= BUDGETS.firstLoadKb })
  }

  const lighthouseRows: BudgetReport['lighthouse'] = []
  if (lighthouse) {
    const cookie = await signedInCookie(origin)
    for (const page of LIGHTHOUSE_PAGES) {
      // A browser per page: a third run in the same browser sometimes failed to record its trace (NO_NAVSTART).
      const browser = await launchChromium()
      try {
        const figures = await runLighthouse(browser, `${origin}${page.path}`, page.signedIn ? cookie : undefined)
        const ok = figures.performance >= BUDGETS.performance && figures.accessibility >= BUDGETS.accessibility && figures.cls <= BUDGETS.cls
        lighthouseRows.push({ path: page.path, ok, ...figures })
      } finally {
        await browser.close()
      }
    }
  }
  return { firstLoad: first, lighthouse: lighthouseRows, ok: [...first, ...lighthouseRows].every((row) => row.ok) }
}

export function formatBudgets(report: BudgetReport): string {
  const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED')
  const lines = [`First-load JavaScript, gzip (budget ≤ ${BUDGETS.firstLoadKb} KB):`]
  for (const row of report.firstLoad) lines.push(`  ${row.path.padEnd(16)} ${row.kb.toFixed(1).padStart(6)} KB in ${String(row.files).padStart(2)} files  ${mark(row.ok)}`)
  if (report.lighthouse.length > 0) {
    lines.push(`Lighthouse, mobile (budgets: performance ≥ ${BUDGETS.performance}, accessibility ${BUDGETS.accessibility}, CLS ≤ ${BUDGETS.cls}):`)
    lines.push(`  ${'page'.padEnd(16)} perf  a11y    CLS   LCP ms  TBT ms`)
    for (const row of report.lighthouse) {
      const failed = row.failedAccessibility.length > 0 ? `  (accessibility: ${row.failedAccessibility.join(', ')})` : ''
      lines.push(
        `  ${row.path.padEnd(16)} ${String(row.performance).padStart(4)}  ${String(row.accessibility).padStart(4)}  ${row.cls.toFixed(3)}  ${row.lcpMs.toFixed(0).padStart(6)}  ${row.tbtMs.toFixed(0).padStart(6)}  ${mark(row.ok)}${failed}`,
      )
    }
  }
  return lines.join('\n')
}
