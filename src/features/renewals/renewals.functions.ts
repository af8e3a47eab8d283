import { createServerFn } from '@tanstack/react-start'
import { RenewalActionForm, RenewalCheckout, RenewalEnvelope, RenewalList, RenewalParams } from '~/contract/renewals'
import { ProviderError } from '~/server/provider'
import { answerForm, contractInput, formInput } from '~/server/web/forms'
import { callProvider } from '~/server/web/request'
import { signedInOnly } from '~/server/web/signed-in-only'

/** The signed-in visitor's "renewal ready" cards. */
export const listRenewals = createServerFn({ method: 'GET' })
  .middleware([signedInOnly])
  .handler(async () => (await callProvider('/renewals', { schema: RenewalList })).data)

/** A card's button: fresh prices, bought elsewhere, reminders off or on again. */
export const renewalAction = createServerFn({ method: 'POST' })
  .middleware([signedInOnly])
  .validator(formInput(RenewalActionForm))
  .handler(({ data }) =>
    answerForm(data, async ({ id, action }) => {
      const path = `/renewals/${encodeURIComponent(id)}`
      const sent =
        action === 'quote'
          ? callProvider(`${path}/quote`, { method: 'POST', schema: RenewalEnvelope })
          : action === 'bought_elsewhere'
            ? callProvider(`${path}/bought-elsewhere`, { method: 'POST', schema: RenewalEnvelope })
            : callProvider(`${path}/reminders`, { method: 'PUT', json: { enabled: action === 'reminders_on' }, schema: RenewalEnvelope })
      return (await sent).data
    }),
  )

/** A reminder's one-click link: the renewal's checkout, or `null` (closed, or nothing priced) for the cards. */
export const renewalCheckout = createServerFn({ method: 'POST' })
  .middleware([signedInOnly])
  .validator(contractInput(RenewalParams))
  .handler(async ({ data }) => {
    try {
      return (await callProvider(`/renewals/${encodeURIComponent(data.id)}/checkout`, { method: 'POST', schema: RenewalCheckout })).data
    } catch (error) {
      if (error instanceof ProviderError && error.status === 404) return null
      throw error
    }
  })
