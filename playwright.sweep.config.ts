/**
 * The browser sweep of every page (tests/e2e/sweep.spec.ts), after the other browser tests:
 * `npx playwright test -c playwright.sweep.config.ts`. The same server, browser and settings as
 * playwright.config.ts, on a server of its own; only the sweep runs, so its tests can share the
 * machine: they only read, and no other test changes the site's state (maintenance, redirects,
 * page cache) under them. Decisions 145 and 152.
 */
import { defineConfig } from '@playwright/test'
import pages from './playwright.config'

const server = pages.webServer
if (!server || Array.isArray(server)) throw new Error('playwright.config.ts starts one web server')

export default defineConfig({
  ...pages,
  testIgnore: undefined,
  testMatch: 'sweep.spec.ts',
  fullyParallel: true,
  workers: 3,
  use: {
    ...pages.use,
    // A trace records a DOM snapshot and a screencast around every call: about a third of the
    // sweep's CPU. A finding names its page, language, width and state, and each page's
    // screenshot is attached; a failing test still keeps its last screenshot.
    trace: 'off',
  },
  webServer: {
    ...server,
    env: {
      ...server.env,
      // The sweep's data is an RCA policy bought through the API: every insurer answers at once
      // instead of after its drawn latency and failures (up to the 5 s quote timeout). No swept
      // page shows a quote in progress.
      SANDBOX_LATENCY_SCALE: '0',
      SANDBOX_INSURER_FAILURES: 'none',
    },
  },
})
