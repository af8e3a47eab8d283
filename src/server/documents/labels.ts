import type { Locale } from '~/i18n/locales'

/** The words every policy document prints, whatever the product (ro, en, fr). */
export const documentLabels = {
  ro: {
    series: 'Seria',
    number: 'Nr.',
    insurer: 'Asigurător',
    insurerRegistration: 'Nr. registru ASF',
    broker: 'Intermediar (broker de asigurare)',
    brokerRegistration: 'Nr. registru ASF',
    fiscalCode: 'CUI',
    address: 'Sediu',
    tradeRegister: 'Nr. Reg. Com.',
    phone: 'Tel.',
    complaints: 'Reclamații',
    verify: 'Verificați autenticitatea acestui document scanând codul QR sau la adresa:',
    issuedAt: 'Document emis la',
    page: 'Pagina',
  },
  en: {
    series: 'Series',
    number: 'No.',
    insurer: 'Insurer',
    insurerRegistration: 'ASF register no.',
    broker: 'Intermediary (insurance broker)',
    brokerRegistration: 'ASF register no.',
    fiscalCode: 'Fiscal code',
    address: 'Registered office',
    tradeRegister: 'Trade register',
    phone: 'Phone',
    complaints: 'Complaints',
    verify: 'Check that this document is genuine by scanning the QR code or at:',
    issuedAt: 'Document issued on',
    page: 'Page',
  },
  fr: {
    series: 'Série',
    number: 'N°',
    insurer: 'Assureur',
    insurerRegistration: 'N° registre ASF',
    broker: 'Intermédiaire (courtier en assurance)',
    brokerRegistration: 'N° registre ASF',
    fiscalCode: 'Code fiscal',
    address: 'Siège',
    tradeRegister: 'Registre du commerce',
    phone: 'Tél.',
    complaints: 'Réclamations',
    verify: 'Vérifiez l’authenticité de ce document en scannant le code QR ou à l’adresse :',
    issuedAt: 'Document émis le',
    page: 'Page',
  },
} as const satisfies Record<Locale, Record<string, string>>
documentLabels satisfies Record<Locale, Record<keyof (typeof documentLabels)['ro'], string>>

/**
 * The words of a policy document whose product facts were not kept (a policy bought before they
 * were): by the product's wording, so a vignette never reads as insurance.
 */
export const plainDocumentLabels = {
  insurance: {
    ro: { title: 'Poliță de asigurare', section: 'Poliță', period: 'Valabilă', price: 'Prima de asigurare', holder: 'Asigurat', plate: 'Număr de înmatriculare', vin: 'Serie de șasiu (VIN)' },
    en: { title: 'Insurance policy', section: 'Policy', period: 'Valid', price: 'Premium', holder: 'Insured', plate: 'Registration number', vin: 'VIN' },
    fr: { title: 'Police d’assurance', section: 'Police', period: 'Valable', price: 'Prime d’assurance', holder: 'Assuré', plate: 'Immatriculation', vin: 'Numéro VIN' },
  },
  vignette: {
    ro: { title: 'Dovada vinietei', section: 'Vinieta', period: 'Valabilă', price: 'Preț plătit', holder: 'Cumpărător', plate: 'Număr de înmatriculare', vin: 'Serie de șasiu (VIN)' },
    en: { title: 'Vignette proof', section: 'Vignette', period: 'Valid', price: 'Price paid', holder: 'Buyer', plate: 'Registration number', vin: 'VIN' },
    fr: { title: 'Justificatif de vignette', section: 'Vignette', period: 'Valable', price: 'Prix payé', holder: 'Acheteur', plate: 'Immatriculation', vin: 'Numéro VIN' },
  },
} as const satisfies Record<'insurance' | 'vignette', Record<Locale, Record<string, string>>>
