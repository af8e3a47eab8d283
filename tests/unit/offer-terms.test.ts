import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { describe, expect, it } from 'vitest'
import type { Offer } from '~/contract/quotes'
import { HouseCover } from '~/features/quotes/offers-list'
import { TravelCover } from '~/features/quotes/travel-cover'
import { messages as ro } from '~/i18n/locales/ro/messages.po'
import { formatLei } from '~/i18n/money'
import { translated } from '../support/catalog'

const i18n = setupI18n({ locale: 'ro', messages: { ro } })
const render = (element: ReturnType<typeof createElement>) => renderToStaticMarkup(createElement(I18nProvider, { i18n }, element)).replace(/<!-- -->/g, '')

const base = { id: 'o', insurer: { code: 'groupama', name: 'Groupama' }, status: 'offered', premium: { amount: 30_000, currency: 'RON' }, months: 12, start_date: '2026-12-01', end_date: '2027-11-30', reason: null } as unknown as Offer

/** The insurer's own terms an offer states before it is bought: the travel assistance line, the house deductible. */
describe('offer terms', () => {
  it('a travel offer names its insurer’s 24-hour assistance line', () => {
    const html = render(createElement(TravelCover, { offer: { ...base, assistance_phone: '+40 21 300 22 40' }, locale: 'ro' }))
    expect(html).toContain(translated('ro', 'messages', '24-hour assistance: {phone}', { phone: '+40 21 300 22 40' }))
    expect(render(createElement(TravelCover, { offer: base, locale: 'ro' }))).not.toContain('+40')
  })

  it('an optional house offer states its insurer’s deductible', () => {
    const offer = { ...base, cover: 'optional', sum_insured: { amount: 38_250_000, currency: 'RON' }, deductible: { percent: 5, minimum: { amount: 30_000, currency: 'RON' } } } as Offer
    const html = render(createElement(HouseCover, { offer, locale: 'ro' }))
    expect(html).toContain(translated('ro', 'messages', 'Deductible: {percent}% of each claim, at least {minimum}', { percent: '5', minimum: formatLei(30_000, 'ro') }))
  })
})
