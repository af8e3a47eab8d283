import { readdirSync } from 'node:fs'
import path from 'node:path'

/** The TypeScript files under a folder, generated ones (`*.gen.ts`) left out; `skipFolder` leaves a folder out whole. */
export function sourceFiles(dir: string, skipFolder: (folder: string) => boolean = () => false): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return skipFolder(full) ? [] : sourceFiles(full, skipFolder)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.gen.ts') ? [full] : []
  })
}
