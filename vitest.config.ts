import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import babel from '@rolldown/plugin-babel'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'

const alias = { '~': fileURLToPath(new URL('./src', import.meta.url)) }

// Unit and integration tests run without the Start plugin: they exercise plain modules. They keep
// Lingui's two (the macro and the `.po` compiler), because server code takes its words from the
// catalogs as the builds do (src/server/i18n).
const plugins = [babel({ presets: [linguiTransformerBabelPreset()] }), lingui()]
// Timeouts only bound a hang: they are generous so that a busy machine (both cores taken by another
// process) makes the suite slower, never red (issue 26). No test asserts how long something took.
// `expect.poll` waits for a state up to a minute unless a test says otherwise (vitest's own default
// is one second, which a loaded machine can exceed); `vi.waitFor` has no such setting: every call
// passes its own bound (docs/testing.md).
const expect = { poll: { timeout: 60_000 } }
// The suites that start test APIs on PGlite start them on a copy of one migrated database (decision 161).
const globalSetup = ['tests/support/database-template.ts']
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      { resolve: { alias }, plugins, test: { name: 'unit', env: { LOG_LEVEL: 'silent' }, include: ['tests/unit/**/*.test.ts'], environment: 'node', expect } },
      {
        resolve: { alias },
        plugins,
        // Two files at a time: each starts its own API on its own database (in-memory PGlite, or a
        // PostgreSQL database of its own) and its own servers on ports the kernel picks (decision 148).
        test: { name: 'integration', env: { LOG_LEVEL: 'silent' }, include: ['tests/integration/**/*.test.ts'], environment: 'node', expect, testTimeout: 120_000, hookTimeout: 180_000, fileParallelism: true, maxWorkers: 2, globalSetup },
      },
      {
        // The Pusher compatibility suite: real sockets on loopback, official clients; two nodes over Redis when TEST_REDIS_URL is set.
        resolve: { alias },
        plugins,
        test: { name: 'realtime', env: { LOG_LEVEL: 'silent' }, include: ['tests/realtime/**/*.test.ts'], environment: 'node', expect, testTimeout: 120_000, hookTimeout: 180_000, fileParallelism: false, globalSetup },
      },
      {
        // Two nodes behave as one: the built cluster (`npm run build` first) on PostgreSQL and Redis (TEST_DATABASE_URL, TEST_REDIS_URL).
        resolve: { alias },
        plugins,
        test: { name: 'cluster', env: { LOG_LEVEL: 'silent' }, include: ['tests/cluster/**/*.test.ts'], environment: 'node', expect, testTimeout: 120_000, hookTimeout: 240_000, fileParallelism: false },
      },
    ],
  },
})
