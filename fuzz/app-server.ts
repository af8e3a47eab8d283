import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { settings } from '../app.config'

export interface AppServer {
  url: string
  operatorToken: string
  /** The server's own output, kept for a failed run. */
  logFile: string
  stop(): Promise<void>
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (!address || typeof address === 'string') throw new Error('no free port')
  return address.port
}

/**
 * The production build (`dist/node/serve.js`: pages, server functions and `/api/v1` on one port)
 * on a free loopback port, with a fresh data folder: embedded PGlite, never a shared database.
 * Settings of its own, not the caller's environment: captcha `none` and the tests' proxy hop
 * (each request may name its own address), so requests reach the checks behind the captcha
 * and the per-address rate limits; the sandbox insurers answer at a twentieth of their
 * simulated latency, which is theirs, not ours.
 */
export async function startAppServer(): Promise<AppServer> {
  const script = path.resolve('dist/node/serve.js')
  if (!existsSync(script) || !existsSync('dist/server/server.js')) throw new Error('No build: run `npm run build` first (npm run fuzz does).')
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'asiguro-fuzz-'))
  const logFile = path.join(dataDir, 'server.log')
  const operatorToken = `fuzz-operator-${randomBytes(24).toString('hex')}`
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !(name in settings)))
  const env = {
    ...inherited,
    NODE_ENV: 'production',
    APP_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    OPERATOR_TOKEN: operatorToken,
    CAPTCHA_PROVIDER: 'none',
    TRUST_PROXY_HOPS: '1',
    SANDBOX_LATENCY_SCALE: '0.05',
    LOG_LEVEL: 'warn',
  }
  const child = spawn(process.execPath, [script], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  const log = createWriteStream(logFile)
  child.stdout.pipe(log)
  child.stderr.pipe(log)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    }
  }

  const deadline = Date.now() + 90_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped (${child.exitCode}); its output is in ${logFile}`)
    const ready = await fetch(`${url}/api/v1/ready`).then(
      (r) => r.ok,
      () => false,
    )
    if (ready) break
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`the server was not ready in 90 s; its output is in ${logFile}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return {
    url,
    operatorToken,
    logFile,
    stop: async () => {
      await stop()
      log.end()
    },
  }
}

/** Removes the run's data folder (with the server's log) once nothing needs it. */
export function removeRunData(server: AppServer): void {
  rmSync(path.dirname(server.logFile), { recursive: true, force: true })
}
