import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { CheckboxField } from '~/ui/form/form-parts'
import type { ContractFormApi } from '~/ui/form/use-contract-form'

/** The box that accepts the terms and the privacy policy (`accept_terms`), each linked in a new tab: sign-up and `/account/terms`. */
export function AcceptTermsField({ form }: { form: ContractFormApi }) {
  return (
    <CheckboxField
      form={form}
      name="accept_terms"
      label={
        <Trans>
          I accept the{' '}
          <Link to="/info/{-$slug}" params={{ slug: 'terms' }} target="_blank">
            terms and conditions
          </Link>{' '}
          and the{' '}
          <Link to="/info/{-$slug}" params={{ slug: 'privacy' }} target="_blank">
            privacy policy
          </Link>
          .
        </Trans>
      }
    />
  )
}
