import { Trans } from '@lingui/react/macro'
import { Link, type ErrorComponentProps } from '@tanstack/react-router'

export function NotFoundPage() {
  return (
    <main id="main" className="page page--message">
      <h1>
        <Trans>Page Not Found</Trans>
      </h1>
      <p>
        <Trans>The page you are looking for does not exist or has moved.</Trans>
      </p>
      <Link to="/" className="button">
        <Trans>Back to the home page</Trans>
      </Link>
    </main>
  )
}

export function ErrorPage(_props: ErrorComponentProps) {
  return (
    <main id="main" className="page page--message">
      <h1>
        <Trans>Internal Server Error</Trans>
      </h1>
      <p>
        <Trans>Something went wrong on our side. Please try again in a moment.</Trans>
      </p>
      <Link to="/" className="button">
        <Trans>Back to the home page</Trans>
      </Link>
    </main>
  )
}
