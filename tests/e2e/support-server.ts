/**
 * A second production server with settings of its own, for the browser tests that need a
 * configuration the shared server (playwright.config.ts) must not have: Google sign-in pointed
 * at a local fake Google, reCAPTCHA or Turnstile pointed at a local fake, a disabled realtime
 * app. It runs the same build (`dist/`) on a free port with a fresh data folder, only while the
 * spec that started it runs (`test.beforeAll` / `test.afterAll`), so the other specs and the
 * shared server are untouched. A standalone realtime node (its own process, as
 * `npm run start:realtime`) serves the realtime specs that need client events or a restart.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { BrowserContext } from '@playwright/test'
import { settings } from '../../app.config'
import { freshDataFolder } from './support-data-folder'

export interface AppServer {
  url: string
  dataDir: string
  /** The server's CAPTCHA_SECRET and other generated secrets (APP_ENV=test keeps them in its data folder). */
  secrets(): Record<string, string>
  stop(): Promise<void>
}

/** A port nobody listens on right now (the kernel picks it). */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (!address || typeof address === 'string') throw new Error('no port')
  return address.port
}

/** A server process of the tests' own, started by `startServerProcess`. */
interface ServerProcess {
  stop(): Promise<void>
}

/**
 * Runs `script` (a bundled entry under `dist/node`, as production does) with Node and the runner's environment minus every
 * application setting, so only `env` applies; resolves once `readyUrl` answers 2xx, and fails
 * with the process's output if it stops or is not ready within 180 s (a bound on a hang: a busy
 * machine makes a start slow).
 */
async function startServerProcess(what: string, script: string, env: Record<string, string>, readyUrl: string, dataDir: string): Promise<ServerProcess> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !(name in settings)))
  const child = spawn(process.execPath, [script], { env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const keep = (chunk: Buffer) => (output = `${output}${chunk.toString()}`.slice(-20_000))
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
      await exited
      clearTimeout(timer)
    }
    rmSync(dataDir, { recursive: true, force: true })
  }

  const deadline = Date.now() + 180_000
  for (;;) {
    if (child.exitCode !== null) {
      await stop()
      throw new Error(`the ${what} stopped (${child.exitCode}):\n${output}`)
    }
    const ready = await fetch(readyUrl).then(
      (response) => response.ok,
      () => false,
    )
    if (ready) return { stop }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`the ${what} did not get ready in 180 s:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/**
 * How long a hook that starts a server of its own may take: a bound on a hang, generous because a
 * busy machine makes a start slow. Set it with `test.setTimeout` before `startAppServer`.
 */
export const OWN_SERVER_START_MS = 300_000

/** Starts `dist/node/serve.js` (the built `src/server/serve.ts`) with `settings` over a test baseline, and waits until it is ready. */
export async function startAppServer(overrides: Record<string, string>): Promise<AppServer> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  // A copy of the run's migrated database (tests/e2e/support-data-folder.ts): no initdb, no migrations.
  const dataDir = freshDataFolder('asiguro-e2e-own-')
  // Insurers without drawn failures, as on the shared server (playwright.config.ts, decision 154).
  const env = { PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn', APP_ENV: 'test', SANDBOX_INSURER_FAILURES: 'none', ...overrides }
  const server = await startServerProcess('server with its own settings', 'dist/node/serve.js', env, `${url}/api/v1/ready`, dataDir)
  return {
    url,
    dataDir,
    secrets: () => JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as Record<string, string>,
    stop: server.stop,
  }
}

export interface RealtimeNode {
  port: number
  stop(): Promise<void>
}

/**
 * A realtime node as `npm run start:realtime` runs it (in-process adapter), on `port` (a free one
 * unless given: a restart takes the same port again) with `settings` over a test baseline.
 */
export async function startRealtimeNode(overrides: Record<string, string>, port?: number): Promise<RealtimeNode> {
  const listen = port ?? (await freePort())
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'asiguro-e2e-realtime-'))
  const env = { REALTIME_PORT: String(listen), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn', APP_ENV: 'test', ...overrides }
  const node = await startServerProcess('realtime node', 'dist/node/realtime.js', env, `http://127.0.0.1:${listen}/ready`, dataDir)
  return { port: listen, stop: node.stop }
}

/** The visitor chose cookies already (the banner stays closed), on that server's origin. */
export async function withConsentCookieFor(context: BrowserContext, url: string): Promise<void> {
  await context.addCookies([{ name: 'cookie_consent', value: '1.p0a0m0', url }])
}
