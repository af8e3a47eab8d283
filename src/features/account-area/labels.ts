import { useLingui } from '@lingui/react/macro'
import type { DiaryCategory } from '~/contract/account-area-constants'

export function useDiaryCategoryLabels(): Record<DiaryCategory, string> {
  const { t } = useLingui()
  return {
    fuel: t`Fuel`,
    service: t`Service`,
    repair: t`Repair`,
    tyres: t`Tyres`,
    insurance: t`Insurance`,
    tax_and_vignettes: t`Taxes and vignettes`,
    parking_and_tolls: t`Parking and tolls`,
    wash: t`Car wash`,
    other: t`Other`,
  }
}

