/** The bell's end reminders (decision 160): a prepared renewal's notice opens its one-click checkout, as its mail does. */
import { describe, expect, it } from 'vitest'
import { describeEvent } from '~/features/realtime/event-messages'
import { i18nFor } from '~/server/i18n'

const renewal = '6f1c2a57-3d2e-4c55-9a0b-1f2e3d4c5b6a'
const vehicle = '0b9e8d7c-6a5b-4c3d-8e2f-1a0b9c8d7e6f'
const i18n = i18nFor('en')

describe('end reminders in the notification centre', () => {
  const policy = { order_id: vehicle, policy_id: vehicle, product: 'rca' as const, registration_plate: 'B123ABC', number: 'RO 1', end_date: '2027-05-12', days_before: 7 as const }

  it('opens the prepared renewal’s checkout, or the orders before it is prepared', () => {
    expect(describeEvent({ name: 'policy.end-reminder', payload: { ...policy, renewal_id: renewal } }, i18n).action?.to).toBe(`/account/renewals/${renewal}`)
    expect(describeEvent({ name: 'policy.end-reminder', payload: { ...policy, renewal_id: null } }, i18n).action?.to).toBe('/account/orders')
  })

  it('does the same for a vehicle insured elsewhere, else leads to the vehicle', () => {
    const payload = { vehicle_id: vehicle, product: 'rca' as const, registration_plate: 'B123ABC', end_date: '2027-05-12', days_before: 1 as const }
    const ready = describeEvent({ name: 'vehicle.end-reminder', payload: { ...payload, renewal_id: renewal } }, i18n)
    expect(ready.action?.to).toBe(`/account/renewals/${renewal}`)
    expect(ready.title).toContain('B123ABC')
    expect(ready.title).toContain('tomorrow')
    expect(describeEvent({ name: 'vehicle.end-reminder', payload: { ...payload, renewal_id: null } }, i18n).action?.to).toBe(`/account/vehicles/${vehicle}`)
  })
})
