import { useLingui } from '@lingui/react'
import type { ReactNode } from 'react'
import { productCodes, type ProductCode } from '~/contract/constants'
import { formatDate } from '~/i18n/dates'
import { isLocale } from '~/i18n/locales'
import { productCopy } from '~/i18n/product-names'

/** What a policy's public check and its virtual card both show: labelled facts, dates and the product's name. */

/** One fact of a `<dl className="policy-facts">`. */
export function Fact({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <div className="policy-facts__item">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  )
}

/** `2027-03-14` → "14 martie 2027" in the visitor's language (the same text on the server and in the browser). */
export function useDay(): (isoDate: string) => string {
  const { i18n } = useLingui()
  const locale = isLocale(i18n.locale) ? i18n.locale : 'ro'
  return (isoDate) => formatDate(`${isoDate}T12:00:00Z`, locale)
}

const isProductCode = (code: string): code is ProductCode => (productCodes as readonly string[]).includes(code)

/** A product's name in the visitor's language (the code itself for a product this build does not know). */
export function useProductName(): (code: string) => string {
  const { i18n } = useLingui()
  return (code) => (isProductCode(code) ? i18n._(productCopy[code].name) : code)
}
