import { useLingui } from '@lingui/react/macro'

/** Why an insurer gave no price, in plain words (codes of `Offer.reason`, docs/tariffs.md). */
export function useOfferReason(): (reason: string | null) => string {
  const { t } = useLingui()
  const reasons: Record<string, string> = {
    category_not_covered: t`This insurer does not insure this type of vehicle.`,
    heavy_goods_vehicle: t`This insurer does not insure goods vehicles over 3.5 tonnes.`,
    usage_not_covered: t`This insurer does not insure this use of the vehicle.`,
    young_owner: t`This insurer does not insure owners this young.`,
    malus_class: t`This insurer does not insure owners in a malus class.`,
    vehicle_too_old: t`This insurer does not insure vehicles this old.`,
    provisional_plates: t`This insurer does not insure vehicles on provisional plates.`,
    age_limit: t`A traveller is older than this insurer’s age limit.`,
    purpose_not_covered: t`This insurer does not cover this purpose of travel.`,
    zone_not_covered: t`This insurer does not sell cover for this zone.`,
    trip_too_long: t`This insurer does not sell trips this long.`,
    trip_cost_above_limit: t`The trip costs more than this insurer’s cancellation cover insures.`,
    pad_not_requested: t`Optional cover needs a PAD policy: add one or give your PAD number.`,
    product_not_offered: t`This insurer does not offer this cover.`,
    period_not_sold: t`This period is not sold for this category.`,
    tariff_year_not_published: t`The prices for that year are not published yet.`,
    timeout: t`The insurer did not answer in time.`,
    insurer_error: t`The insurer’s system did not answer properly.`,
  }
  return (reason) => (reason && reasons[reason]) || t`The insurer gave no price for this request.`
}
