/**
 * Compiles one `.po` catalog into an ES module exporting `messages`, exactly as
 * `@lingui/vite-plugin` does for the Vite builds (same config, fallbacks and compiler), for
 * the places Vite does not run: the Node bundles of scripts/build-node.ts and `tsx` runs
 * (./node-hooks.mjs). Vitest uses the Vite plugin itself.
 */
import path from 'node:path'
import { getConfig } from '@lingui/conf'
import { createCompilationErrorMessage, createCompiledCatalog, getCatalogForFile, getCatalogs, getFailOnMissingBehavior } from '@lingui/cli/api'

/** @type {ReturnType<typeof getConfig> | undefined} */
let config

/** @param {string} file absolute path of a `.po` file named by a catalog of lingui.config.ts */
export async function compilePo(file) {
  config ??= getConfig({ cwd: path.resolve(import.meta.dirname, '../..') })
  const relative = path.relative(config.rootDir, file)
  const found = getCatalogForFile(relative, await getCatalogs(config))
  if (!found) throw new Error(`${relative} is not a catalog of lingui.config.ts`)
  const { messages } = await found.catalog.getTranslations(found.locale, { fallbackLocales: config.fallbackLocales, sourceLocale: config.sourceLocale, missingBehavior: getFailOnMissingBehavior(undefined) })
  const { source, errors } = createCompiledCatalog(found.locale, messages, { namespace: 'es' })
  if (errors.length) throw new Error(createCompilationErrorMessage(found.locale, errors))
  return source
}
