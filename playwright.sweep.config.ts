/**
 * The browser sweep of every page (tests/e2e/sweep.spec.ts), after the other browser tests:
 * `npx playwright test -c playwright.sweep.config.ts`. The same server, browser and settings as
 * playwright.config.ts, on a server of its own; only the sweep runs, so its six contexts
 * (language × signed state) can share the machine two at a time: they only read, and no other
 * test changes the site's state (maintenance, redirects, page cache) under them.
 */
import { defineConfig } from '@playwright/test'
import pages from './playwright.config'

export default defineConfig({
  ...pages,
  testIgnore: undefined,
  testMatch: 'sweep.spec.ts',
  fullyParallel: true,
  workers: 2,
})
