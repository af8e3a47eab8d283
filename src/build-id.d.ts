/** The id of this build, set by `vite.config.ts` (`dev` in development). */
declare const __BUILD_ID__: string
