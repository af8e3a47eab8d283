import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// The import boundaries of eslint.config.js, checked through ESLint's own API on code that is
// never written to disk.
const eslint = new ESLint({ cwd: fileURLToPath(new URL('../..', import.meta.url)) })

async function restrictedImports(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)
}

describe('import boundaries (eslint.config.js)', () => {
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
})
