import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import babel from '@rolldown/plugin-babel'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'

/**
 * A build id compiled into the client and written to `build.json` beside its assets; the
 * browser polls that file to notice a new deployment (src/features/shell/build-watcher.tsx).
 */
function buildId(): Plugin {
  // One id per build: Vite evaluates this config more than once in a build (once per environment),
  // and each evaluation must agree with the `build.json` another one writes. The process keeps it.
  const id = (process.env.ASIGURO_BUILD_ID ??= `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`)
  let command: 'build' | 'serve' = 'serve'
  return {
    name: 'asiguro:build-id',
    config(_config, env) {
      command = env.command
      return { define: { __BUILD_ID__: JSON.stringify(env.command === 'build' ? id : 'dev') } }
    },
    generateBundle() {
      if (command === 'build' && this.environment.name === 'client') {
        this.emitFile({ type: 'asset', fileName: 'build.json', source: JSON.stringify({ id }) })
      }
    },
  }
}

/**
 * `npm run dev` serves the embedded realtime server too (src/server/realtime/dev.ts), loaded
 * through Vite's module loader so this file imports nothing from src (decision 22).
 */
function realtimeDevServer(): Plugin {
  return {
    name: 'asiguro:realtime',
    apply: 'serve',
    async configureServer(vite) {
      if (!vite.httpServer) return // middleware mode: the host server owns upgrades
      const dev = (await vite.ssrLoadModule('/src/server/realtime/dev.ts')) as typeof import('./src/server/realtime/dev')
      await dev.mountDevRealtime(vite.httpServer as import('node:http').Server, vite.middlewares)
    },
  }
}

export default defineConfig({
  resolve: {
    alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { port: Number(process.env.PORT ?? 3000) },
  // Bundled into the server build instead of loaded from node_modules at run time: Node's loader
  // reads drizzle-orm's 180 KB package.json again for each of its hundreds of files, about 80 MB
  // of garbage that leaves the heap at 130 MB for good (docs/benchmarks.md, Memory).
  ssr: { noExternal: ['drizzle-orm'] },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // The framework (router, query, server-function client) is in every first load: one chunk,
            // so that a lazily loaded part does not split it into several small ones (each costs its
            // imports, its wrapper and a gzip stream of its own; decision 80).
            codeSplitting: {
              groups: [{ name: 'framework', test: /node_modules[\\/](@tanstack[\\/](react-router|router-core|history|query-core|react-query|router-ssr-query-core|react-router-ssr-query|start-client-core|react-start-client)|seroval|seroval-plugins|cookie-es)[\\/]/ }],
            },
          },
        },
      },
    },
  },
  plugins: [buildId(), realtimeDevServer(), tanstackStart({ server: { build: { inlineCss: true } } }), babel({ presets: [linguiTransformerBabelPreset()] }), viteReact(), lingui()],
})
