/**
 * Browser end-to-end tests: `npm run test:e2e` (after `npm run build`).
 *
 * Runs the production server (`dist/node/serve.js`, the bundled `src/server/serve.ts`, on the built `dist/`) on port 3100
 * with a fresh data folder (a copy of the run's migrated database), and drives Debian's Chromium (`/usr/bin/chromium`,
 * installed by `scripts/ensure-chromium.sh`): Playwright's own browser downloads are never used.
 *
 * Tests reach the same server and data folder through `E2E_BASE_URL`, `E2E_PORT` and
 * `E2E_DATA_DIR` (for the operator token in `secrets.json` and the operator CLI).
 *
 * Specs that need settings this shared server must not have (Google sign-in against a local
 * fake Google, reCAPTCHA or Turnstile against a local fake) start a server of their own from
 * `test.beforeAll`, with `startAppServer` from tests/e2e/support-server.ts: the same build on a
 * free port with a fresh data folder of its own, stopped in `test.afterAll`. Their fakes listen on random
 * ports first, so the settings can name them. Playwright's `webServer` cannot do this: its
 * servers start for every run and cannot depend on ports a spec picks, and every other spec
 * keeps the default configuration (no Google button, ALTCHA).
 */
import { rmSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'
import { createTemplateDataFolder, freshDataFolder } from './tests/e2e/support-data-folder'

// Another port (E2E_SERVER_PORT) lets two checkouts run their browser tests side by side.
const PORT = Number(process.env.E2E_SERVER_PORT ?? 3100)
const BASE_URL = `http://127.0.0.1:${PORT}`

// The runner evaluates this file once, then again in every worker process. Workers inherit the
// runner's environment (TEST_WORKER_INDEX is set only in workers), so only the runner creates
// the folders and every process agrees on them. Every server of the run, this one included,
// starts on a copy of one migrated database (tests/e2e/support-data-folder.ts).
if (process.env.TEST_WORKER_INDEX === undefined) {
  const template = createTemplateDataFolder()
  process.env.E2E_TEMPLATE_DIR = template
  process.once('exit', () => rmSync(template, { recursive: true, force: true }))
  const dataDir = freshDataFolder('asiguro-e2e-')
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

/**
 * Specs that change what every visitor of the shared server gets (maintenance, redirect rules,
 * product availability and the page cache, the deployed build's id, exchange rates) or read a
 * list every visitor adds to (the latest cookie consents). They run one at a time after the
 * others, so no other spec runs while they change it. Decision 147.
 */
const SITE_STATE_SPECS = /\b(build-version|consent|maintenance|page-cache|redirects|vignettes)\.spec\.ts\b/

export default defineConfig({
  testDir: 'tests/e2e',
  // The sweep of every page runs on its own, two tabs at a time: playwright.sweep.config.ts.
  testIgnore: 'sweep.spec.ts',
  outputDir: 'test-results',
  // Files are spread over two workers (tests in a file stay in order, on one worker): the specs
  // are independent of each other, each signs up its own accounts, writes to its own mailbox
  // addresses and starts its own servers; the site-state specs run alone (projects below).
  fullyParallel: false,
  workers: 2,
  // A test that passes only on a retry is a failure to fix (issue 26): no retries, on CI either.
  retries: 0,
  forbidOnly: CI,
  // Waits are for a state; their bounds are generous so that a busy machine makes a test slower, not
  // red. With both cores busy a form's captcha and answer took more than 15 s (the ask-again test's
  // first quote), so a wait is bounded at a minute and a test at three.
  timeout: 180_000,
  expect: { timeout: 60_000 },
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
  projects: [
    // `teardown` is what runs a project after another has finished, whether it passed or not.
    // Like any dependency it runs in full when the command names other files: add `--no-deps`
    // to run only those (README, docs/testing.md).
    { name: 'pages', grepInvert: SITE_STATE_SPECS, teardown: 'site-state' },
    { name: 'site-state', grep: SITE_STATE_SPECS, workers: 1 },
  ],
  webServer: {
    command: 'node dist/node/serve.js',
    url: `${BASE_URL}/api/v1/ready`,
    reuseExistingServer: false,
    // Bounds a hang only: the data folder holds a migrated database, but the machine may be busy.
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
      // No drawn insurer failures or hangs (decision 144): which test met one changed from minute to
      // minute. A test that is about a failure asks for it (decision 154).
      SANDBOX_INSURER_FAILURES: 'none',
    },
  },
})
