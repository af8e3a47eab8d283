/**
 * Memory settings of the server process (decision 81), which take effect only when a process
 * starts: a server started without them starts itself again with them. `process.execve` replaces
 * the program in place (same process id, same standard streams, signals reach it as before),
 * before anything is opened or listening. Settings an operator gave are kept as they are.
 *
 * - `MALLOC_MMAP_THRESHOLD_` (glibc): blocks of 128 KiB and more get a mapping of their own,
 *   returned to the system when freed; by default glibc raises that threshold to the size of each
 *   such block freed (up to 32 MiB), so after the start (the embedded database's WebAssembly
 *   compiled on V8's threads, the server bundle parsed) blocks of megabytes came from the malloc
 *   arenas and stayed resident once freed. Set, the threshold stays where it starts.
 * - `--max-semi-space-size=8` (V8, MiB): the young generation grew to 64 MB and kept it, resident,
 *   after a burst of requests; capped, it costs no measurable CPU a request here.
 * - `--max-old-space-size=256` (V8, MiB; decision 149): V8 lets the old generation grow to up to
 *   4 times the live data between full collections when its limit is 2 GiB or more (the default
 *   here), and the pages stay resident: 360–400 MB committed for 55–100 MB live under load. A
 *   smaller limit also gets a smaller growing factor (V8's heap controller), so the heap stays
 *   nearer its live size, for more frequent full collections. The live heap is about 55 MB idle and stayed under
 *   100 MB under load; a process whose live data passes the limit stops with "JavaScript heap out
 *   of memory", so an operator with a heavier use gives a higher one (`NODE_OPTIONS`), kept as is.
 * docs/benchmarks.md, Memory, has the figures.
 */
const ENV: Record<string, string> = { MALLOC_MMAP_THRESHOLD_: String(128 * 1024) }
const V8_FLAGS: Record<string, string> = { '--max-semi-space-size': '8', '--max-old-space-size': '256' }

/** The settings missing from the process's environment and Node flags (the operator's are kept). */
export function missingMemorySettings(env: NodeJS.ProcessEnv, execArgv: readonly string[]): { env: Record<string, string>; flags: string[] } {
  const given = [...execArgv, ...(env.NODE_OPTIONS ?? '').split(/\s+/)].map((arg) => arg.replaceAll('_', '-'))
  return {
    env: Object.fromEntries(Object.entries(ENV).filter(([name]) => env[name] === undefined)),
    flags: Object.entries(V8_FLAGS)
      .filter(([flag]) => !given.some((arg) => arg.startsWith(flag))) // `--max-old-space-size-percentage` is the operator's choice too
      .map(([flag, value]) => `${flag}=${value}`),
  }
}

export function restartWithMemorySettings(): void {
  if (process.platform !== 'linux' || typeof process.execve !== 'function') return
  const { env, flags } = missingMemorySettings(process.env, process.execArgv)
  if (Object.keys(env).length === 0 && flags.length === 0) return
  try {
    process.execve(process.execPath, [process.execPath, ...process.execArgv, ...flags, ...process.argv.slice(1)], { ...process.env, ...env })
  } catch {
    // The system refused to start the program again: serve with the defaults.
  }
}
