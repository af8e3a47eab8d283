import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * No two folders of `src` (the folders of `src/server` counted apart) import each other, directly
 * or round about. ESLint's no-cycle sees files only; a cycle of folders is a layer running back
 * up, even when no single file closes a loop. Type-only imports vanish at build time and count not.
 */
const src = path.resolve(import.meta.dirname, '../../src')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') && entry.name !== 'routeTree.gen.ts' ? [full] : []
  })
}

/** `server/orders` for anything under src/server/orders, `server/config` for src/server/config.ts, `contract` for src/contract/… */
function folderOf(file: string): string {
  const [first = '', second] = path.relative(src, file).split(path.sep)
  if (first === 'server' && second) return `server/${second.replace(/\.tsx?$/, '')}`
  return first.replace(/\.tsx?$/, '')
}

const IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm

function folderGraph(files: string[], read: (file: string) => string = (file) => readFileSync(file, 'utf8')): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>()
  for (const file of files) {
    for (const [, typeOnly, specifier = ''] of read(file).matchAll(IMPORT)) {
      if (typeOnly) continue
      const target = specifier.startsWith('~/') ? path.join(src, specifier.slice(2)) : specifier.startsWith('.') ? path.resolve(path.dirname(file), specifier) : undefined
      if (!target) continue
      const [from, to] = [folderOf(file), folderOf(target)]
      if (from === to) continue
      if (!graph.has(from)) graph.set(from, new Set())
      graph.get(from)!.add(to)
    }
  }
  return graph
}

/** One cycle per folder that lies on one, written `a → b → a`. */
function folderCycles(graph: Map<string, Set<string>>): string[] {
  const cycles = new Set<string>()
  for (const start of graph.keys()) {
    const seen = new Set<string>()
    const walk = (node: string, trail: string[]): boolean => {
      for (const next of graph.get(node) ?? []) {
        if (next === start) {
          cycles.add([...trail, start].join(' → '))
          return true
        }
        if (!seen.has(next)) {
          seen.add(next)
          if (walk(next, [...trail, next])) return true
        }
      }
      return false
    }
    walk(start, [start])
  }
  return [...cycles]
}

describe('folder cycles', () => {
  it('finds a planted cycle, and none through a type-only import', () => {
    const files = { [path.join(src, 'server/web/a.ts')]: "import { b } from '../api/b'\n", [path.join(src, 'server/api/b.ts')]: "import { a } from '~/server/web/a'\nimport type { C } from '../../contract/c'\n", [path.join(src, 'contract/c.ts')]: "import type { B } from '~/server/api/b'\n" }
    const cycles = folderCycles(folderGraph(Object.keys(files), (file) => files[file] ?? ''))
    expect(cycles).toContain('server/web → server/api → server/web')
    expect(cycles.some((cycle) => cycle.includes('contract'))).toBe(false)
  })

  it('has none in src', () => {
    expect(folderCycles(folderGraph(sourceFiles(src)))).toEqual([])
  })
})
