import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { statusFlagOf } from '~/contract/constants'
import { productPath } from './product-links'
import { productCopy } from '~/i18n/product-names'
import { productsQuery } from './queries'

const msgProducts = msg`Products`

/** The products on sale now: those whose status switch is off are hidden. */
export function ProductList() {
  const { i18n } = useLingui()
  const { data } = useSuspenseQuery(productsQuery)
  const visible = data.products.filter((p) => p.is_available && (data.statuses ? data.statuses[statusFlagOf[p.code]] : true))
  if (visible.length === 0) {
    return (
      <p role="status">
        <Trans>No products can be bought right now. Please come back a little later.</Trans>
      </p>
    )
  }
  return (
    <ul className="product-grid" aria-label={i18n._(msgProducts)}>
      {visible.map((p) => (
        <li key={p.code} className="product-card" data-product={p.code}>
          <h3>
            <Link to={productPath[p.code]} params={{}} className="card__link">
              {i18n._(productCopy[p.code].name)}
            </Link>
          </h3>
          <p>{i18n._(productCopy[p.code].pitch)}</p>
        </li>
      ))}
    </ul>
  )
}
