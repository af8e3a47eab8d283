/**
 * zod compiles object parsers with `new Function` unless told not to, and probes for it when a
 * schema is built; the page's CSP has no 'unsafe-eval' (decision 12), so in the browser that
 * probe is a CSP violation. Imported first by the router, before any schema is built; the
 * interpreted parser is what the browser runs (decision 56). The server (same bundle for SSR and
 * the API) keeps the compiled parsers.
 *
 * zod keeps its configuration on `globalThis.__zod_globalConfig` (what `config()` writes to):
 * setting it there, rather than through `import { config } from 'zod/mini'`, keeps zod's core out
 * of the first load of every page (decision 78). tests/unit/zod-jitless.test.ts checks that zod
 * still reads it.
 */
declare global {
  var __zod_globalConfig: Record<string, unknown> | undefined
}

export function preferInterpretedParsers(): void {
  // The same object whether zod has loaded already or not: zod keeps a reference to it.
  const shared = (globalThis.__zod_globalConfig ??= {})
  shared.jitless = true
}

if (typeof window !== 'undefined') preferInterpretedParsers()
