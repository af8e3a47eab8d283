// ESLint 9 flat config. Syntax-only TypeScript rules (type-aware linting is too slow on
// 2 cores), React hooks rules, and the import boundaries:
//   (a) a feature (`src/features/X`) never imports another feature;
//   (b) browser code never imports `src/server`. Server-only files may: `src/server/**`,
//       the server entry `src/server.ts`, `*.server.ts`, and `*.functions.ts` (TanStack Start
//       strips server-function handlers from the client bundle);
//   (c) one-way zones: `src/server`, `src/ui`, `src/contract` and `src/i18n` never import
//       `src/features` (features build on them, never the reverse);
//   (d) API route handlers (`src/server/api/routes`) never touch the database: they call the
//       domain services of `ApiDeps` (no `drizzle-orm`, no `db/schema`).
// Then: no import cycles (import-x/no-cycle), and file names in kebab-case (check-file), with
// TanStack Router's conventions (`__root`, `_layout.`, `$param`, `{-$optional}`) in src/routes.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { defineConfig } from 'eslint/config'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import checkFile from 'eslint-plugin-check-file'

const features = readdirSync(path.join(import.meta.dirname, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort()

const escape = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Files that run only on the server and so may import `src/server`. */
// `src/start.ts` holds request middleware: Start strips its `.server()` bodies, and with them these imports, from the client bundle (decision 12).
const serverOnly = ['src/server/**', 'src/server.ts', 'src/start.ts', '**/*.functions.ts', '**/*.server.ts']

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

const featureImportPatterns = [
  { regex: '^~/features(/|$)', message: 'src/server, src/ui, src/contract and src/i18n must not import src/features: move what both need here, or compose in a route.' },
  { regex: '^(\\.\\./)+features(/|$)', message: 'src/server, src/ui, src/contract and src/i18n must not import src/features: move what both need here, or compose in a route.' },
]

const databasePatterns = [
  { regex: '^drizzle-orm(/|$)', message: 'Route handlers call domain services (src/server/<feature>/, built in createApiDeps), never the database.' },
  { regex: '(^|/)db/schema(/|$)', message: 'Route handlers call domain services (src/server/<feature>/, built in createApiDeps), never the database.' },
]

// A later config object replaces the whole `no-restricted-imports` entry of an earlier one,
// so each file set below gets every pattern that applies to it in one list.
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] })

const boundaries = [
  { name: 'boundaries/browser', files: ['src/**/*.{ts,tsx}'], ignores: serverOnly, rules: restrict(serverPatterns) },
  { name: 'boundaries/zones/browser', files: ['src/ui/**/*.{ts,tsx}', 'src/contract/**/*.{ts,tsx}', 'src/i18n/**/*.{ts,tsx}'], ignores: serverOnly, rules: restrict([...serverPatterns, ...featureImportPatterns]) },
  { name: 'boundaries/zones/server', files: ['src/server/**/*.{ts,tsx}'], rules: restrict(featureImportPatterns) },
  { name: 'boundaries/zones/api-routes', files: ['src/server/api/routes/**/*.{ts,tsx}'], rules: restrict([...featureImportPatterns, ...databasePatterns]) },
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
  { ignores: ['dist/', 'node_modules/', '.tanstack/', 'src/routeTree.gen.ts', 'bench/bare-start/', 'test-results/', 'playwright-report/', '.data/', 'coverage/', '.output/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  { files: ['src/**/*.{ts,tsx}'], ...reactHooks.configs.flat.recommended },
  // The service worker of /virtualcards: plain JavaScript that the browser runs as a classic worker script.
  {
    files: ['public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { self: 'readonly', caches: 'readonly', fetch: 'readonly', URL: 'readonly', Response: 'readonly' } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  ...boundaries,
  {
    name: 'imports/no-cycle',
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these the plugin reads no TypeScript module it imports, and sees no cycle.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'], tsconfig: { configFile: path.join(import.meta.dirname, 'tsconfig.json') } })],
    },
    // Type-only imports vanish at build time and cannot form a cycle at run time.
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false }] },
  },
  {
    name: 'files/kebab-case',
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}', 'scripts/**/*.ts', 'bench/**/*.ts', 'fuzz/**/*.ts'],
    ignores: ['src/routes/**', 'src/routeTree.gen.ts'],
    plugins: { 'check-file': checkFile },
    // `auth.functions.ts`, `po.d.ts`: the name before the first dot is what must be kebab-case.
    rules: { 'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }] },
  },
  {
    name: 'files/route-conventions',
    files: ['src/routes/**/*.{ts,tsx}'],
    plugins: { 'check-file': checkFile },
    // TanStack Router's flat file routes: dot-separated segments with `_layout`, `__root`, `-ignored`,
    // `$param`, `{-$optional}`, a trailing `_`, `[.]` for a literal dot (`diaries[.]csv`); camelCase only where the URL itself is (`instantRo`).
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': '@([a-z_$\\{-])*([a-zA-Z0-9_.$\\{\\}\\[\\]-])' },
        { errorMessage: 'Route file {{ target }}: lower-case segments separated by dots, with TanStack Router’s `_`, `__root`, `-`, `$param` and `{-$param}` conventions.' },
      ],
    },
  },
)
