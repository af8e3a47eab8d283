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
//   (e) layers inside `src/server` (import-x/no-restricted-paths, which resolves each import to
//       its file): api → domain services → db, one way; web → provider → api; no domain service
//       imports api, web, provider or session; nothing but the server entry (`src/server.ts`,
//       which loads it only when `SANDBOX_ENABLED`) imports `src/server/sandbox`; server
//       functions and `*.server.ts` route handlers import only server/{web,provider,session,config}.
//       tests/unit/lint-layers.test.ts plants a breach of each and expects the error.
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

const serverFolders = readdirSync(path.join(import.meta.dirname, 'src/server'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort()
/** The layers of `src/server` that are not domain services. Every other folder is one (orders, quotes, products …). */
const layerFolders = ['api', 'cli', 'db', 'http', 'i18n', 'provider', 'sandbox', 'session', 'web']
const server = (folder) => `src/server/${folder}`
const services = serverFolders.filter((folder) => !layerFolders.includes(folder)).map(server)

const importResolution = {
  // Without these the plugin reads no TypeScript module it imports, and resolves nothing.
  'import-x/extensions': ['.ts', '.tsx', '.js'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'], tsconfig: { configFile: path.join(import.meta.dirname, 'tsconfig.json') } })],
}

const layerZones = [
  { target: services, from: ['api', 'web', 'provider', 'session', 'cli'].map(server), message: 'A domain service never imports the API, the web app, the provider client or the session: they call services, never the reverse.' },
  { target: server('db'), from: [...services, ...['api', 'web', 'provider', 'session', 'cli', 'http'].map(server)], message: 'src/server/db is the bottom layer (schema, client, migrations): it imports no service or layer above it.' },
  { target: server('http'), from: [...services, ...['api', 'web', 'provider', 'session', 'cli', 'db'].map(server)], message: 'src/server/http holds HTTP helpers every layer shares: it imports none of them.' },
  { target: server('api'), from: ['web', 'provider', 'session', 'cli'].map(server), message: 'The API is called by the web app (through the provider client), never the reverse.' },
  { target: server('web'), from: [...services, ...['db', 'cli'].map(server)], message: 'The web app reaches domain services and data only through the provider API (src/server/provider).' },
  { target: server('web'), from: server('api'), message: 'The web app calls the API through src/server/provider, never its modules.' },
  // Every layer translates through it (the API's and the web app's error sentences, mails, documents).
  {
    target: server('i18n'),
    from: [...services, ...['api', 'web', 'provider', 'session', 'cli', 'db', 'http', 'sandbox'].map(server)],
    message: 'src/server/i18n holds the server’s words (the catalogs, the error sentences): it imports no other folder of src/server.',
  },
  { target: server('provider'), from: [...services, ...['db', 'web', 'session', 'cli'].map(server)], message: 'The provider client reaches the API (over HTTP or in-process), nothing else.' },
  { target: server('provider'), from: server('api'), except: ['./index.ts'], message: 'The provider client mounts the in-process API through its entry (src/server/api/index.ts) only.' },
  { target: server('session'), from: [...services, ...['api', 'db', 'web', 'provider', 'cli'].map(server)], message: 'The session cookie module depends on the configuration only.' },
  {
    target: ['src/server/!(sandbox)/**', 'src/server/*.ts', 'src/!(server)/**', 'src/start.ts', 'src/router.tsx'],
    from: server('sandbox'),
    message: 'Production code never imports the sandbox: outside parties are reached at the URLs of src/server/outside-services.ts.',
  },
  {
    target: ['src/**/*.functions.ts', 'src/**/*.server.ts'],
    from: 'src/server',
    except: ['./web', './provider', './session', './config.ts'],
    message: 'Server functions and page route handlers import only src/server/{web,provider,session,config}: everything else is behind the provider API.',
  },
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
    name: 'imports/no-cycle-and-layers',
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: importResolution,
    rules: {
      // Type-only imports vanish at build time and cannot form a cycle at run time.
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false }],
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: layerZones }],
    },
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
