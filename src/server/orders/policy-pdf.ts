import type { AppConfig } from '../../../app.config'
import { brokerDetailsOf, formatMoney, rcaPolicyDocument, renderPolicyPdf, type DocumentField, type PolicyDocument } from '../documents'
import { isLocale, type Locale } from '~/i18n/locales'
import { formatDate } from '~/i18n/dates'
import type { PolicyDocumentInput, PolicyDocuments } from './ports'
import { rcaFactsOf } from './rca-facts'

const titles: Record<string, Record<Locale, string>> = {
  rca: { ro: 'Poliță de asigurare obligatorie RCA', en: 'Compulsory motor liability (RCA) policy', fr: 'Police d’assurance obligatoire RCA' },
  travel: { ro: 'Poliță de asigurare de călătorie', en: 'Travel insurance policy', fr: 'Police d’assurance voyage' },
  'house-insurance': { ro: 'Poliță de asigurare a locuinței', en: 'Home insurance policy', fr: 'Police d’assurance habitation' },
  'ro-vignette': { ro: 'Dovada rovinietei', en: 'Romanian road vignette (rovinietă) proof', fr: 'Justificatif de vignette roumaine' },
  'hu-vignette': { ro: 'Dovada vinietei maghiare', en: 'Hungarian e-vignette proof', fr: 'Justificatif de vignette hongroise' },
}

const labels = {
  ro: { romanianTime: 'ora României', policy: 'Poliță', period: 'Valabilitate', premium: 'Preț plătit', insured: 'Asigurat', name: 'Nume', plate: 'Număr de înmatriculare', vin: 'Serie de șasiu (VIN)', country: 'Țara de înmatriculare', series: 'Seria certificatului de înmatriculare', check: 'Verificați numărul de înmatriculare literă cu literă: o greșeală face documentul nevalabil.' },
  en: { romanianTime: 'Romanian time', policy: 'Policy', period: 'Valid', premium: 'Price paid', insured: 'Insured', name: 'Name', plate: 'Registration number', vin: 'VIN', country: 'Country of registration', series: 'Registration certificate series', check: 'Check the registration number letter by letter: a mistake makes the document invalid.' },
  fr: { romanianTime: 'heure de Roumanie', policy: 'Police', period: 'Validité', premium: 'Prix payé', insured: 'Assuré', name: 'Nom', plate: 'Immatriculation', vin: 'Numéro VIN', country: 'Pays d’immatriculation', series: 'Série du certificat d’immatriculation', check: 'Vérifiez l’immatriculation lettre par lettre : une erreur rend le document invalide.' },
} satisfies Record<Locale, Record<string, string>>

/**
 * Every product's policy document through the one PDF renderer (decision 50): the insurer, the
 * number, the period, the price, who or what is insured, the broker's details and the QR code of
 * the public verification page. RCA prints its own policy (vehicle, owner, bonus-malus class,
 * direct settlement: `rcaPolicyDocument`) from the quote it was bought from.
 */
export class PolicyPdfDocuments implements PolicyDocuments {
  constructor(private readonly config: AppConfig) {}

  async render(input: PolicyDocumentInput): Promise<Uint8Array> {
    const locale: Locale = isLocale(input.locale) ? input.locale : 'ro'
    const rca = input.product === 'rca' ? rcaFactsOf(input, new Date()) : undefined
    const doc = rca ? rcaPolicyDocument(rca, locale) : genericDocument(input, locale)
    return renderPolicyPdf(doc, { broker: brokerDetailsOf(this.config), publicUrl: this.config.PUBLIC_URL })
  }
}

/** Any product's policy: the period, the price and who or what is insured. */
function genericDocument(input: PolicyDocumentInput, locale: Locale): PolicyDocument {
  const l = labels[locale]
  const insured: DocumentField[] = [{ label: l.name, value: `${input.customer.first_name} ${input.customer.last_name}`.trim() }]
  if (input.registrationPlate) insured.push({ label: l.plate, value: input.registrationPlate })
  if (typeof input.details.country === 'string' && input.registrationPlate) insured.push({ label: l.country, value: input.details.country })
  if (input.vin) insured.push({ label: l.vin, value: input.vin })
  if (typeof input.details.certificate_series === 'string') insured.push({ label: l.series, value: input.details.certificate_series })
  return {
    locale,
    title: titles[input.product]?.[locale] ?? input.product,
    insurer: { name: input.insurerName },
    policy: { ...(input.series ? { series: input.series } : {}), number: input.number },
    sections: [
      {
        heading: l.policy,
        fields: [
          { label: l.period, value: periodOf(input, locale) },
          { label: l.premium, value: formatMoney(input.premium.amount, input.premium.currency, locale) },
        ],
      },
      { heading: l.insured, fields: insured },
    ],
    ...(input.product.endsWith('vignette') ? { notes: [l.check] } : {}),
    verificationCode: new URL(input.verificationUrl).pathname.split('/').pop() ?? '',
    issuedAt: new Date(),
  }
}

/**
 * The period a policy covers: its days, or for a vignette its validity to the minute (from the
 * moment of purchase when it starts today, to 24:00 of its last day), in Romanian time.
 */
function periodOf(input: PolicyDocumentInput, locale: Locale): string {
  const { valid_from: from, valid_until: until } = input.details
  if (typeof from === 'string' && typeof until === 'string') return `${formatDate(from, locale, 'dateTime')} – ${formatDate(until, locale, 'dateTime')} (${labels[locale].romanianTime})`
  return `${formatDate(input.startDate, locale)} – ${formatDate(input.endDate, locale)}`
}
