/**
 * The sweep's axe scans, shared by all its contexts. axe judges structure, roles, names and styles,
 * not the words: the same page in Romanian, English and French, or a public page's content signed
 * in and signed out, is one scan. A part of the page is scanned when its structure (its digest from
 * `readPage`, sweep-page.ts) is new at that width in this run; the result is kept in a folder every
 * worker reads, so a context reports the violations of a structure another context scanned.
 *
 * Two parts per page: its `main` content, and the rest of the document (head, header, footer,
 * banners) with `main` left out, which is the same on most pages of a signed state.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import type { AxePart } from './sweep-page'
import { seriousAxeViolationsIn } from './support'

const SCOPES: Record<AxePart, { include?: string[]; exclude?: string[] }> = {
  main: { include: ['main'] },
  frame: { exclude: ['main'] },
}

/** The serious and critical axe violations of these parts of the page at the window's width, scanning only structures new to the run. */
export async function axeFindings(page: Page, structures: Partial<Record<AxePart, string>>, scansDir: string): Promise<string[]> {
  mkdirSync(scansDir, { recursive: true })
  const { width } = page.viewportSize() ?? { width: 0 }
  const findings: string[] = []
  for (const [part, digest] of Object.entries(structures) as [AxePart, string][]) {
    const file = path.join(scansDir, `${width}-${part}-${digest}.json`)
    if (existsSync(file)) {
      findings.push(...(JSON.parse(readFileSync(file, 'utf8')) as string[]))
      continue
    }
    const found = await seriousAxeViolationsIn(page, SCOPES[part])
    // Written whole, then renamed: a worker reading at the same moment sees no file or all of it.
    writeFileSync(`${file}.${process.pid}`, JSON.stringify(found))
    renameSync(`${file}.${process.pid}`, file)
    findings.push(...found)
  }
  return findings
}
