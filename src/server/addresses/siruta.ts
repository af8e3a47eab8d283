/**
 * Romanian addresses checked against SIRUTA (INS's list of counties and localities,
 * `siruta-localities.ts`, docs/addresses.md): a typed county or locality is found whatever its
 * case or diacritics and answered by its official name. Server-only: the list is served to the
 * forms by `GET /api/v1/addresses/localities`, never bundled with them.
 */
import { counties } from '~/contract/counties'
import { placeKey } from '~/contract/place-names'
import { sirutaLocalities } from './siruta-localities'

/** County by name ("Bistrita Nasaud") or plate code ("BN"), keyed by `placeKey`. */
const countyByKey = new Map<string, string>()
for (const c of counties) {
  countyByKey.set(placeKey(c.name), c.name)
  countyByKey.set(placeKey(c.code), c.name)
}

/** Each county's localities by key, built on first use of that county. */
const localityIndex = new Map<string, Map<string, string>>()

/** The official names of a county's localities (sorted), or undefined for a county SIRUTA does not have. */
export function localitiesOf(county: string): string[] | undefined {
  const joined = Object.hasOwn(sirutaLocalities, county) ? sirutaLocalities[county] : undefined
  return joined?.split('|')
}

function indexOf(county: string): Map<string, string> {
  let index = localityIndex.get(county)
  if (!index) {
    index = new Map((localitiesOf(county) ?? []).map((name) => [placeKey(name), name]))
    localityIndex.set(county, index)
  }
  return index
}

/** The official name of a county typed by name or code; undefined when there is none ("Narnia"). */
export function findCounty(typed: string): string | undefined {
  return countyByKey.get(placeKey(typed))
}

/**
 * The official name of a locality of `county` (an official county name); undefined when the
 * county has no such locality. In Bucharest "Sector 3", "sectorul 3" and "București, sector 3"
 * all name "București Sectorul 3".
 */
export function findLocality(county: string, typed: string): string | undefined {
  let key = placeKey(typed)
  if (county === 'București') key = key.replace(/^(?:bucuresti )?sector(?:ul)? ([1-6])$/, 'bucuresti sectorul $1')
  return indexOf(county).get(key)
}

/** An address's county and locality by their official names, or which of them SIRUTA does not know. */
export type PlaceCheck = { ok: true; county: string; locality: string } | { ok: false; problem: 'county_unknown' | 'locality_unknown' }

export function checkPlace(county: string, locality: string): PlaceCheck {
  const officialCounty = findCounty(county)
  if (!officialCounty) return { ok: false, problem: 'county_unknown' }
  const officialLocality = findLocality(officialCounty, locality)
  if (!officialLocality) return { ok: false, problem: 'locality_unknown' }
  return { ok: true, county: officialCounty, locality: officialLocality }
}
