/**
 * Node module hooks for `tsx` runs of server code (`npm run dev:api` and the other `dev:*`
 * scripts, registered by ./register.mjs): a `.po` import becomes its compiled catalog
 * (./compile.mjs), and a module that imports a Lingui macro is run through the macro's Babel
 * plugin after tsx has made it JavaScript, as the Vite and Node builds do.
 */
import { fileURLToPath } from 'node:url'
import { transformAsync } from '@babel/core'
import { compilePo } from './compile.mjs'

const MACRO = /from ['"]@lingui\/(core|react)\/macro['"]/

/** @type {import('node:module').LoadHook} */
export async function load(url, context, nextLoad) {
  if (url.endsWith('.po')) return { format: 'module', source: await compilePo(fileURLToPath(url)), shortCircuit: true }
  const loaded = await nextLoad(url, context)
  if (loaded.format !== 'module' || loaded.source == null || url.includes('/node_modules/')) return loaded
  const source = String(loaded.source)
  if (!MACRO.test(source)) return loaded
  const result = await transformAsync(source, { filename: fileURLToPath(url), babelrc: false, configFile: false, sourceMaps: 'inline', plugins: ['@lingui/babel-plugin-lingui-macro'] })
  return { ...loaded, source: result?.code ?? source }
}
