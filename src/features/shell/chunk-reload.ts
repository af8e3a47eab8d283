/** How long after one automatic reload another is refused (spec §9: reload guard ttl 10 s). */
export const RELOAD_GUARD_MS = 10_000
const KEY = 'asiguro:chunk-reload-at'

/** The messages browsers give when a script chunk of an older build cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error)
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(message)
}

interface Clock {
  now(): number
}

/**
 * Reloads the page after a chunk failed to load, at most once per 10 s (a second failure
 * soon after means the reload did not help: the error page shows instead of a loop).
 * Returns whether it reloaded.
 */
export function reloadOnce(storage: Pick<Storage, 'getItem' | 'setItem'>, reload: () => void, clock: Clock = Date): boolean {
  const last = Number(storage.getItem(KEY) ?? 0)
  const now = clock.now()
  if (now - last < RELOAD_GUARD_MS) return false
  storage.setItem(KEY, String(now))
  reload()
  return true
}

const FRAMEWORK_PREFIX = 'tanstack_router_reload:'
const SEEN_KEY = 'asiguro:chunk-reload-seen'

/**
 * TanStack Router reloads by itself, once per session and message, when a lazy route
 * component fails to load, and marks it in session storage. Called at start-up: a mark
 * not seen before means this page load is such a reload, so it counts for the 10 s guard.
 */
export function noteFrameworkReload(storage: Pick<Storage, 'getItem' | 'setItem' | 'key' | 'length'>, clock: Clock = Date): boolean {
  const seen = new Set<string>(JSON.parse(storage.getItem(SEEN_KEY) ?? '[]') as string[])
  const marks: string[] = []
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i)
    if (key?.startsWith(FRAMEWORK_PREFIX)) marks.push(key)
  }
  if (marks.every((mark) => seen.has(mark))) return false
  storage.setItem(KEY, String(clock.now()))
  storage.setItem(SEEN_KEY, JSON.stringify(marks))
  return true
}

/** Browser wiring for the error page: a chunk error that reaches it reloads, unless a reload happened in the last 10 s. */
export function reloadAfterChunkError(error: unknown): boolean {
  if (typeof window === 'undefined' || !isChunkLoadError(error)) return false
  try {
    return reloadOnce(window.sessionStorage, () => window.location.reload())
  } catch {
    return false // storage blocked: better the error page than a reload loop
  }
}
