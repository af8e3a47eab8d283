import { Trans } from '@lingui/react/macro'

/** The two-factor pages; their forms arrive with two-factor sign-in. */
export function TwoFactorSetupPage() {
  return (
    <>
      <h1>
        <Trans>Set up two-step sign-in</Trans>
      </h1>
      <p>
        <Trans>Protect your account with a second step at sign-in: a code from an authenticator app, or a code we send by e-mail. You will also get a recovery key to keep somewhere safe.</Trans>
      </p>
    </>
  )
}

export function TwoFactorCheckPage() {
  return (
    <>
      <h1>
        <Trans>Confirm it is you</Trans>
      </h1>
      <p>
        <Trans>Enter the code from your authenticator app or from the e-mail we sent you. After that you continue where you were.</Trans>
      </p>
    </>
  )
}
