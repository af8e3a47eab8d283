import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { sourceFiles } from '../support/source-files'
import { localeCodes } from '~/i18n/locales'

/**
 * Every word a person reads comes from the Lingui catalogs (docs/i18n.md): no source file keeps
 * its own table of words per language (`{ ro: 'Introduceți…', en: 'Enter…' }`, or
 * `{ ro: { key: '…' }, en: { key: '…' } }`), which `npm run extract` cannot see and translators
 * never get. Reads every file of `src`, the contract's field sentences included; comments and
 * language tags (`{ ro: 'ro-RO' }`) are not words.
 */
const root = fileURLToPath(new URL('../..', import.meta.url))
const LANGUAGE_TAG = /^[a-z]{2,3}(-[A-Za-z]{2,4})?$/

const unwrap = (node: ts.Expression): ts.Expression =>
  ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node) ? unwrap(node.expression) : node

const propertyName = (property: ts.ObjectLiteralElementLike): string | undefined =>
  property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) ? property.name.text : undefined

/** Text a person would read: a string that is not a language tag, or a template with words. */
function isWords(node: ts.Expression): boolean {
  const value = unwrap(node)
  if (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)) return /\p{L}/u.test(value.text) && !LANGUAGE_TAG.test(value.text)
  if (ts.isTemplateExpression(value)) return /\p{L}/u.test(value.head.text + value.templateSpans.map((span) => span.literal.text).join(''))
  if (ts.isObjectLiteralExpression(value)) return value.properties.some((p) => ts.isPropertyAssignment(p) && isWords(p.initializer))
  return false
}

/** The lines of object literals keyed by two or more site languages whose values are words. */
export function languageTables(source: string, fileName = 'probe.tsx'): number[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const codes: ReadonlySet<string> = new Set(localeCodes)
  const found: number[] = []
  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node)) {
      const worded = node.properties.filter((p) => ts.isPropertyAssignment(p) && codes.has(propertyName(p) ?? '') && isWords(p.initializer))
      if (worded.length >= 2) found.push(file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1)
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return found
}


// Parsing every source file is CPU work: generous time on a shared machine.
describe('per-language word tables', { timeout: 60_000 }, () => {
  it('none in src: every sentence is a Lingui message', () => {
    const files = sourceFiles(path.join(root, 'src'))
    expect(files.some((file) => file.includes(path.join('src', 'contract', 'field-messages')))).toBe(true)
    const offences = files.flatMap((file) => languageTables(readFileSync(file, 'utf8'), file).map((line) => `${path.relative(root, file)}:${line}`))
    expect(offences).toEqual([])
  })

  it('catches a planted table of sentences or of keyed sentences, and not language tags, catalogs or a comment', () => {
    const planted = [
      "// { ro: 'Introduceți parola.', en: 'Enter your password.' }",
      "const intl = { ro: 'ro-RO', en: 'en-GB', fr: 'fr-FR' }",
      "const catalogs = { ro: () => import('./ro.po'), en: () => import('./en.po') }",
      "const vignettes = { ro: { prices: 'x y' }, hu: { prices: 'z w' } }",
      "export const fieldMessages = { ro: { plate_required: 'Introduceți numărul.' }, en: { plate_required: 'Enter the number.' } } as const satisfies Record<string, unknown>",
      "const title = { ro: `Scadență ${plate}`, fr: `Échéance ${plate}` }[locale]",
      "const word = { 'en': 'Insurance', fr: 'Assurance' }",
    ].join('\n')
    expect(languageTables(planted)).toEqual([5, 6, 7])
  })
})
