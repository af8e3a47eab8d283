import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useRouter } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useEffect, useRef, useState } from 'react'
import { finishGoogleSignIn } from './google.functions'

/**
 * "Continue with Google": a plain link to the server route that starts the flow (state and
 * nonce in a sealed cookie, then Google's consent screen). No Google script runs on our pages.
 */
export function GoogleButton({ returnTo }: { returnTo: string | undefined }) {
  const href = `/authenticate/google/start${returnTo ? `?${new URLSearchParams({ last_url: returnTo })}` : ''}`
  return (
    <div className="auth__alternative">
      <p className="auth__or">
        <Trans>or</Trans>
      </p>
      <a className="button button--secondary button--google" href={href} rel="nofollow">
        <Trans>Continue with Google</Trans>
      </a>
    </div>
  )
}

type Outcome = { kind: 'working' } | { kind: 'failed'; message: string }

/**
 * `/authenticate/google`, where Google sends the visitor back with `#id_token=…&state=…`. The
 * fragment never reaches a server by itself: it is read here, removed from the address bar at
 * once (so it stays out of history), and posted to `finishGoogleSignIn`.
 */
export function GoogleReturnPage() {
  const { t } = useLingui()
  const router = useRouter()
  const finish = useServerFn(finishGoogleSignIn)
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' })
  const started = useRef(false)

  useEffect(() => {
    // Once per page load: the flow's cookie is single use.
    if (started.current) return
    started.current = true
    const fragment = new URLSearchParams(window.location.hash.slice(1))
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`)

    const fail = (message: string) => setOutcome({ kind: 'failed', message })
    async function complete() {
      const error = fragment.get('error')
      const idToken = fragment.get('id_token')
      const state = fragment.get('state')
      if (error) return fail(error === 'access_denied' ? t`Google sign-in was cancelled.` : t`Google could not sign you in. Please try again.`)
      if (!idToken || !state) return fail(t`Google did not send an answer we can use. Please start again from the sign-in page.`)
      try {
        const result = await finish({ data: { id_token: idToken, state } })
        if (result.ok) {
          await router.invalidate()
          await router.navigate({ href: result.to, replace: true })
          return
        }
        switch (result.reason) {
          case 'expired':
            return fail(t`This Google sign-in took too long or was started in another tab. Please try again.`)
          case 'state':
            return fail(t`This Google sign-in could not be checked, so it was stopped. Please start again from the sign-in page.`)
          case 'disabled':
            return fail(t`Google sign-in is not available at the moment.`)
          case 'refused':
            return fail(result.message)
        }
      } catch {
        fail(t`Something went wrong. Please try again.`)
      }
    }
    void complete()
  }, [finish, router, t])

  if (outcome.kind === 'working') {
    return (
      <div className="auth">
        <h1>
          <Trans>Signing you in with Google</Trans>
        </h1>
        <p role="status">
          <Trans>One moment, please…</Trans>
        </p>
      </div>
    )
  }
  return (
    <div className="auth">
      <h1>
        <Trans>Google sign-in did not work</Trans>
      </h1>
      <p className="notice notice--warning" role="alert">
        {outcome.message}
      </p>
      <p>
        <Link to="/authenticate" search={{ mode: 'sign-in' }}>
          <Trans>Back to sign in</Trans>
        </Link>
      </p>
    </div>
  )
}
