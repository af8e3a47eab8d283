/** The vignette quote forms: flat form text read with the quote API's own field schemas and rules. */
import { describe, expect, test } from 'vitest'
import { HuVignetteForm, RoVignetteForm } from '~/contract/vignettes'

const keys = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) => result.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? []

describe('rovinietă form', () => {
  const filled = { category: 'A', period: '12m', registration_plate: 'b 123 abc', country: 'RO', vin: 'uu1hsdac5l5123456', start_date: '2026-11-26', bridge_passes: '2' }

  test('reads the plate, VIN and bridge passes as the API takes them', () => {
    expect(RoVignetteForm.parse(filled)).toMatchObject({ registration_plate: 'B123ABC', vin: 'UU1HSDAC5L5123456', bridge_passes: 2 })
  })

  test('an empty bridge passes field means none', () => {
    expect(RoVignetteForm.parse({ ...filled, bridge_passes: '' }).bridge_passes).toBe(0)
  })

  test('the certificate series may name the vehicle instead of the VIN; one of the two is needed', () => {
    expect(RoVignetteForm.parse({ ...filled, vin: '', certificate_series: 'j 123456' })).toMatchObject({ vin: null, certificate_series: 'J123456' })
    expect(keys(RoVignetteForm.safeParse({ ...filled, vin: '', certificate_series: '' }))).toEqual(['vin:vignette_vin_or_series'])
    expect(keys(RoVignetteForm.safeParse({ ...filled, vin: '', certificate_series: 'B123ABC' }))).toEqual(['certificate_series:vignette_certificate_series'])
  })

  test('a plate that is not Romanian with country RO is refused on the plate field', () => {
    expect(keys(RoVignetteForm.safeParse({ ...filled, registration_plate: '12345' }))).toEqual(['registration_plate:vignette_plate_not_romanian'])
    expect(RoVignetteForm.safeParse({ ...filled, registration_plate: '12345', country: 'DE' }).success).toBe(true)
  })
})

describe('Hungarian e-vignette form', () => {
  const filled = { category: 'D1', period: 'county', counties: '', county_pest: true, county_fejer: 'true', county_vas: false, registration_plate: 'B123ABC', country: 'RO', start_date: '2026-11-26' }

  test('the county boxes ticked become the counties list', () => {
    expect(HuVignetteForm.parse(filled).counties).toEqual(['fejer', 'pest'])
  })

  test('a county vignette without counties, and a motorcycle annual one, say so on their fields', () => {
    expect(keys(HuVignetteForm.safeParse({ ...filled, county_pest: false, county_fejer: false }))).toEqual(['counties:hu_counties_required'])
    expect(keys(HuVignetteForm.safeParse({ ...filled, category: 'D1M' }))).toEqual(['period:hu_motorcycle_annual'])
  })
})
