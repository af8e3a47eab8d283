import { readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * The msgid → msgstr pairs of a .po catalog as Lingui writes them (`messages` for the pages,
 * `fields` for the form fields' sentences, `server` for the server's words), read straight from
 * the file: tests compare what the site writes with what translators wrote, not with the compiled
 * catalog the site itself uses. A message with a context is keyed `context\u0004msgid`.
 */
export type CatalogName = 'messages' | 'fields' | 'server'

export function readCatalog(locale: string, name: CatalogName = 'messages'): Map<string, string> {
  const text = readFileSync(path.resolve('src/i18n/locales', locale, `${name}.po`), 'utf8')
  const entries = new Map<string, string>()
  const pattern = /^(?:msgctxt ((?:"(?:[^"\\]|\\.)*"\n?)+))?msgid ((?:"(?:[^"\\]|\\.)*"\n?)+)msgstr ((?:"(?:[^"\\]|\\.)*"\n?)+)/gm
  const join = (chunk: string) =>
    chunk
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as string)
      .join('')
  for (const match of text.matchAll(pattern)) {
    const id = join(match[2] ?? '')
    if (id !== '') entries.set(match[1] ? `${join(match[1])}\u0004${id}` : id, join(match[3] ?? ''))
  }
  return entries
}

/** A catalog's translation of a source message with its placeholders filled in. */
export function translated(locale: string, name: CatalogName, source: string, values: Record<string, string> = {}): string {
  const text = locale === 'en' ? source : readCatalog(locale, name).get(source)
  if (!text) throw new Error(`${source} is not translated in ${locale}/${name}.po`)
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole)
}
