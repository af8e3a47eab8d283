import { Trans } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useEffect, useRef } from 'react'
import { signOut } from './auth.functions'

/** Spec §9: an hour without a click, mouse move, key or scroll signs the visitor out. */
export const INACTIVITY_MS = 3_600_000
const ACTIVITY_EVENTS = ['click', 'mousemove', 'keydown', 'scroll'] as const

/** `onSignedOut`: what other features clear on this device once the account has left (composed in the route). */
export function SignOutButton({ onSignedOut }: { onSignedOut?: () => Promise<void> }) {
  const router = useRouter()
  const signOutFn = useServerFn(signOut)
  return (
    <button
      type="button"
      className="header-action header-action--button"
      onClick={async () => {
        await signOutFn()
        await onSignedOut?.()
        await router.invalidate()
        await router.navigate({ to: '/' })
      }}
    >
      <Trans>Sign out</Trans>
    </button>
  )
}

/**
 * Signs a signed-in visitor out after an hour without activity and takes them to
 * /authenticate with the inactivity notice. The server ends idle sessions as well.
 */
export function InactivityWatcher({ signedIn }: { signedIn: boolean }) {
  const router = useRouter()
  const signOutFn = useServerFn(signOut)
  const timer = useRef<number | undefined>(undefined)
  useEffect(() => {
    if (!signedIn) return
    const expire = async () => {
      // Read before signing out: the guard of an account page moves the visitor once the session is gone.
      const lastUrl = `${location.pathname}${location.search}`
      await signOutFn()
      await router.navigate({ to: '/authenticate', search: { reason: 'inactivity', last_url: lastUrl } })
    }
    const restart = () => {
      window.clearTimeout(timer.current)
      timer.current = window.setTimeout(() => void expire(), INACTIVITY_MS)
    }
    restart()
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, restart, { passive: true })
    return () => {
      window.clearTimeout(timer.current)
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, restart)
    }
  }, [signedIn, router, signOutFn])
  return null
}
