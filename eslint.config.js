// ESLint 9 flat config. Syntax-only TypeScript rules (type-aware linting is too slow on
// 2 cores), React hooks rules, and the import boundaries:
//   (a) a feature (`src/features/X`) never imports another feature;
//   (b) browser code never imports `src/server`. Server-only files may: `src/server/**`,
//       the server entry `src/server.ts`, `*.server.ts`, and `*.functions.ts` (TanStack Start
//       strips server-function handlers from the client bundle).
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { defineConfig } from 'eslint/config'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'

const features = readdirSync(path.join(import.meta.dirname, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort()

const escape = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Files that run only on the server and so may import `src/server`. */
const serverOnly = ['src/server/**', 'src/server.ts', '**/*.functions.ts', '**/*.server.ts']

const serverPatterns = [
  { regex: '^~/server(/|$)', message: 'Browser code must not import src/server: go through a *.functions.ts server function or src/contract.' },
  { regex: '^(\\./|(\\.\\./)+)server(/|$)', message: 'Browser code must not import src/server: go through a *.functions.ts server function or src/contract.' },
]

/** Both the `~/features/Y` alias and relative `../Y`, `../../features/Y` forms, for every other feature Y. */
const featurePatterns = (feature) =>
  features
    .filter((other) => other !== feature)
    .flatMap((other) => {
      const message = `A feature must not import another feature (${feature} → ${other}): move shared code to src/contract or src/i18n, or compose them in a route.`
      return [
        { regex: `^~/features/${escape(other)}(/|$)`, message },
        { regex: `^(\\.\\./)+(features/)?${escape(other)}(/|$)`, message },
      ]
    })

// A later config object replaces the whole `no-restricted-imports` entry of an earlier one,
// so each file set below gets every pattern that applies to it in one list.
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] })

const boundaries = [
  { name: 'boundaries/browser', files: ['src/**/*.{ts,tsx}'], ignores: serverOnly, rules: restrict(serverPatterns) },
  ...features.flatMap((feature) => [
    {
      name: `boundaries/features/${feature}`,
      files: [`src/features/${feature}/**/*.{ts,tsx}`],
      ignores: serverOnly,
      rules: restrict([...serverPatterns, ...featurePatterns(feature)]),
    },
    {
      name: `boundaries/features/${feature}/server-only`,
      files: [`src/features/${feature}/**/*.functions.ts`, `src/features/${feature}/**/*.server.ts`],
      rules: restrict(featurePatterns(feature)),
    },
  ]),
]

export default defineConfig(
  { ignores: ['dist/', 'node_modules/', '.tanstack/', 'src/routeTree.gen.ts', 'test-results/', 'playwright-report/', '.data/', 'coverage/', '.output/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  { files: ['src/**/*.{ts,tsx}'], ...reactHooks.configs.flat.recommended },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  ...boundaries,
)
