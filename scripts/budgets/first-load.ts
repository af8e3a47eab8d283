/**
 * The JavaScript a browser loads for a server-rendered page before anything the page asks for
 * later: every script and module preload the HTML names, plus everything those import
 * statically (`import … from './x.js'`, `export … from`), from the build in `dist/client`.
 * Dynamic `import()`s are not followed: they load on use (a form's schema, a toast, a popover).
 * Each file is counted once, gzip level 9 (what the budget is written in).
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

export interface FirstLoad {
  /** gzip bytes of all the files. */
  gzip: number
  files: { file: string; gzip: number }[]
}

const STATIC_IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'](\.\.?\/[^"']+\.js)["']/g
const REFERENCED_SCRIPT = /<(?:script|link)\b[^>]*?\b(?:src|href)="(\/[^"]+\.js)"/g

export function firstLoad(html: string, clientDir: string): FirstLoad {
  const seen = new Set<string>()
  const visit = (url: string) => {
    if (seen.has(url)) return
    seen.add(url)
    const source = readFileSync(path.join(clientDir, url), 'utf8')
    for (const [, specifier] of source.matchAll(STATIC_IMPORT)) visit(path.posix.join(path.posix.dirname(url), specifier!))
  }
  for (const [, url] of html.matchAll(REFERENCED_SCRIPT)) visit(url!)
  const files = [...seen].map((file) => ({ file, gzip: gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).length })).sort((a, b) => b.gzip - a.gzip)
  return { gzip: files.reduce((sum, f) => sum + f.gzip, 0), files }
}
