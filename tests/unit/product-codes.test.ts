import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { sourceFiles } from '../support/source-files'
import { productCodes } from '~/contract/constants'

/**
 * Generic server code knows no product by name: a product code written as a string literal in
 * `src/server` outside `src/server/products` (each product's module and the registry) is a
 * product decision taken in the wrong place. Comments are not code and are not read.
 */
const root = fileURLToPath(new URL('../..', import.meta.url))
const server = path.join(root, 'src/server')

/** Files that may name products, each for a reason. */
const allowed: Record<string, string> = {
  'src/server/site/reference-data.ts': 'the reference rows of the products table, one per product code',
  'src/server/insurers/seed.ts': 'the insurer catalogue seeds which products each insurer sells',
  'src/server/sandbox/insurers/index.ts': 'the sandbox plays each product’s insurers, by product code',
  'src/server/sandbox/insurers/documents.ts': 'the sandbox insurers publish an IPID and general conditions for each insurance product, by product code',
  'src/server/auth/password-words.ts': '"rca" there is a word a password must not be made of, not a product',
}

/** The string literals of `source` that are product codes, with their line numbers (parsed, so comments and template text are told apart). */
export function productCodeLiterals(source: string, fileName = 'probe.tsx'): { line: number; code: string }[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const codes: ReadonlySet<string> = new Set(productCodes)
  const found: { line: number; code: string }[] = []
  const visit = (node: ts.Node) => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && codes.has(node.text)) {
      found.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, code: node.text })
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return found
}


// Parsing every server file is CPU work: generous time on a shared machine.
describe('product codes in generic server code', { timeout: 60_000 }, () => {
  it('appear only in src/server/products and the allowed files', () => {
    const offences = sourceFiles(server, (folder) => folder === path.join(server, 'products')).flatMap((file) => {
      const relative = path.relative(root, file).split(path.sep).join('/')
      if (relative in allowed) return []
      return productCodeLiterals(readFileSync(file, 'utf8'), file).map(({ line, code }) => `${relative}:${line} '${code}'`)
    })
    expect(offences).toEqual([])
  })

  it('catches a planted product code, and not one in a comment or a longer string', () => {
    const planted = [
      "// orders of 'travel' are not read here",
      "const path = '/travel/quote'",
      "const rovinieta = 'ro-vignette-proof'",
      'if (order.product === "house-insurance") send()',
      'const kind = `hu-vignette`',
    ].join('\n')
    expect(productCodeLiterals(planted)).toEqual([
      { line: 4, code: 'house-insurance' },
      { line: 5, code: 'hu-vignette' },
    ])
  })

  it('gives a reason for every allowed file, and each still exists', () => {
    for (const [file, reason] of Object.entries(allowed)) {
      expect(reason.length, file).toBeGreaterThan(20)
      expect(() => readFileSync(path.join(root, file)), file).not.toThrow()
    }
  })
})
