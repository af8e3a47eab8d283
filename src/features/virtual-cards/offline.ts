/**
 * Keeping `/virtualcards` on the device (decision 69): the page registers its own service worker
 * (`public/virtualcards-sw.js`, scope `/virtualcards`) and tells it which files to keep. Only this
 * page loads this module, so the rest of the site neither registers a worker nor ships this code.
 */

/** The worker's cache: the same name is written in public/virtualcards-sw.js. */
export const VIRTUAL_CARDS_CACHE = 'asiguro-virtual-cards-v1'
const WORKER_URL = '/virtualcards-sw.js'
const SCOPE = '/virtualcards'

export type OfflineCopy = 'unsupported' | 'saved' | 'offline' | 'failed'

const supported = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof caches !== 'undefined'

/** The same-origin files this page loaded (scripts, styles, the language catalogue, the icon): what it needs to open again. */
function pageFiles(): string[] {
  const urls = new Set<string>(performance.getEntriesByType('resource').map((entry) => entry.name))
  for (const script of document.querySelectorAll<HTMLScriptElement>('script[src]')) urls.add(script.src)
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"], link[rel="modulepreload"], link[rel="icon"]')) urls.add(link.href)
  return [...urls].filter((url) => {
    const { origin, pathname } = new URL(url, location.href)
    return origin === location.origin && (pathname.startsWith('/assets/') || pathname === '/favicon.svg')
  })
}

/** Sends the worker a message and waits for its answer (a worker stopped meanwhile never answers: then it failed). */
function ask(worker: ServiceWorker, message: unknown): Promise<string | undefined> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    const timer = window.setTimeout(() => resolve(undefined), 30_000)
    channel.port1.onmessage = (event: MessageEvent<{ type?: string } | undefined>) => {
      window.clearTimeout(timer)
      resolve(event.data?.type)
    }
    worker.postMessage(message, [channel.port2])
  })
}

/** Registers the worker and has it keep this page and its files; answers how that went. */
export async function keepForOffline(): Promise<OfflineCopy> {
  if (!supported()) return 'unsupported'
  if (!navigator.onLine) return 'offline'
  try {
    await navigator.serviceWorker.register(WORKER_URL, { scope: SCOPE })
    const { active } = await navigator.serviceWorker.ready
    if (!active) return 'failed'
    return (await ask(active, { type: 'keep', urls: [location.pathname, ...pageFiles()] })) === 'kept' ? 'saved' : 'failed'
  } catch {
    return 'failed'
  }
}

/** A guest's visit or a sign-out: nobody's cards stay on this device, and the worker goes. */
export async function forgetOfflineCards(): Promise<void> {
  if (!supported()) return
  try {
    await caches.delete(VIRTUAL_CARDS_CACHE)
    await (await navigator.serviceWorker.getRegistration(SCOPE))?.unregister()
  } catch {
    // Storage blocked: then nothing was kept either.
  }
}
