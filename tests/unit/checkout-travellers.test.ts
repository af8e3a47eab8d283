import { describe, expect, it } from 'vitest'
import { CheckoutFormInput } from '~/contract/orders'

/** The checkout form reads the travellers' names into the API's `insured`, checked by the API's schema, each failure on its own field. */
const form = {
  first_name: 'Maria',
  last_name: 'Ionescu',
  email: 'maria@example.ro',
  phone: '0722123456',
  county: 'Cluj',
  city: 'Cluj-Napoca',
  street: 'Str. Horea 12',
  terms: 'on',
  offer_id: 'offer_1',
  quote_id: 'abcdefghijklmnopqrstuv',
  attempt: 'attempt-0123456789',
  accepted_documents: 'broker_notice:broker:2026-11-28',
}

describe('the checkout’s travellers', () => {
  it('sends every traveller’s name as the API takes it', () => {
    const parsed = CheckoutFormInput.parse({ ...form, travellers: '2', traveller_1_first_name: ' Maria ', traveller_1_last_name: 'Ionescu', traveller_2_first_name: 'Andrei', traveller_2_last_name: 'Țurcanu' })
    expect(parsed.insured).toEqual({ travellers: [{ first_name: 'Maria', last_name: 'Ionescu' }, { first_name: 'Andrei', last_name: 'Țurcanu' }] })
  })

  it('names the field of a missing name, with the API’s sentence key', () => {
    const result = CheckoutFormInput.safeParse({ ...form, travellers: '2', traveller_1_first_name: 'Maria', traveller_1_last_name: 'Ionescu', traveller_2_first_name: 'Andrei' })
    expect(result.success).toBe(false)
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['traveller_2_last_name', 'traveller_last_name_required']])
  })

  it('says so beside a traveller’s field while the buyer’s fields are still empty', () => {
    const result = CheckoutFormInput.safeParse({ travellers: '1' })
    const fields = result.error!.issues.map((i) => i.path.join('.'))
    expect(fields).toContain('traveller_1_first_name')
    expect(fields).toContain('traveller_1_last_name')
    expect(fields).not.toContain('traveller_2_first_name')
  })

  it('asks nothing of a product without travellers', () => {
    const parsed = CheckoutFormInput.parse(form)
    expect(parsed).not.toHaveProperty('insured')
  })
})
