import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/**
 * The import boundaries of eslint.config.js, checked by linting planted snippets as if they were
 * files of the project (`lintText` with their path): each breach must be reported with the rule
 * that forbids it, and the allowed import beside it must pass.
 */
const root = path.resolve(import.meta.dirname, '../..')
// The cycle rule walks the whole import graph from each file: off here, where only the zones are under test.
const eslint = new ESLint({ cwd: root, overrideConfig: { rules: { 'import-x/no-cycle': 'off' } } })

async function errorsOf(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) })
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message)
}

const planted: { name: string; file: string; code: string; says: string }[] = [
  { name: 'a domain service importing the API', file: 'src/server/orders/planted.ts', code: "import { errorBody } from '../api/errors'\nexport const x = errorBody\n", says: 'A domain service never imports the API' },
  { name: 'a domain service importing the web app', file: 'src/server/quotes/planted.ts', code: "import { callProvider } from '~/server/web/request'\nexport const x = callProvider\n", says: 'A domain service never imports the API' },
  { name: 'the database layer importing a service', file: 'src/server/db/planted.ts', code: "import { seedInsurers } from '../insurers/seed'\nexport const x = seedInsurers\n", says: 'src/server/db is the bottom layer' },
  { name: 'the API importing the web app', file: 'src/server/api/planted.ts', code: "import { visitor } from '../web/request'\nexport const x = visitor\n", says: 'The API is called by the web app' },
  { name: 'the web app importing a domain service', file: 'src/server/web/planted.ts', code: "import { QuoteService } from '../quotes/service'\nexport const x = QuoteService\n", says: 'only through the provider API' },
  { name: 'the web app importing an API module', file: 'src/server/web/planted.ts', code: "import { createApiDeps } from '../api'\nexport const x = createApiDeps\n", says: 'through src/server/provider, never its modules' },
  { name: 'the web app importing the API’s errors', file: 'src/server/web/planted.ts', code: "import { ApiError } from '../api/errors'\nexport const x = ApiError\n", says: 'through src/server/provider, never its modules' },
  { name: 'the server catalog importing a service', file: 'src/server/i18n/planted.ts', code: "import { purchaseOf } from '../products'\nexport const x = purchaseOf\n", says: 'src/server/i18n holds the server’s words' },
  { name: 'the session importing the web app', file: 'src/server/session/planted.ts', code: "import { visitor } from '../web/request'\nexport const x = visitor\n", says: 'configuration only' },
  { name: 'production code importing the sandbox', file: 'src/server/products/rca/planted.ts', code: "import { sandboxFetch } from '../../sandbox'\nexport const x = sandboxFetch\n", says: 'Production code never imports the sandbox' },
  { name: 'a server function importing a domain service', file: 'src/features/vignettes/planted.functions.ts', code: "import { roVignetteTariff } from '~/server/products/vignettes/ro-tariff'\nexport const x = roVignetteTariff\n", says: 'import only src/server/{web,provider,session,config}' },
  { name: 'a page route handler importing the API', file: 'src/features/checkout/planted.server.ts', code: "import { getProcessApi } from '~/server/api'\nexport const x = getProcessApi\n", says: 'import only src/server/{web,provider,session,config}' },
]

describe('import boundaries inside src/server', { timeout: 60_000 }, () => {
  it.each(planted)('reports $name', async ({ file, code, says }) => {
    const errors = await errorsOf(file, code)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain(says)
  })

  it('lets each layer import the one below it', async () => {
    expect(await errorsOf('src/server/api/planted.ts', "import { QuoteService } from '../quotes/service'\nimport { insurers } from '../db/schema'\nexport const x = [QuoteService, insurers]\n")).toEqual([])
    expect(await errorsOf('src/server/web/planted.ts', "import { providerClient } from '../provider'\nimport { errorBody } from '../i18n/api-messages'\nexport const x = [providerClient, errorBody]\n")).toEqual([])
    expect(await errorsOf('src/features/vignettes/planted.functions.ts', "import { callProvider } from '~/server/web/request'\nimport { getConfig } from '~/server/config'\nexport const x = [callProvider, getConfig]\n")).toEqual([])
    expect(await errorsOf('src/server/sandbox/planted.ts', "import { rcaInsurers } from '../products/rca/insurers'\nexport const x = rcaInsurers\n")).toEqual([])
  })
})
