/**
 * Lighthouse (the `lighthouse` package) on the system's Chromium (`/usr/bin/chromium`, from
 * `scripts/ensure-chromium.sh`; no browser is ever downloaded), with Lighthouse's default
 * settings: a mobile phone (Moto G Power screen), simulated slow 4G and a 4× slower CPU.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import lighthouse from 'lighthouse'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export interface LighthouseFigures {
  performance: number
  accessibility: number
  cls: number
  lcpMs: number
  tbtMs: number
  /** The accessibility audits that failed, by id, when the score is below 100. */
  failedAccessibility: string[]
}

export interface Browser {
  port: number
  close(): Promise<void>
}

/** Starts headless Chromium with a debugging port of its own choice and a throw-away profile. */
export async function launchChromium(): Promise<Browser> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'asiguro-budgets-chromium-'))
  const child: ChildProcess = spawn(
    CHROMIUM,
    ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  const port = await new Promise<number>((resolve, reject) => {
    let seen = ''
    const timer = setTimeout(() => reject(new Error(`${CHROMIUM} did not open its debugging port within 30 s`)), 30_000)
    child.stderr!.on('data', (chunk: Buffer) => {
      seen += chunk.toString()
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen)
      if (match) {
        clearTimeout(timer)
        resolve(Number(match[1]))
      }
    })
    child.once('exit', (code) => reject(new Error(`${CHROMIUM} exited (${code}) before opening its debugging port: ${seen.slice(-500)}`)))
  })
  return {
    port,
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

/** One Lighthouse run (performance and accessibility) of `url`; `cookie` is sent with every request of the page. */
export async function runLighthouse(browser: Browser, url: string, cookie?: string): Promise<LighthouseFigures> {
  const result = await lighthouse(url, {
    port: browser.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    ...(cookie ? { extraHeaders: { cookie } } : {}),
  })
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
  const { lhr } = result
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  const failedAccessibility = (lhr.categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id)
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    cls: numeric('cumulative-layout-shift'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    failedAccessibility,
  }
}
