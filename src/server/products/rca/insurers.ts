/**
 * The RCA insurers the broker compares (romania-insurance-facts.md §1.8: the 8 named RCA insurers, plus Eazy Asigurări
 * as the ninth; Euroins lost its licence in 2023 and Uniqa left RCA, so neither is listed). Their
 * tariffs are their own: today each answers from the sandbox (`src/server/sandbox/insurers`). ASF
 * register numbers are placeholders in the register's format (the facts file gives none): check
 * them before go-live. Commission in basis points of the premium.
 */
export const rcaInsurers = [
  { code: 'allianz-tiriac', name: 'Allianz-Țiriac Asigurări', asfRegistration: 'RA-002', commissionBasisPoints: 1100 },
  { code: 'asirom', name: 'Asirom Vienna Insurance Group', asfRegistration: 'RA-003', commissionBasisPoints: 1400 },
  { code: 'axeria', name: 'Axeria IARD', asfRegistration: 'RA-114', commissionBasisPoints: 1600 },
  { code: 'generali', name: 'Generali România Asigurare Reasigurare', asfRegistration: 'RA-017', commissionBasisPoints: 1200 },
  { code: 'grawe', name: 'Grawe România Asigurare', asfRegistration: 'RA-046', commissionBasisPoints: 1300 },
  { code: 'groupama', name: 'Groupama Asigurări', asfRegistration: 'RA-009', commissionBasisPoints: 1150 },
  { code: 'hellas-direct', name: 'Hellas Direct (HD Insurance)', asfRegistration: 'RA-128', commissionBasisPoints: 1500 },
  { code: 'omniasig', name: 'Omniasig Vienna Insurance Group', asfRegistration: 'RA-001', commissionBasisPoints: 1250 },
  { code: 'eazy', name: 'Eazy Asigurări', asfRegistration: 'RA-124', commissionBasisPoints: 1450 },
] as const

export type RcaInsurerCode = (typeof rcaInsurers)[number]['code']
