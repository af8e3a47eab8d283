/**
 * The sweep's axe scans, shared by all its contexts. axe judges structure, roles, names and styles,
 * not the words: the same page in Romanian, English and French, or a public page's content signed
 * in and signed out, is one scan. A part of the page is scanned when its structure (below) is new
 * at that width in this run; the result is kept in a folder every worker reads, so a context reports
 * the violations of a structure another context scanned.
 *
 * Two parts per page: its `main` content, and the rest of the document (head, header, footer,
 * banners) with `main` left out, which is the same on most pages of a signed state.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { seriousAxeViolationsIn } from './support'

export type AxePart = 'main' | 'frame'

const SCOPES: Record<AxePart, { include?: string[]; exclude?: string[] }> = {
  main: { include: ['main'] },
  frame: { exclude: ['main'] },
}

/**
 * The part's markup as axe sees it: every text and every text-like attribute (names, titles,
 * alternatives, placeholders, values, link targets) reduced to whether it is empty, scripts,
 * preloads and program data (`data-*`, nonces, the meta description) left out; elements, roles, ARIA
 * states, classes, ids, stylesheets and `lang` kept as they are. Null when the page has no such part.
 */
function structure(page: Page, part: AxePart): Promise<string | null> {
  return page.evaluate((part) => {
    const source = part === 'main' ? document.querySelector('main') : document.documentElement
    if (!source) return null
    const copy = source.cloneNode(true) as Element
    // Around the content: one header and footer on every page, whichever of its links is the
    // current page's (they share one style; whether there is one is kept).
    let current = 0
    if (part === 'frame') {
      for (const main of copy.querySelectorAll('main')) main.replaceWith(document.createElement('main'))
      for (const link of copy.querySelectorAll('[aria-current]')) {
        current++
        link.removeAttribute('aria-current')
        link.classList.remove('active')
        if (link.classList.length === 0) link.removeAttribute('class')
      }
    }
    // Scripts and preloads: what a page loads is no part of what axe judges (stylesheets are).
    for (const element of copy.querySelectorAll('script, link:not([rel="stylesheet"])')) element.remove()
    const walker = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement?.tagName !== 'STYLE') node.textContent = node.textContent?.trim() ? 'x' : ''
    }
    const wordy = new Set(['aria-label', 'aria-description', 'aria-placeholder', 'aria-roledescription', 'aria-valuetext', 'title', 'alt', 'placeholder', 'value', 'href'])
    for (const element of [copy, ...copy.querySelectorAll('*')]) {
      for (const { name, value } of [...element.attributes]) {
        if (name.startsWith('data-') || name === 'nonce' || (element.tagName === 'META' && name === 'content' && element.getAttribute('name') !== 'viewport')) element.removeAttribute(name)
        else if (wordy.has(name) && element.tagName !== 'LINK') element.setAttribute(name, value.trim() ? 'x' : '')
      }
    }
    return `${current}\n${copy.outerHTML}`
  }, part)
}

/** The serious and critical axe violations of these parts of the page at the window's width, scanning only structures new to the run. */
export async function axeFindings(page: Page, parts: AxePart[], scansDir: string): Promise<string[]> {
  mkdirSync(scansDir, { recursive: true })
  const { width } = page.viewportSize() ?? { width: 0 }
  const findings: string[] = []
  for (const part of parts) {
    const markup = await structure(page, part)
    if (markup === null) continue
    const file = path.join(scansDir, `${createHash('sha256').update(`${width}\n${part}\n${markup}`).digest('hex')}.json`)
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
