import { Trans, useLingui } from '@lingui/react/macro'
import { useServerFn } from '@tanstack/react-start'
import { useEffect, useState, type ReactNode } from 'react'
import type { OrderStatus, OrderView } from '~/contract/orders'
import { formatDate } from '~/i18n/dates'
import { isLocale, type Locale } from '~/i18n/locales'
import { formatLei } from '~/i18n/money'
import { ContractForm, FormError, SubmitButton } from '~/ui/form/form-parts'
import { useContractForm } from '~/ui/form/use-contract-form'
import { getOrder, payAgain } from './checkout.functions'
import { useNavigate } from '@tanstack/react-router'

/** Statuses that will still change by themselves (the processor's notice, the insurer's policy). */
const MOVING: readonly OrderStatus[] = ['awaiting_payment', 'paid']
/** How long one read waits for the order to move (the API's long-poll, held by the server). */
const WAIT_SECONDS = 20
/** After a failed read, before the next (the server is down or restarting). */
const AFTER_FAILURE_MS = 5000

/**
 * An order kept up to date: while it is still moving, a long-poll answered by the API as soon as
 * the status changes (guests, and a realtime channel that is down), one after another until it
 * settles; and a read at once when the realtime channel says it changed (`signal` grows; signed-in
 * buyers). No timer asks every few seconds whether anything happened.
 */
export function useLiveOrder(initial: OrderView, signal: number): OrderView {
  const [order, setOrder] = useState(initial)
  const read = useServerFn(getOrder)
  useEffect(() => {
    const moving = MOVING.includes(order.status)
    if (!moving && signal === 0) return
    let stopped = false
    void (async () => {
      // A new status re-runs this effect (and stops this loop): the loop only sees the same one come back after the wait.
      while (!stopped) {
        try {
          const fresh = await read({ data: moving ? { id: order.id, status: order.status, wait: WAIT_SECONDS } : { id: order.id } })
          if (stopped) return
          if (fresh) setOrder(fresh)
          if (!moving || !fresh) return
        } catch {
          await new Promise((resolve) => setTimeout(resolve, AFTER_FAILURE_MS))
        }
      }
    })()
    return () => {
      stopped = true
    }
  }, [order.id, order.status, signal, read])
  return order
}

export function useOrderStatusLabels(): Record<OrderStatus, string> {
  const { t } = useLingui()
  return {
    awaiting_payment: t`Awaiting payment`,
    paid: t`Paid, being issued`,
    issued: t`Issued`,
    payment_failed: t`Payment failed`,
    expired: t`Expired`,
    issue_failed: t`Not issued`,
    refunded: t`Refunded`,
  }
}

/** `/thank-you?order=…`: the order (kept live by `useLiveOrder`) moving from payment to issued, with its document. */
export function OrderProgress({ order, renewal }: { order: OrderView; renewal?: ReactNode }) {
  const { i18n } = useLingui()
  const locale = isLocale(i18n.locale) ? i18n.locale : 'ro'
  const labels = useOrderStatusLabels()
  return (
    <section aria-labelledby="order-status" className="order-progress" data-status={order.status}>
      <h2 id="order-status">
        <Trans>Order status</Trans>
      </h2>
      <p role="status" aria-live="polite" className="order-progress__status">
        <strong>{labels[order.status]}</strong> · <StatusExplanation status={order.status} reason={order.failure_reason} />
      </p>
      <p>
        <Trans>Total: {formatLei(order.total.amount, locale)}</Trans>
      </p>
      {order.status === 'issued' ? order.policies.map((policy) => <IssuedPolicy key={policy.id} orderId={order.id} policy={policy} bundle={order.policies.length > 1} locale={locale} />) : null}
      {order.status === 'payment_failed' ? <PayAgain orderId={order.id} /> : null}
      {order.status === 'expired' ? renewal : null}
    </section>
  )
}

/** An issued policy of the order and its PDF (a bundle names each by insurer and number). */
function IssuedPolicy({ orderId, policy, bundle, locale }: { orderId: string; policy: OrderView['policies'][number]; bundle: boolean; locale: Locale }) {
  if (policy.status !== 'issued' || !policy.number || !policy.start_date || !policy.end_date) return null
  const number = `${policy.series ? `${policy.series} ` : ''}${policy.number}`
  return (
    <div className="order-progress__policy" data-policy={policy.id}>
      <p>
        {bundle ? <>{policy.insurer.name}: </> : null}
        <Trans>
          Policy {number}, valid {formatDate(policy.start_date, locale)} – {formatDate(policy.end_date, locale)}.
        </Trans>
      </p>
      <a className="button" href={policyDocumentHref(orderId, policy.id, bundle)} download>
        {bundle ? <Trans>Download policy {number} (PDF)</Trans> : <Trans>Download the policy (PDF)</Trans>}
      </a>
    </div>
  )
}

/** The browser's link to a policy PDF: the order's first by default, one of a bundle by its id. */
export function policyDocumentHref(orderId: string, policyId: string, bundle: boolean): string {
  return bundle ? `/orders/${orderId}/document?policy=${policyId}` : `/orders/${orderId}/document`
}

function StatusExplanation({ status, reason }: { status: OrderStatus; reason: string | null }) {
  switch (status) {
    case 'awaiting_payment':
      return <Trans>We are waiting for the card processor to confirm the payment.</Trans>
    case 'paid':
      return <Trans>The payment is confirmed. The insurer is issuing the policy; it takes a few seconds.</Trans>
    case 'issued':
      return <Trans>The policy is issued and on its way to your e-mail.</Trans>
    case 'payment_failed':
      if (reason === '3ds_failed') return <Trans>The card’s 3-D Secure check failed: the code from your bank was wrong or was not entered in time. Nothing was charged; you can pay again with the right code or another card.</Trans>
      if (reason === 'amount_mismatch') return <Trans>The amount paid was not the order’s total, so it was not kept: it is refunded in full. You can pay again.</Trans>
      return reason === 'insufficient_funds' ? (
        <Trans>The card was refused for insufficient funds. Nothing was charged; you can pay again with another card.</Trans>
      ) : (
        <Trans>The card was refused. Nothing was charged; you can pay again.</Trans>
      )
    case 'expired':
      return reason === 'paid_too_late' ? (
        <Trans>The payment came after the offer expired or after the cover was due to start, so no policy was issued and the payment is refunded in full. Ask for fresh offers below.</Trans>
      ) : (
        <Trans>The offer expired before the payment. Nothing was charged; compare again for a fresh price.</Trans>
      )
    case 'issue_failed':
      return <Trans>The insurer could not issue the policy. The payment is refunded in full and we wrote to you.</Trans>
    case 'refunded':
      return <Trans>The payment was refunded.</Trans>
  }
}

function PayAgain({ orderId }: { orderId: string }) {
  const { t } = useLingui()
  const send = useServerFn(payAgain)
  const navigate = useNavigate()
  const form = useContractForm({
    id: 'pay-again',
    action: payAgain,
    schema: () => import('zod').then(({ z }) => z.object({})),
    defaultValues: {},
    send: () => send({ data: { order: orderId } as never }),
    onDone: () =>
      navigate({
        to: '/wait-to-be-redirected/payment-processor',
        search: { order: orderId },
      }),
    failureMessage: t`The payment could not be started. Please try again.`,
  })
  return (
    <ContractForm form={form}>
      <input type="hidden" name="order" value={orderId} />
      <FormError form={form} />
      <SubmitButton form={form}>
        <Trans>Pay again</Trans>
      </SubmitButton>
    </ContractForm>
  )
}
