import { z } from 'zod'
import { huVignettePeriods, roVignettePeriods } from '~/contract/vignettes'
import type { Locale } from '~/i18n/locales'
import type { ProductDocument } from '../../documents/product-document'
import type { ProductPurchase, VehiclePaper } from '../definition'

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
const periods: Record<Locale, Record<Period, string>> = {
  ro: { '1d': '1 zi', '7d': '7 zile', '10d': '10 zile', '30d': '30 de zile', '60d': '60 de zile', '12m': '12 luni', daily: 'O zi', monthly: 'O lună', annual: 'Anuală, toată țara', county: 'Anuală, pe județe' },
  en: { '1d': '1 day', '7d': '7 days', '10d': '10 days', '30d': '30 days', '60d': '60 days', '12m': '12 months', daily: 'One day', monthly: 'One month', annual: 'Annual, whole country', county: 'Annual, by county' },
  fr: { '1d': '1 jour', '7d': '7 jours', '10d': '10 jours', '30d': '30 jours', '60d': '60 jours', '12m': '12 mois', daily: 'Un jour', monthly: 'Un mois', annual: 'Annuelle, tout le pays', county: 'Annuelle, par comitat' },
}

const words = {
  ro: {
    vehicle: 'Vehiculul',
    plate: 'Număr de înmatriculare',
    country: 'Țara de înmatriculare',
    vin: 'Serie de șasiu (VIN)',
    series: 'Seria certificatului de înmatriculare',
    category: 'Categoria',
    vignette: 'Vinieta',
    period: 'Perioada',
    counties: 'Județe',
    bridge: 'Treceri pod Fetești–Cernavodă',
    validity: 'Valabilă',
    validityValue: (from: string, to: string) => `de la ${from} până la ${to} (ora României)`,
    issuer: 'Emitent',
    proof: 'Număr dovadă',
    price: 'Preț plătit',
    buyer: 'Cumpărător',
    check: 'Verificați numărul de înmatriculare literă cu literă: o greșeală face vinieta nevalabilă.',
    periods: periods.ro,
  },
  en: {
    vehicle: 'Vehicle',
    plate: 'Registration number',
    country: 'Country of registration',
    vin: 'VIN',
    series: 'Registration certificate series',
    category: 'Category',
    vignette: 'Vignette',
    period: 'Period',
    counties: 'Counties',
    bridge: 'Fetești–Cernavodă bridge passes',
    validity: 'Valid',
    validityValue: (from: string, to: string) => `from ${from} until ${to} (Romanian time)`,
    issuer: 'Issuer',
    proof: 'Proof number',
    price: 'Price paid',
    buyer: 'Buyer',
    check: 'Check the registration number letter by letter: a mistake makes the vignette invalid.',
    periods: periods.en,
  },
  fr: {
    vehicle: 'Véhicule',
    plate: 'Immatriculation',
    country: 'Pays d’immatriculation',
    vin: 'Numéro VIN',
    series: 'Série du certificat d’immatriculation',
    category: 'Catégorie',
    vignette: 'Vignette',
    period: 'Période',
    counties: 'Comitats',
    bridge: 'Passages du pont Fetești–Cernavodă',
    validity: 'Valable',
    validityValue: (from: string, to: string) => `du ${from} au ${to} (heure de Roumanie)`,
    issuer: 'Émetteur',
    proof: 'Numéro de justificatif',
    price: 'Prix payé',
    buyer: 'Acheteur',
    check: 'Vérifiez l’immatriculation lettre par lettre : une erreur rend la vignette invalide.',
    periods: periods.fr,
  },
} satisfies Record<Locale, unknown>
type Words = (typeof words)['ro']

/** A vignette's proof: the vehicle, the vignette and its validity to the minute, the issuer and the proof's number; no insurance words. */
function vignetteDocument(titles: Record<Locale, string>): ProductDocument<VignetteFacts, Words & { title: string }> {
  return {
    words: { ro: { ...words.ro, title: titles.ro }, en: { ...words.en, title: titles.en }, fr: { ...words.fr, title: titles.fr } },
    build(facts, policy, w, format) {
      return {
        title: w.title,
        sections: [
          {
            heading: w.vehicle,
            fields: [
              { label: w.plate, value: facts.registration_plate },
              { label: w.country, value: facts.country },
              ...(facts.vin ? [{ label: w.vin, value: facts.vin }] : []),
              ...(facts.certificate_series ? [{ label: w.series, value: facts.certificate_series }] : []),
              { label: w.category, value: facts.category },
            ],
          },
          {
            heading: w.vignette,
            fields: [
              { label: w.period, value: w.periods[facts.period] },
              ...(facts.counties.length > 0 ? [{ label: w.counties, value: facts.counties.map((code) => countyNames[code] ?? code).join(', ') }] : []),
              ...(facts.bridge_passes > 0 ? [{ label: w.bridge, value: String(facts.bridge_passes) }] : []),
              { label: w.validity, value: w.validityValue(format.minute(facts.valid_from), format.minute(facts.valid_until)) },
              { label: w.issuer, value: policy.insurer.name },
              { label: w.proof, value: `${policy.series ? `${policy.series} ` : ''}${policy.number}` },
              { label: w.price, value: format.money(policy.premium) },
              { label: w.buyer, value: `${policy.holder.first_name} ${policy.holder.last_name}`.trim() },
            ],
          },
        ],
        notes: [w.check],
      }
    },
  }
}

/** A vignette product's purchase: its proof document, its reminders, the vehicle paper it sets. */
export function vignettePurchase(options: {
  titles: Record<Locale, string>
  subject: Record<Locale, string>
  calendarTitle: Record<Locale, string>
  renewPath: string
  paper: VehiclePaper
}): ProductPurchase<VignetteFacts> {
  return {
    wording: 'vignette',
    facts: VignetteFacts,
    policyFacts: ({ policy, details }) => (typeof policy === 'object' && policy ? { ...policy, valid_from: details.valid_from, valid_until: details.valid_until } : undefined),
    document: vignetteDocument(options.titles),
    reminders: { kind: 'vignette_end', subject: options.subject, calendarTitle: options.calendarTitle, renewPath: () => options.renewPath },
    vehiclePaper: options.paper,
  }
}
