/**
 * The second half of `npm run build` (after `vite build`): bundles the Node entry points into
 * plain JavaScript under `dist/node/`, so production runs `node dist/node/serve.js` and never
 * compiles TypeScript at run time (decision 60). Packages stay external (they are in
 * node_modules, some are native or WASM); only our own sources are bundled. The migrations are
 * copied to `dist/migrations` and the document fonts to `dist/fonts`, where a build without `src/`
 * (the container image) finds them (src/server/db/client.ts, src/server/documents/pdf.ts).
 */
import { cpSync, rmSync } from 'node:fs'
import path from 'node:path'
import { build } from 'rolldown'
import { linguiPlugins } from './lingui/rolldown-plugins'

const root = path.resolve(import.meta.dirname, '..')
const outDir = path.join(root, 'dist/node')

/** The entry points, by the name of the file they become. */
const entries = {
  serve: 'src/server/serve.ts',
  api: 'src/server/api/standalone.ts',
  realtime: 'src/server/realtime/standalone.ts',
  cli: 'src/server/cli/main.ts',
  sandbox: 'src/server/sandbox/standalone.ts',
  proxy: 'src/server/cluster/proxy-main.ts',
  cluster: 'src/server/cluster/main.ts',
}

/** A bare specifier (`pino`, `node:fs`, `@tanstack/…`) is a package: left to Node at run time. */
function isPackage(id: string): boolean {
  return !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('~/') && id !== '#config' && !path.isAbsolute(id) && !id.startsWith('\0')
}

rmSync(outDir, { recursive: true, force: true })
const started = Date.now()
await build({
  cwd: root,
  input: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, path.join(root, file)])),
  platform: 'node',
  external: isPackage,
  plugins: linguiPlugins(),
  resolve: { alias: { '~': path.join(root, 'src'), '#config': path.join(root, 'app.config.ts') } },
  output: { dir: outDir, format: 'esm', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js', sourcemap: true },
  logLevel: 'warn',
})
cpSync(path.join(root, 'src/server/db/migrations'), path.join(root, 'dist/migrations'), { recursive: true })
cpSync(path.join(root, 'src/server/documents/fonts'), path.join(root, 'dist/fonts'), { recursive: true })
process.stdout.write(`dist/node: ${Object.keys(entries).join(', ')} bundled in ${Date.now() - started} ms; migrations and fonts copied to dist/migrations, dist/fonts\n`)
