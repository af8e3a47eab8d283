import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'

/** `/account-deleted`: where the visitor lands, signed out, after deleting their account. */
export function AccountDeletedPage() {
  return (
    <>
      <h1>
        <Trans>Your account has been deleted</Trans>
      </h1>
      <p className="notice notice--success" role="status">
        <Trans>You are signed out on every device. Your name, phone number and password have been erased.</Trans>
      </p>
      <p>
        <Trans>
          We keep only your e-mail address, marked as deleted, so that signing in with it says the account no longer exists. Policies you bought stay valid with the insurer.
        </Trans>{' '}
        <Link to="/info/{-$slug}" params={{ slug: 'privacy' }}>
          <Trans>Read the privacy notice</Trans>
        </Link>
      </p>
      <p>
        <Link to="/" className="button">
          <Trans>Back to the home page</Trans>
        </Link>
      </p>
    </>
  )
}
