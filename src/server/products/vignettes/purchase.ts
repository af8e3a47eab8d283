import { z } from 'zod'
import { huVignettePeriods, roVignettePeriods } from '~/contract/vignettes'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { documentSection, holderName, type ProductDocument } from '../../documents/product-document'
import type { ProductPurchase, VehiclePaperOf } from '../definition'

/** What the quote keeps for the vignette (`context.policy`): the vehicle, the period, the counties or bridge passes. */
export function vignettePolicyPart(request: {
  vehicle: { registration_plate: string; country: string; category: string; vin?: string | null; certificate_series?: string | null }
  period: string
  counties?: readonly string[]
  bridge_passes?: number
}) {
  const { vehicle, period } = request
  return {
    registration_plate: vehicle.registration_plate,
    country: vehicle.country,
    category: vehicle.category,
    vin: vehicle.vin ?? null,
    certificate_series: vehicle.certificate_series ?? null,
    period,
    counties: request.counties ? [...request.counties] : [],
    bridge_passes: request.bridge_passes ?? 0,
  }
}

/** What an issued vignette holds: the vehicle, the category, the period and its validity to the minute, as the issuer confirmed it. */
export const VignetteFacts = z.object({
  registration_plate: z.string(),
  country: z.string(),
  category: z.string(),
  vin: z.string().nullable(),
  certificate_series: z.string().nullable(),
  period: z.enum([...roVignettePeriods, ...huVignettePeriods]),
  counties: z.array(z.string()),
  bridge_passes: z.number().int().min(0),
  /** Instants (ISO 8601): from the moment of purchase or 00:00 of the first day, to 24:00 of the last. */
  valid_from: z.iso.datetime({ offset: true }),
  valid_until: z.iso.datetime({ offset: true }),
})
export type VignetteFacts = z.infer<typeof VignetteFacts>

/** The Hungarian counties (vármegye) by their own names, as the e-vignette names them in every language. */
const countyNames: Record<string, string> = {
  'bacs-kiskun': 'Bács-Kiskun', baranya: 'Baranya', bekes: 'Békés', 'borsod-abauj-zemplen': 'Borsod-Abaúj-Zemplén', 'csongrad-csanad': 'Csongrád-Csanád', fejer: 'Fejér',
  'gyor-moson-sopron': 'Győr-Moson-Sopron', 'hajdu-bihar': 'Hajdú-Bihar', heves: 'Heves', 'jasz-nagykun-szolnok': 'Jász-Nagykun-Szolnok', 'komarom-esztergom': 'Komárom-Esztergom',
  nograd: 'Nógrád', pest: 'Pest', somogy: 'Somogy', 'szabolcs-szatmar-bereg': 'Szabolcs-Szatmár-Bereg', tolna: 'Tolna', vas: 'Vas', veszprem: 'Veszprém', zala: 'Zala',
}

type Period = VignetteFacts['period']
const periods: Record<Period, MessageDescriptor> = {
  '1d': msg({ message: '1 day', context: 'vignette period' }),
  '7d': msg({ message: '7 days', context: 'vignette period' }),
  '10d': msg({ message: '10 days', context: 'vignette period' }),
  '30d': msg({ message: '30 days', context: 'vignette period' }),
  '60d': msg({ message: '60 days', context: 'vignette period' }),
  '12m': msg({ message: '12 months', context: 'vignette period' }),
  daily: msg({ message: 'One day', context: 'vignette period' }),
  monthly: msg({ message: 'One month', context: 'vignette period' }),
  annual: msg({ message: 'Annual, whole country', context: 'vignette period' }),
  county: msg({ message: 'Annual, by county', context: 'vignette period' }),
}

/** A vignette's proof: the vehicle, the vignette and its validity to the minute, the issuer and the proof's number; no insurance words. */
function vignetteDocument(title: MessageDescriptor): ProductDocument<VignetteFacts> {
  return {
    build(facts, policy, i18n, format) {
      const from = format.minute(facts.valid_from)
      const until = format.minute(facts.valid_until)
      return {
        title: i18n._(title),
        sections: [
          documentSection(i18n, msg`Vehicle`, [
            [msg`Registration number`, facts.registration_plate],
            [msg`Country of registration`, facts.country],
            facts.vin && [msg`VIN`, facts.vin],
            facts.certificate_series && [msg`Registration certificate series`, facts.certificate_series],
            [msg`Category`, facts.category],
          ]),
          documentSection(i18n, msg`Vignette`, [
            [msg({ message: 'Period', context: 'dates of cover' }), i18n._(periods[facts.period])],
            facts.counties.length > 0 && [msg`Counties`, facts.counties.map((code) => countyNames[code] ?? code).join(', ')],
            facts.bridge_passes > 0 && [msg`Fetești–Cernavodă bridge passes`, String(facts.bridge_passes)],
            [msg({ message: 'Valid', context: 'policy period' }), i18n._(msg`from ${from} until ${until} (Romanian time)`)],
            [msg`Issuer`, policy.insurer.name],
            [msg`Proof number`, `${policy.series ? `${policy.series} ` : ''}${policy.number}`],
            [msg`Price paid`, format.money(policy.premium)],
            [msg`Buyer`, holderName(policy)],
          ]),
        ],
        notes: [i18n._(msg`Check the registration number letter by letter: a mistake makes the vignette invalid.`)],
      }
    },
  }
}

/** A vignette product's purchase: its proof document, its reminders, the vehicle paper it sets. */
export function vignettePurchase(options: {
  title: MessageDescriptor
  subject: MessageDescriptor
  calendarTitle: MessageDescriptor
  renewPath: string
  paper: VehiclePaperOf
}): ProductPurchase<VignetteFacts> {
  return {
    wording: 'vignette',
    facts: VignetteFacts,
    policyFacts: ({ policy, details }) => (typeof policy === 'object' && policy ? { ...policy, valid_from: details.valid_from, valid_until: details.valid_until } : undefined),
    document: vignetteDocument(options.title),
    reminders: { kind: 'vignette_end', subject: options.subject, calendarTitle: options.calendarTitle, renewPath: () => options.renewPath },
    vehiclePaper: options.paper,
  }
}
