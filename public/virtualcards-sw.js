/*
 * The service worker of /virtualcards (issue 13 §7, decision 69), and of nothing else: registered
 * by that page only, with the scope `/virtualcards`, so no other page goes through it.
 *
 * The page tells it what to keep (`keep`: the page itself and the same-origin files it loaded);
 * it fetches them again with the visitor's cookies and keeps them in one cache, dropping what the
 * page no longer uses. Online, the page always comes from the network, so the cards are current;
 * offline, the kept page and its files answer. A visitor who is not signed in (or signs out)
 * tells it to forget (`forget`), so nobody's cards stay on a shared device.
 *
 * Plain JavaScript served from public/ as it is: no build step, no library.
 * The cache name is repeated in src/features/virtual-cards/offline.ts.
 */
const CACHE = 'asiguro-virtual-cards-v1'
const PAGE = '/virtualcards'

self.addEventListener('install', () => {
  // Nothing to precache: the page says what to keep once it runs (its files change with each build).
  self.skipWaiting()
})

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim())
})

const sameOrigin = (url) => new URL(url, self.location.origin).origin === self.location.origin
const isBuildFile = (pathname) => pathname.startsWith('/assets/')

async function keep(urls) {
  const cache = await caches.open(CACHE)
  const wanted = new Set(urls.filter(sameOrigin).map((url) => new URL(url, self.location.origin).href))
  wanted.add(new URL(PAGE, self.location.origin).href)
  await Promise.all(
    [...wanted].map(async (url) => {
      // Build files carry their content hash in the name: kept once, they never change.
      if (isBuildFile(new URL(url).pathname) && (await cache.match(url))) return
      try {
        const response = await fetch(url, { credentials: 'same-origin', cache: 'no-store' })
        // A redirect (signed out, maintenance) is not the page to keep.
        if (response.ok && !response.redirected) await cache.put(url, response)
      } catch {
        // Offline meanwhile: what was kept before stays.
      }
    }),
  )
  for (const request of await cache.keys()) if (!wanted.has(request.url)) await cache.delete(request)
}

self.addEventListener('message', (event) => {
  const message = event.data
  const reply = (answer) => event.ports[0]?.postMessage(answer)
  if (message?.type === 'keep' && Array.isArray(message.urls)) {
    event.waitUntil(keep(message.urls.filter((url) => typeof url === 'string').slice(0, 200)).then(() => reply({ type: 'kept' }), () => reply({ type: 'failed' })))
  } else if (message?.type === 'forget') {
    event.waitUntil(caches.delete(CACHE).then(() => reply({ type: 'forgotten' })))
  }
})

self.addEventListener('fetch', (event) => {
  const { request } = event
  if (request.method !== 'GET' || !sameOrigin(request.url)) return
  const url = new URL(request.url)
  if (request.mode === 'navigate') {
    // Network first: the cards as they are now; the kept page only when the network fails.
    event.respondWith(fetch(request).catch(() => caches.open(CACHE).then((cache) => cache.match(PAGE)).then((kept) => kept ?? Response.error())))
    return
  }
  if (isBuildFile(url.pathname) || url.pathname === '/favicon.svg') {
    event.respondWith(caches.match(request, { cacheName: CACHE, ignoreVary: true }).then((kept) => kept ?? fetch(request)))
  }
  // Anything else (server functions, the API, realtime) goes to the network as if there were no worker.
})
