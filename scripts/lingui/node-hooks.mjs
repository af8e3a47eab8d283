/**
 * Node module hooks for `tsx` runs of server code (`npm run dev:api` and the other `dev:*`
 * scripts, registered by ./register.mjs): a `.po` import becomes its compiled catalog
 * (./compile.mjs), and a module that imports a Lingui macro is run through the macro's Babel
 * plugin, as the Vite and Node builds do. tsx's own hook runs before this one and hands the
 * result on, so the source may still be TypeScript: Babel parses it as such and keeps the types.
 */
import { fileURLToPath } from 'node:url'
import { transformAsync } from '@babel/core'
import { compilePo } from './compile.mjs'

const MACRO = /from ['"]@lingui\/(core|react)\/macro['"]/

/** @type {import('node:module').LoadHook} */
export async function load(url, context, nextLoad) {
  if (url.endsWith('.po')) return { format: 'module', source: await compilePo(fileURLToPath(url)), shortCircuit: true }
  const loaded = await nextLoad(url, context)
  if (loaded.source == null || url.includes('/node_modules/')) return loaded
  const source = String(loaded.source)
  if (!MACRO.test(source)) return loaded
  const filename = fileURLToPath(url)
  const syntax = /\.[cm]?tsx?$/.test(filename) ? ['typescript', ...(filename.endsWith('x') ? ['jsx'] : [])] : ['jsx']
  const result = await transformAsync(source, { filename, babelrc: false, configFile: false, sourceMaps: 'inline', parserOpts: { plugins: syntax }, plugins: ['@lingui/babel-plugin-lingui-macro'] })
  return { ...loaded, source: result?.code ?? source }
}
