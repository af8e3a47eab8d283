/**
 * Romania's counties (județe) and Bucharest: the plate / ISO 3166-2:RO code, the name and the
 * numeric code used in the CNP. Source: facts file §7 (41 counties + Bucharest = 42 entries).
 * Zod-free: forms use it for the county list.
 */
export const counties = [
  { code: 'AB', name: 'Alba', cnp: ['01'] },
  { code: 'AR', name: 'Arad', cnp: ['02'] },
  { code: 'AG', name: 'Argeș', cnp: ['03'] },
  { code: 'BC', name: 'Bacău', cnp: ['04'] },
  { code: 'BH', name: 'Bihor', cnp: ['05'] },
  { code: 'BN', name: 'Bistrița-Năsăud', cnp: ['06'] },
  { code: 'BT', name: 'Botoșani', cnp: ['07'] },
  { code: 'BV', name: 'Brașov', cnp: ['08'] },
  { code: 'BR', name: 'Brăila', cnp: ['09'] },
  { code: 'B', name: 'București', cnp: ['40', '41', '42', '43', '44', '45', '46', '47', '48'] },
  { code: 'BZ', name: 'Buzău', cnp: ['10'] },
  { code: 'CS', name: 'Caraș-Severin', cnp: ['11'] },
  { code: 'CL', name: 'Călărași', cnp: ['51'] },
  { code: 'CJ', name: 'Cluj', cnp: ['12'] },
  { code: 'CT', name: 'Constanța', cnp: ['13'] },
  { code: 'CV', name: 'Covasna', cnp: ['14'] },
  { code: 'DB', name: 'Dâmbovița', cnp: ['15'] },
  { code: 'DJ', name: 'Dolj', cnp: ['16'] },
  { code: 'GL', name: 'Galați', cnp: ['17'] },
  { code: 'GR', name: 'Giurgiu', cnp: ['52'] },
  { code: 'GJ', name: 'Gorj', cnp: ['18'] },
  { code: 'HR', name: 'Harghita', cnp: ['19'] },
  { code: 'HD', name: 'Hunedoara', cnp: ['20'] },
  { code: 'IL', name: 'Ialomița', cnp: ['21'] },
  { code: 'IS', name: 'Iași', cnp: ['22'] },
  { code: 'IF', name: 'Ilfov', cnp: ['23'] },
  { code: 'MM', name: 'Maramureș', cnp: ['24'] },
  { code: 'MH', name: 'Mehedinți', cnp: ['25'] },
  { code: 'MS', name: 'Mureș', cnp: ['26'] },
  { code: 'NT', name: 'Neamț', cnp: ['27'] },
  { code: 'OT', name: 'Olt', cnp: ['28'] },
  { code: 'PH', name: 'Prahova', cnp: ['29'] },
  { code: 'SM', name: 'Satu Mare', cnp: ['30'] },
  { code: 'SJ', name: 'Sălaj', cnp: ['31'] },
  { code: 'SB', name: 'Sibiu', cnp: ['32'] },
  { code: 'SV', name: 'Suceava', cnp: ['33'] },
  { code: 'TR', name: 'Teleorman', cnp: ['34'] },
  { code: 'TM', name: 'Timiș', cnp: ['35'] },
  { code: 'TL', name: 'Tulcea', cnp: ['36'] },
  { code: 'VS', name: 'Vaslui', cnp: ['37'] },
  { code: 'VL', name: 'Vâlcea', cnp: ['38'] },
  { code: 'VN', name: 'Vrancea', cnp: ['39'] },
] as const

export type CountyCode = (typeof counties)[number]['code']
export const countyCodes: readonly CountyCode[] = counties.map((c) => c.code)

export function isCountyCode(value: unknown): value is CountyCode {
  return typeof value === 'string' && (countyCodes as readonly string[]).includes(value)
}

export function countyName(code: CountyCode): string {
  return counties.find((c) => c.code === code)?.name ?? code
}

/** The county of a CNP's `JJ` digits, or undefined for codes no county has (e.g. 49, 50, 53+). */
export function countyOfCnpCode(jj: string): CountyCode | undefined {
  return counties.find((c) => (c.cnp as readonly string[]).includes(jj))?.code
}

/** The zone the ASF reference tariff prices apart since January 2025 (romania-insurance-facts.md §1.4, §1.7). */
export const BUCHAREST_ILFOV: readonly CountyCode[] = ['B', 'IF']
export function isBucharestIlfov(code: CountyCode): boolean {
  return BUCHAREST_ILFOV.includes(code)
}
