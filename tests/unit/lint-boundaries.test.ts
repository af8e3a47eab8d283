import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// The import boundaries of eslint.config.js, checked through ESLint's own API on code that is
// never written to disk.
const eslint = new ESLint({ cwd: fileURLToPath(new URL('../..', import.meta.url)) })

async function restrictedImports(code: string, filePath: string): Promise<string[]> {
  return ruleMessages(code, filePath, 'no-restricted-imports')
}

async function ruleMessages(code: string, filePath: string, rule: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message)
}

// The first lint reads the import graph for import-x/no-cycle: seconds on a busy machine.
describe('import boundaries (eslint.config.js)', { timeout: 60_000 }, () => {
  it('reports a feature importing another feature', async () => {
    const code = "export { NotFoundPage } from '~/features/shell/error-pages'\n"
    expect(await restrictedImports(code, 'src/features/products/lint-probe.tsx')).toEqual([expect.stringContaining('products → shell')])
  })

  it('reports browser code importing src/server', async () => {
    const code = "export { getConfig } from '~/server/config'\n"
    expect(await restrictedImports(code, 'src/features/products/lint-probe.tsx')).toEqual([expect.stringContaining('must not import src/server')])
  })

  it('lets a server-function file import src/server', async () => {
    const code = "export { getConfig } from '~/server/config'\n"
    expect(await restrictedImports(code, 'src/features/products/lint-probe.functions.ts')).toEqual([])
  })

  it('keeps src/server, src/ui and src/contract from importing src/features (one-way zones)', async () => {
    const viaAlias = "export { NotFoundPage } from '~/features/shell/error-pages'\n"
    const viaPath = "export { NotFoundPage } from '../features/shell/error-pages'\n"
    expect(await restrictedImports(viaAlias, 'src/server/web/lint-probe.ts')).toEqual([expect.stringContaining('must not import src/features')])
    expect(await restrictedImports(viaPath, 'src/ui/lint-probe.tsx')).toEqual([expect.stringContaining('must not import src/features')])
    expect(await restrictedImports(viaAlias, 'src/contract/lint-probe.ts')).toEqual([expect.stringContaining('must not import src/features')])
    // A route composes features: allowed.
    expect(await restrictedImports(viaAlias, 'src/routes/lint-probe.tsx')).toEqual([])
  })

  it('keeps API route handlers off the database', async () => {
    expect(await restrictedImports("export { eq } from 'drizzle-orm'\n", 'src/server/api/routes/lint-probe.ts')).toEqual([expect.stringContaining('domain services')])
    expect(await restrictedImports("export { users } from '../../db/schema'\n", 'src/server/api/routes/lint-probe.ts')).toEqual([expect.stringContaining('domain services')])
    expect(await restrictedImports("export { eq } from 'drizzle-orm'\n", 'src/server/partners/lint-probe.ts')).toEqual([])
  })

  it('reports an import cycle', async () => {
    // src/server/api/index.ts imports ./routes; routes importing it back closes the loop.
    const code = "import { buildApi } from '../index'\nexport const probe = buildApi\n"
    expect(await ruleMessages(code, 'src/server/api/routes/index.ts', 'import-x/no-cycle')).toEqual([expect.stringContaining('cycle')])
  })

  it('wants kebab-case file names, and TanStack Router’s conventions under src/routes', async () => {
    const code = 'export const probe = 1\n'
    const names = (filePath: string) => ruleMessages(code, filePath, 'check-file/filename-naming-convention')
    expect(await names('src/features/shell/SiteHeader.tsx')).toHaveLength(1)
    expect(await names('src/server/quotes/quote_service.ts')).toHaveLength(1)
    expect(await names('src/features/auth/auth-form.functions.ts')).toEqual([])
    for (const route of ['__root.tsx', '_account.account.vehicles.$id.notes.$noteId.tsx', '_master.rca.{-$registration_plate}.{-$vin}.tsx', '_minimal.authenticate_.google.tsx', '-account-tools.tsx']) {
      expect(await names(`src/routes/${route}`), route).toEqual([])
    }
    expect(await names('src/routes/Account Page.tsx')).toHaveLength(1)
  })
})
