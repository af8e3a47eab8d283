import { useLingui } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { notify } from '~/ui/toaster'

/** Written next to the client assets by the build (see `vite.config.ts`), served uncached. */
export const BUILD_FILE = '/build.json'
const POLL_MS = 5 * 60_000
const MIN_GAP_MS = 10_000

/**
 * Notices a new deployment: checks the build file every few minutes, when the tab becomes
 * visible and after navigations (at most every 10 s). A different build id offers a reload
 * in a toast, instead of failing on a script chunk that no longer exists.
 */
export function BuildWatcher() {
  const { t } = useLingui()
  const router = useRouter()
  useEffect(() => {
    if (__BUILD_ID__ === 'dev') return
    let lastCheck = Date.now()
    let offered = false
    // Loaded after hydration: the mark says from when the 10 s are counted (a test moving the
    // page's clock on before then would move nothing the watcher counts).
    document.documentElement.dataset.buildWatch = 'armed'
    const check = async () => {
      if (offered || Date.now() - lastCheck < MIN_GAP_MS) return
      lastCheck = Date.now()
      try {
        const response = await fetch(BUILD_FILE, { cache: 'no-store' })
        if (!response.ok) return
        const { id } = (await response.json()) as { id?: string }
        if (!id || id === __BUILD_ID__) return
        offered = true
        notify('info', t`A new version of the site is available.`, {
          duration: Infinity,
          action: { label: t`Reload`, onClick: () => window.location.reload() },
        })
      } catch {
        // offline or the file is missing: try again later
      }
    }
    const interval = window.setInterval(check, POLL_MS)
    const onVisible = () => document.visibilityState === 'visible' && void check()
    document.addEventListener('visibilitychange', onVisible)
    const offResolved = router.subscribe('onResolved', () => void check())
    return () => {
      window.clearInterval(interval)
      document.removeEventListener('visibilitychange', onVisible)
      offResolved()
      delete document.documentElement.dataset.buildWatch
    }
  }, [router, t])
  return null
}
