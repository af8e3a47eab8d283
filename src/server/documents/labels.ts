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
    verify: 'Vérifiez l’authenticité de ce document en scannant le code QR ou à l’adresse :',
    issuedAt: 'Document émis le',
    page: 'Page',
  },
} as const satisfies Record<Locale, Record<string, string>>
documentLabels satisfies Record<Locale, Record<keyof (typeof documentLabels)['ro'], string>>
