import babel from '@rolldown/plugin-babel'
import { linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import type { RolldownPluginOption } from 'rolldown'
import { compilePo } from './compile.mjs'

/**
 * Lingui for a rolldown build without Vite (scripts/build-node.ts), as in the Vite build: the
 * macro through Babel, and a `.po` import compiled into its catalog by the same compiler as
 * `@lingui/vite-plugin` (src/server/i18n imports the catalogs).
 */
export function linguiPlugins(): RolldownPluginOption[] {
  return [
    babel({ presets: [linguiTransformerBabelPreset()] }),
    {
      name: 'asiguro:lingui-catalogs',
      transform: { filter: { id: /\.po$/ }, handler: async (_code, id) => ({ code: await compilePo(id), map: null, moduleType: 'js' }) },
    },
  ]
}
