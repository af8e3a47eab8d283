import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type ReactNode } from 'react'
import { FormField } from '~/ui/form/form-parts'
import type { ContractFormApi } from '~/ui/form/use-contract-form'
import { notify } from '~/ui/toaster'

/**
 * The six-digit code of an authenticator app or an e-mail, with the keyboard and autofill phones
 * offer for it, in a toolkit form (src/ui/form): the schema's `code_format` sentence beside it.
 */
export function CodeFormField({ form, label, hint }: { form: ContractFormApi; label?: ReactNode; hint?: ReactNode }) {
  return (
    <FormField form={form} name="two_factor_code" label={label ?? <Trans>Six-digit code</Trans>} hint={hint}>
      {(p) => <input {...p} inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]*" maxLength={7} required className="code-input" />}
    </FormField>
  )
}

/**
 * The recovery key, shown once after enrolment: it can be copied or printed, and the visitor
 * confirms they kept it before going on.
 */
export function RecoveryKeyNotice({ recoveryKey, onContinue }: { recoveryKey: string; onContinue: () => void }) {
  const { t } = useLingui()
  const [kept, setKept] = useState(false)
  return (
    <section className="notice notice--success recovery-key" aria-labelledby="recovery-key-title">
      <h2 id="recovery-key-title">
        <Trans>Two-step sign-in is on. Keep your recovery key</Trans>
      </h2>
      <p>
        <Trans>If you lose your phone or your e-mail, this key is the only way to turn two-step sign-in off and get back in. It is shown only now: write it down or store it in a password manager.</Trans>
      </p>
      <p className="recovery-key__value" data-testid="recovery-key">
        <code>{recoveryKey}</code>
      </p>
      <p className="recovery-key__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() =>
            void navigator.clipboard.writeText(recoveryKey).then(
              () => notify('success', t`The recovery key was copied.`),
              () => notify('warning', t`Copying is blocked by the browser. Select the key and copy it by hand.`),
            )
          }
        >
          <Trans>Copy the key</Trans>
        </button>
        <button type="button" className="button button--secondary" onClick={() => window.print()}>
          <Trans>Print</Trans>
        </button>
      </p>
      <label className="checkbox">
        <input type="checkbox" checked={kept} onChange={(e) => setKept(e.currentTarget.checked)} />
        <Trans>I have kept the recovery key somewhere safe.</Trans>
      </label>
      <p>
        <button type="button" className="button" disabled={!kept} onClick={onContinue}>
          <Trans>Continue</Trans>
        </button>
      </p>
    </section>
  )
}
