/**
 * Browser end-to-end tests: `npm run test:e2e` (after `npm run build`).
 *
 * Runs the production server (`dist/node/serve.js`, the bundled `src/server/serve.ts`, on the built `dist/`) on port 3100
 * with a fresh, empty data folder, and drives Debian's Chromium (`/usr/bin/chromium`,
 * installed by `scripts/ensure-chromium.sh`): Playwright's own browser downloads are never used.
 *
 * Tests reach the same server and data folder through `E2E_BASE_URL`, `E2E_PORT` and
 * `E2E_DATA_DIR` (for the operator token in `secrets.json` and the operator CLI).
 *
 * Specs that need settings this shared server must not have (Google sign-in against a local
 * fake Google, reCAPTCHA or Turnstile against a local fake) start a server of their own from
 * `test.beforeAll`, with `startAppServer` from tests/e2e/support-server.ts: the same build on a
 * free port with a fresh data folder, stopped in `test.afterAll`. Their fakes listen on random
 * ports first, so the settings can name them. Playwright's `webServer` cannot do this: its
 * servers start for every run and cannot depend on ports a spec picks, and every other spec
 * keeps the default configuration (no Google button, ALTCHA).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'

// Another port (E2E_SERVER_PORT) lets two checkouts run their browser tests side by side.
const PORT = Number(process.env.E2E_SERVER_PORT ?? 3100)
const BASE_URL = `http://127.0.0.1:${PORT}`

// The runner evaluates this file once, then again in every worker process. Workers inherit the
// runner's environment (TEST_WORKER_INDEX is set only in workers), so only the runner creates
// the folder and every process agrees on it.
if (process.env.TEST_WORKER_INDEX === undefined) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'asiguro-e2e-'))
  process.env.E2E_DATA_DIR = dataDir
  if (!process.env.E2E_KEEP_DATA) {
    // The web server has been stopped by then; its embedded database is not needed after the run.
    process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }))
  }
}
process.env.E2E_PORT = String(PORT)
process.env.E2E_BASE_URL = BASE_URL
const DATA_DIR = process.env.E2E_DATA_DIR as string

const CI = process.env.CI === 'true' || process.env.CI === '1'

export default defineConfig({
  testDir: 'tests/e2e',
  // The sweep of every page runs on its own, two tabs at a time: playwright.sweep.config.ts.
  testIgnore: 'sweep.spec.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1, // 2-core machine; the server and the browser share it.
  // A test that passes only on a retry is a failure to fix (issue 26): no retries, on CI either.
  retries: 0,
  forbidOnly: CI,
  // Waits are for a state; their bounds are generous so that a busy machine makes a test slower, not red.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['html', { outputFolder: 'playwright-report', open: 'never' }]],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: BASE_URL,
    // Romanian visitors are the default audience; tests of other languages override this.
    locale: 'ro-RO',
    timezoneId: 'Europe/Bucharest',
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: 'node dist/node/serve.js',
    url: `${BASE_URL}/api/v1/ready`,
    reuseExistingServer: false,
    // A fresh data folder runs every migration first: slow on a busy two-core machine.
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: BASE_URL,
      DATA_DIR,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      APP_ENV: 'test',
      // The tests act as the proxy: the last X-Forwarded-For entry they send is the client
      // (decision 40), so account helpers can register from addresses of their own while the
      // per-address registration limit itself stays as in production.
      TRUST_PROXY_HOPS: '1',
    },
  },
})
