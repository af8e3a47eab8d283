import { useRouter } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { recordPageView } from './analytics.functions'
import { classifyNavigation, type HistoryAction, type PageViewSink } from './page-views'

const sinks: Record<'provider' | 'none', PageViewSink | undefined> = {
  provider: { send: async (view) => void (await recordPageView({ data: view })) },
  none: undefined,
}

/** A random id per browser tab, so visits can be counted without a cookie. */
function viewSession(): string {
  const key = 'asiguro:view-session'
  let id = sessionStorage.getItem(key)
  if (!id) {
    id = crypto.randomUUID()
    sessionStorage.setItem(key, id)
  }
  return id
}

/**
 * Sends page views to the configured sink, only while the visitor allows analytics.
 * Renders nothing; mounted once by the root route.
 */
export function PageViewTracker({ enabled, sink, locale }: { enabled: boolean; sink: keyof typeof sinks; locale: string }) {
  const router = useRouter()
  const localeRef = useRef(locale) // a language switch is not a new page view
  useEffect(() => {
    localeRef.current = locale
  }, [locale])
  useEffect(() => {
    const target = sinks[sink]
    if (!enabled || !target) return
    const hashMode = window.location.hash.startsWith('#/') // hash history keeps the route after `#/`
    const send = (navigation: ReturnType<typeof classifyNavigation>) => {
      if (!navigation) return
      const { pathname, search } = window.location
      void target
        .send({ path: `${pathname}${search}`.slice(0, 2048), navigation, locale: localeRef.current, referrer: document.referrer ? document.referrer.slice(0, 2048) : undefined, view_session: viewSession() })
        .catch(() => {}) // analytics never disturbs the visitor
    }
    send('load')
    let lastAction: HistoryAction | undefined
    const offHistory = router.history.subscribe(({ action }) => {
      // A push followed by a redirect's replace is still one push.
      if (action.type !== 'REPLACE' || !lastAction) lastAction = action.type
    })
    const offResolved = router.subscribe('onResolved', (event) => {
      const onlyHash = !event.pathChanged && event.fromLocation?.href.split('#')[0] === event.toLocation.href.split('#')[0]
      if (event.hrefChanged) send(classifyNavigation(lastAction, onlyHash, hashMode))
      lastAction = undefined
    })
    return () => {
      offHistory()
      offResolved()
    }
  }, [enabled, sink, router])
  return null
}
