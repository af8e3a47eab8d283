/**
 * The bare TanStack Start app of `npm run bench` (bench/bare-start/: one route, Start and React
 * only, the versions of this repository's node_modules), built into a temporary folder with its
 * own Vite config. The bench serves it with the production server's own `dist/node/serve.js`,
 * started in that folder, so both apps are served the same way (srvx, the static-file listing,
 * `FastResponse`).
 */
import { spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { root, say } from './processes'

export interface BareStartBuild {
  /** The folder holding `dist/client` and `dist/server`: the working directory of its server. */
  dir: string
  remove(): void
}

export function buildBareStart(): BareStartBuild {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'asiguro-bare-start-'))
  const remove = () => rmSync(dir, { recursive: true, force: true })
  cpSync(path.join(root, 'bench/bare-start'), dir, { recursive: true })
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir')
  say(`building the bare TanStack Start app in ${dir}`)
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: dir, stdio: ['ignore', 'ignore', 2] })
  if (build.status !== 0) {
    remove()
    throw new Error(`the bare Start build failed (${build.status ?? build.signal})`)
  }
  return { dir, remove }
}
