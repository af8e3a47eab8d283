import { describe, expect, it } from 'vitest'
import { HouseQuoteForm } from '~/contract/house'
import { TravelQuoteForm } from '~/contract/travel'

const fieldsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]))

describe('travel quote form', () => {
  const form = { zone: 'europe', trip: 'single', start_date: '2026-07-01', end_date: '2026-07-10', purpose: 'tourism', traveller_1: '1985-04-12', traveller_2: '', traveller_3: '2015-09-30', baggage: 'true', cancellation: false }

  it('reads the birth-date fields into the travellers list, skipping empty ones', () => {
    const input = TravelQuoteForm.parse(form)
    expect(input.travellers).toEqual([{ birth_date: '1985-04-12' }, { birth_date: '2015-09-30' }])
    expect(input.covers).toEqual({ baggage: true, cancellation: false })
    expect(input.token).toBe('')
  })

  it('names each failure by its form field', () => {
    const result = TravelQuoteForm.safeParse({ ...form, end_date: '2026-06-01', traveller_3: '30.09.2015' })
    expect(fieldsOf(result)).toEqual({ end_date: 'travel_end_before_start', traveller_2: 'product_date_format' })
    expect(fieldsOf(TravelQuoteForm.safeParse({ ...form, traveller_1: '', traveller_3: '' }))).toEqual({ traveller_1: 'travel_travellers' })
  })

  it('needs no return date for the annual cover', () => {
    expect(TravelQuoteForm.parse({ ...form, trip: 'annual', end_date: '' }).end_date).toBe('2026-07-01')
  })
})

describe('house quote form', () => {
  const form = { cover: 'pad', existing_pad_number: '', county: 'Cluj', locality: 'Cluj-Napoca', street: 'Str. Horea 12', wall_material: 'brick', built_area_m2: '85', year_built: '1962', floors: '1', seismic_risk_class: '', start_date: '2026-07-01' }

  it('reads the flat fields into the address and the building', () => {
    const input = HouseQuoteForm.parse(form)
    expect(input.address).toEqual({ county: 'Cluj', locality: 'Cluj-Napoca', street: 'Str. Horea 12' })
    expect(input.building).toEqual({ wall_material: 'brick', built_area_m2: 85, year_built: 1962, floors: 1, seismic_risk_class: null })
    expect(input.existing_pad_number).toBeNull()
  })

  it('says beside the field that a class I building gets no PAD, and that optional cover needs one', () => {
    expect(fieldsOf(HouseQuoteForm.safeParse({ ...form, seismic_risk_class: 'I' }))).toEqual({ seismic_risk_class: 'house_seismic_class_one' })
    expect(fieldsOf(HouseQuoteForm.safeParse({ ...form, cover: 'optional' }))).toEqual({ existing_pad_number: 'house_pad_required' })
    expect(fieldsOf(HouseQuoteForm.safeParse({ ...form, built_area_m2: 'eighty' }))).toEqual({ built_area_m2: 'house_built_area' })
  })
})
