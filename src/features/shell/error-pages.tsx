import { Trans } from '@lingui/react/macro'
import { Link, type ErrorComponentProps, type NotFoundRouteProps } from '@tanstack/react-router'
import { pathOfNotFoundMessage } from '~/contract/paths'
import { useEffect, type ReactNode } from 'react'
import { reloadAfterChunkError } from './chunk-reload'
import { useInLayout } from './layout-context'
import { MinimalLayout } from './layouts'
import { useShell } from './use-shell'

/** Inside a layout, the message takes the page's place; for unknown URLs (no layout) it brings the minimal one. */
function Framed({ children }: { children: ReactNode }) {
  const message = (
    <div className="page--message" data-testid="error-page">
      {children}
    </div>
  )
  const inLayout = useInLayout()
  const { publicConfig } = useShell()
  if (inLayout) return message
  // When the navigation context itself failed there is no header to draw: the message alone.
  return publicConfig ? <MinimalLayout>{message}</MinimalLayout> : <main id="main">{message}</main>
}

/** The 404 page (spec §8): the router answers HTTP 404 on the server render. */
export function NotFoundPage({ data }: NotFoundRouteProps) {
  // The check's message is English ("Page Not Found: /x"): the page says it in the visitor's language.
  const path = pathOfNotFoundMessage((data as { message?: unknown } | undefined)?.message)
  return (
    <Framed>
      <h1>
        <Trans>Page Not Found</Trans>
      </h1>
      <p>
        <Trans>The page you are looking for does not exist or has moved.</Trans>
      </p>
      {path !== undefined ? (
        <p className="muted" data-testid="not-found-detail">
          <Trans>Page Not Found: {path}</Trans>
        </p>
      ) : null}
      <Link to="/" className="button">
        <Trans>Back to the home page</Trans>
      </Link>
    </Framed>
  )
}

/** The generic error page (spec §8): HTTP 500 unless the error says otherwise. */
export function ErrorPage({ error, reset }: ErrorComponentProps) {
  useEffect(() => {
    reloadAfterChunkError(error) // a chunk of an older build: reload once instead of showing this
  }, [error])
  return (
    <Framed>
      <h1>
        <Trans>Internal Server Error</Trans>
      </h1>
      <p>
        <Trans>Something went wrong on our side. Please try again in a moment.</Trans>
      </p>
      <p className="page--message__actions">
        <button type="button" className="button" onClick={reset}>
          <Trans>Try again</Trans>
        </button>{' '}
        <Link to="/" className="button button--secondary">
          <Trans>Back to the home page</Trans>
        </Link>
      </p>
    </Framed>
  )
}
