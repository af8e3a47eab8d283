import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useRouter } from '@tanstack/react-router'
import { useEffect, useRef, type ReactNode } from 'react'
import type { OrderList, OrderView } from '~/contract/orders'
import type { ProductCode } from '~/contract/constants'
import type { z } from 'zod'
import { policyDocumentHref, useOrderStatusLabels } from './order-status'
import { productCopy } from '~/i18n/product-names'
import type { MessageDescriptor } from '@lingui/core'
import { formatDate } from '~/i18n/dates'
import { isLocale } from '~/i18n/locales'
import { formatLei } from '~/i18n/money'

type Orders = z.infer<typeof OrderList>
type PageCopy = {
  title: MessageDescriptor
  purpose: MessageDescriptor
  empty: MessageDescriptor
}

/**
 * `/account/orders`: every order with its product, insurer, period, price, status and document,
 * reloaded when the realtime channel says one of them changed (`changes`).
 */
export function OrdersPage({ list, page, copy, changes, children }: { list: Orders; page: number; copy: PageCopy; changes: number; children?: ReactNode }) {
  const { i18n, t } = useLingui()
  const locale = isLocale(i18n.locale) ? i18n.locale : 'ro'
  const labels = useOrderStatusLabels()
  const router = useRouter()
  const seen = useRef(changes)
  useEffect(() => {
    if (changes === seen.current) return
    seen.current = changes
    void router.invalidate()
  }, [changes, router])
  const pages = Math.max(1, Math.ceil(list.meta.total / list.meta.per_page))
  return (
    <>
      <h1>{i18n._(copy.title)}</h1>
      <p className="lead">{i18n._(copy.purpose)}</p>
      {children}
      {list.data.length === 0 ? (
        <>
          <p className="empty-state" role="status">
            {i18n._(copy.empty)}
          </p>
          <Link to="/rca/{-$registration_plate}/{-$vin}" className="button">
            <Trans>Compare RCA offers</Trans>
          </Link>
        </>
      ) : (
        <div className="table-scroll" role="region" aria-label={t`Orders`} tabIndex={0}>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Product</Trans>
                </th>
                <th scope="col">
                  <Trans>Insurer</Trans>
                </th>
                <th scope="col">
                  <Trans>Period</Trans>
                </th>
                <th scope="col">
                  <Trans>Price</Trans>
                </th>
                <th scope="col">
                  <Trans>Status</Trans>
                </th>
                <th scope="col">
                  <Trans>Document</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((order) => (
                <tr key={order.id} data-order={order.id} data-status={order.status}>
                  <td>{order.product in productCopy ? i18n._(productCopy[order.product as ProductCode].name) : order.product}</td>
                  <td>{order.policies.map((p) => p.insurer.name).join(', ')}</td>
                  <td>{period(order, locale)}</td>
                  <td>{formatLei(order.total.amount, locale)}</td>
                  <td>
                    <Link to="/thank-you" search={{ order: order.id }}>
                      {labels[order.status]}
                    </Link>
                  </td>
                  <td>
                    {order.status === 'issued' ? (
                      order.policies.map((policy) => (
                        <a key={policy.id} href={policyDocumentHref(order.id, policy.id, order.policies.length > 1)} download className="orders-table__document">
                          {order.policies.length > 1 ? <Trans>PDF {policy.insurer.name}</Trans> : <Trans>PDF</Trans>}
                        </a>
                      ))
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 ? (
        <nav aria-label={t`Pages`} className="pager">
          {page > 1 ? (
            <Link to="/account/orders" search={{ page: page - 1 }}>
              <Trans>Newer</Trans>
            </Link>
          ) : null}
          <span>
            <Trans>
              Page {page} of {pages}
            </Trans>
          </span>
          {page < pages ? (
            <Link to="/account/orders" search={{ page: page + 1 }}>
              <Trans>Older</Trans>
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  )
}

function period(order: OrderView, locale: 'ro' | 'en' | 'fr'): string {
  const policy = order.policies[0]
  if (!policy?.start_date || !policy.end_date) return '—'
  return `${formatDate(policy.start_date, locale)} – ${formatDate(policy.end_date, locale)}`
}
