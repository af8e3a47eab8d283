import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { huCounties, huVignetteCategories, huVignettePeriods, roVignetteCategories, roVignettePeriods } from '~/contract/vignettes'

/** Which vehicles each rovinietă category is (OG 15/2002, romania-insurance-facts.md §2.1): the help to pick one. */
export const roCategoryHelp: Record<(typeof roVignetteCategories)[number], MessageDescriptor> = {
  A: msg`Cars (autoturisme)`,
  B: msg`Goods vehicles up to 3.5 t (vans)`,
  C: msg`Goods vehicles over 3.5 t, up to 7.5 t`,
  D: msg`Goods vehicles over 7.5 t, under 12 t`,
  E: msg`Goods vehicles of 12 t or more, up to 3 axles`,
  F: msg`Goods vehicles of 12 t or more, 4 axles or more`,
  G: msg`Passenger vehicles with 9 to 23 seats (driver included)`,
  H: msg`Passenger vehicles with more than 23 seats`,
}

export const roPeriodLabel: Record<(typeof roVignettePeriods)[number], MessageDescriptor> = {
  '1d': msg`1 day`,
  '7d': msg`7 days`,
  '10d': msg`10 days`,
  '30d': msg`30 days`,
  '60d': msg`60 days`,
  '12m': msg`12 months`,
}

/** The Hungarian e-vignette categories (certificate field J, romania-insurance-facts.md §3.1). */
export const huCategoryHelp: Record<(typeof huVignetteCategories)[number], MessageDescriptor> = {
  D1M: msg`Motorcycles`,
  D1: msg`Cars up to 3.5 t for at most 7 people (driver included), and their trailers`,
  D2: msg`Other vehicles up to 3.5 t: more than 7 people, vans (N1), motorhomes`,
  U: msg`Trailer of a D2 vehicle (bought for the trailer’s own plate)`,
}

export const huPeriodLabel: Record<(typeof huVignettePeriods)[number], MessageDescriptor> = {
  daily: msg`Daily (the calendar day chosen)`,
  '10d': msg`10 days (to midnight of the 10th day)`,
  monthly: msg`Monthly (to the same day next month)`,
  annual: msg`Annual, whole country (to 31 January next year)`,
  county: msg`Annual, by county (to 31 January next year)`,
}

/** The counties' own (Hungarian) names: proper names, the same in every language. */
export const huCountyName: Record<(typeof huCounties)[number], string> = {
  'bacs-kiskun': 'Bács-Kiskun',
  baranya: 'Baranya',
  bekes: 'Békés',
  'borsod-abauj-zemplen': 'Borsod-Abaúj-Zemplén',
  'csongrad-csanad': 'Csongrád-Csanád',
  fejer: 'Fejér',
  'gyor-moson-sopron': 'Győr-Moson-Sopron',
  'hajdu-bihar': 'Hajdú-Bihar',
  heves: 'Heves',
  'jasz-nagykun-szolnok': 'Jász-Nagykun-Szolnok',
  'komarom-esztergom': 'Komárom-Esztergom',
  nograd: 'Nógrád',
  pest: 'Pest',
  somogy: 'Somogy',
  'szabolcs-szatmar-bereg': 'Szabolcs-Szatmár-Bereg',
  tolna: 'Tolna',
  vas: 'Vas',
  veszprem: 'Veszprém',
  zala: 'Zala',
}

/** A country's name in the visitor's language, from its ISO code. */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code
  } catch {
    return code
  }
}
