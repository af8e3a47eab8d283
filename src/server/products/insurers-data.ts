/**
 * Who sells the products other than RCA, for the catalogue (`seedInsurers`). Insurers already in
 * the RCA list gain these products; the issuers of PAD and of the vignettes are not insurers and
 * have no ASF registration (shown as nothing). Commission in basis points of the premium: none on
 * vignettes, whose sellers may add no fee (Ordin MTI 959/2024, romania-insurance-facts.md §2), nor on PAD.
 */
export const otherProductInsurers = [
  { code: 'allianz-tiriac', name: 'Allianz-Țiriac Asigurări', asfRegistration: 'RA-002', commissionBasisPoints: 1100, products: ['travel', 'house-insurance'] },
  { code: 'groupama', name: 'Groupama Asigurări', asfRegistration: 'RA-009', commissionBasisPoints: 1150, products: ['travel', 'house-insurance'] },
  { code: 'omniasig', name: 'Omniasig Vienna Insurance Group', asfRegistration: 'RA-001', commissionBasisPoints: 1250, products: ['travel', 'house-insurance'] },
  { code: 'generali', name: 'Generali România Asigurare Reasigurare', asfRegistration: 'RA-017', commissionBasisPoints: 1200, products: ['house-insurance'] },
  { code: 'signal-iduna', name: 'Signal Iduna Asigurare Reasigurare', asfRegistration: 'RA-061', commissionBasisPoints: 1500, products: ['travel'] },
  { code: 'paid', name: 'PAID – Pool-ul de Asigurare Împotriva Dezastrelor Naturale', asfRegistration: 'RA-054', commissionBasisPoints: 0, products: ['house-insurance'] },
  { code: 'cnair', name: 'CNAIR – Compania Națională de Administrare a Infrastructurii Rutiere', asfRegistration: '', commissionBasisPoints: 0, products: ['ro-vignette'] },
  { code: 'nusz', name: 'Nemzeti Útdíjfizetési Szolgáltató (NÚSZ)', asfRegistration: '', commissionBasisPoints: 0, products: ['hu-vignette'] },
] as const

export const PAD_ISSUER = 'paid'
