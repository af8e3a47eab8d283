import { isRedirect, useRouter } from '@tanstack/react-router'
import { useCallback } from 'react'

/**
 * Server functions answer maintenance and a session that ended with a redirect (to
 * /maintenance, to /authenticate). Called from an event handler rather than a loader, the
 * redirect arrives as a thrown value: this follows it, and tells whether it did.
 */
export function useFollowRedirect(): (thrown: unknown) => Promise<boolean> {
  const router = useRouter()
  return useCallback(
    async (thrown: unknown) => {
      if (!isRedirect(thrown)) return false
      await router.navigate(router.resolveRedirect(thrown).options)
      return true
    },
    [router],
  )
}
