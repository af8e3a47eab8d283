import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/** The bare TanStack Start app of `npm run bench` (bench/http.ts builds it in a folder of its own): Start and React, nothing else. */
export default defineConfig({
  plugins: [tanstackStart(), viteReact()],
})
