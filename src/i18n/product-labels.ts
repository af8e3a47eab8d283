import { useLingui } from '@lingui/react/macro'
import type { houseCovers, wallMaterials } from '~/contract/house'
import type { travelPurposes, travelTrips, travelZones } from '~/contract/travel'

/** Travel words shared by the quote form and the checkout's summary. */
export function useTravelLabels() {
  const { t } = useLingui()
  return {
    zones: { europe: t`Europe`, world_excl_us_ca: t`World, without the USA and Canada`, world: t`The whole world` } satisfies Record<(typeof travelZones)[number], string>,
    trips: { single: t`One trip (up to a year with insurers that sell long stays)`, annual: t`A year of trips (each up to the insurer’s limit, 30–90 days)` } satisfies Record<(typeof travelTrips)[number], string>,
    purposes: { tourism: t`Tourism, visits`, work: t`Work`, sport: t`Skiing and sports` } satisfies Record<(typeof travelPurposes)[number], string>,
  }
}

/** Home insurance words shared by the quote form and the checkout's summary. */
export function useHouseLabels() {
  const { t } = useLingui()
  return {
    covers: {
      pad: t`PAD only (the mandatory policy)`,
      pad_and_optional: t`PAD and optional cover, together`,
      optional: t`Optional cover only: I already have a valid PAD`,
    } satisfies Record<(typeof houseCovers)[number], string>,
    walls: {
      reinforced_concrete: t`Reinforced concrete`,
      metal: t`Metal`,
      wood: t`Treated wood`,
      stone: t`Stone`,
      brick: t`Fired brick`,
      unfired_brick: t`Unfired brick (adobe, chirpici)`,
      other_untreated: t`Other untreated materials`,
    } satisfies Record<(typeof wallMaterials)[number], string>,
  }
}
