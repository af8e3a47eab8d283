/**
 * The vehicles the registry sandbox knows: registration-certificate fields by their harmonised
 * codes (romania-insurance-facts.md §1.4, Ordin MAI 15/2018): A plate, B first registration, D.1 make, D.3 model,
 * E VIN, F.1 maximum mass (kg), J EU category, P.1 capacity (cm³), P.2 power (kW), P.3 fuel,
 * S.1 seats including the driver. Invented vehicles; the VINs carry real makers' WMIs.
 * `B123ABC` + `UU1HSDAC5L5123456` is the one browser tests and docs use (docs/tariffs.md).
 */
export type RegistryRecord = {
  A: string
  B: string
  'D.1': string
  'D.3': string
  E: string
  'F.1': number
  J: string
  'P.1': number | null
  'P.2': number | null
  /** As printed: BENZINA, MOTORINA, BENZINA/GPL, HIBRID BENZINA, ELECTRIC. */
  'P.3': string | null
  'S.1': number | null
}

export const registryVehicles: RegistryRecord[] = [
  { A: 'B123ABC', B: '2020-03-15', 'D.1': 'DACIA', 'D.3': 'DUSTER', E: 'UU1HSDAC5L5123456', 'F.1': 1_870, J: 'M1', 'P.1': 1_461, 'P.2': 85, 'P.3': 'MOTORINA', 'S.1': 5 },
  { A: 'B45XYZ', B: '2022-06-20', 'D.1': 'VOLKSWAGEN', 'D.3': 'GOLF', E: 'WVWZZZCDXNW204518', 'F.1': 1_840, J: 'M1', 'P.1': 1_498, 'P.2': 110, 'P.3': 'BENZINA', 'S.1': 5 },
  { A: 'CJ12ABC', B: '2021-09-01', 'D.1': 'SKODA', 'D.3': 'OCTAVIA', E: 'TMBJR7NXXMY031742', 'F.1': 1_930, J: 'M1', 'P.1': 1_968, 'P.2': 85, 'P.3': 'MOTORINA', 'S.1': 5 },
  { A: 'IF07RNO', B: '2021-02-11', 'D.1': 'RENAULT', 'D.3': 'CLIO', E: 'VF1RJA000MY654321', 'F.1': 1_620, J: 'M1', 'P.1': 999, 'P.2': 67, 'P.3': 'BENZINA/GPL', 'S.1': 5 },
  { A: 'TM10FRD', B: '2019-11-05', 'D.1': 'FORD', 'D.3': 'FOCUS', E: 'WF0FXXWP30KT41963', 'F.1': 1_850, J: 'M1', 'P.1': 1_499, 'P.2': 88, 'P.3': 'MOTORINA', 'S.1': 5 },
  { A: 'IS22OPL', B: '2022-01-18', 'D.1': 'OPEL', 'D.3': 'ASTRA', E: 'W0VBD6EK7N1008825', 'F.1': 1_880, J: 'M1', 'P.1': 1_199, 'P.2': 96, 'P.3': 'BENZINA', 'S.1': 5 },
  { A: 'B777BMW', B: '2021-05-27', 'D.1': 'BMW', 'D.3': '320D', E: 'WBA5R1108MFH70417', 'F.1': 2_110, J: 'M1', 'P.1': 1_995, 'P.2': 140, 'P.3': 'MOTORINA', 'S.1': 5 },
  { A: 'B300MBZ', B: '2022-03-09', 'D.1': 'MERCEDES-BENZ', 'D.3': 'C 220 D', E: 'W1K2060450R102233', 'F.1': 2_300, J: 'M1', 'P.1': 1_993, 'P.2': 147, 'P.3': 'MOTORINA', 'S.1': 5 },
  { A: 'CT33TYT', B: '2023-04-14', 'D.1': 'TOYOTA', 'D.3': 'COROLLA', E: 'SB1K93BEXPE067120', 'F.1': 1_835, J: 'M1', 'P.1': 1_798, 'P.2': 72, 'P.3': 'HIBRID BENZINA', 'S.1': 5 },
  { A: 'BV44HYN', B: '2022-08-30', 'D.1': 'HYUNDAI', 'D.3': 'TUCSON', E: 'KMHJ38155NU162044', 'F.1': 2_220, J: 'M1', 'P.1': 1_598, 'P.2': 110, 'P.3': 'HIBRID BENZINA', 'S.1': 5 },
  { A: 'SB15KIA', B: '2023-02-02', 'D.1': 'KIA', 'D.3': 'CEED', E: 'U5YH58106PL041357', 'F.1': 1_820, J: 'M1', 'P.1': 1_482, 'P.2': 103, 'P.3': 'BENZINA', 'S.1': 5 },
  { A: 'PH08PGT', B: '2022-10-10', 'D.1': 'PEUGEOT', 'D.3': '208', E: 'VR3UPHNS6NT114806', 'F.1': 1_600, J: 'M1', 'P.1': 1_199, 'P.2': 55, 'P.3': 'BENZINA', 'S.1': 5 },
  { A: 'AG19CTR', B: '2023-01-25', 'D.1': 'CITROEN', 'D.3': 'C3', E: 'VR7A4HNSXPL031165', 'F.1': 1_590, J: 'M1', 'P.1': 1_199, 'P.2': 61, 'P.3': 'BENZINA', 'S.1': 5 },
  { A: 'B88AUD', B: '2021-07-07', 'D.1': 'AUDI', 'D.3': 'A4', E: 'WAUZZZF46MA056789', 'F.1': 2_130, J: 'M1', 'P.1': 1_968, 'P.2': 150, 'P.3': 'MOTORINA', 'S.1': 5 },
  { A: 'MS05FIT', B: '2018-05-16', 'D.1': 'FIAT', 'D.3': '500', E: 'ZFA3120070JD51238', 'F.1': 1_305, J: 'M1', 'P.1': 1_242, 'P.2': 51, 'P.3': 'BENZINA', 'S.1': 4 },
  { A: 'BH21SZK', B: '2020-06-12', 'D.1': 'SUZUKI', 'D.3': 'VITARA', E: 'TSMLYEA19LM027495', 'F.1': 1_730, J: 'M1', 'P.1': 1_373, 'P.2': 95, 'P.3': 'BENZINA', 'S.1': 5 },
  { A: 'CJ90NSN', B: '2020-09-23', 'D.1': 'NISSAN', 'D.3': 'QASHQAI', E: 'SJNFAAJ18U2931117', 'F.1': 1_930, J: 'M1', 'P.1': 1_332, 'P.2': 103, 'P.3': 'BENZINA', 'S.1': 5 },
  { A: 'B100TSL', B: '2023-05-30', 'D.1': 'TESLA', 'D.3': 'MODEL Y', E: 'XP7YGCEJ2PB118742', 'F.1': 2_400, J: 'M1', 'P.1': null, 'P.2': 220, 'P.3': 'ELECTRIC', 'S.1': 5 },
  { A: 'CJ37HND', B: '2021-04-03', 'D.1': 'HONDA', 'D.3': 'CB500F', E: 'JH2PC4007MK600321', 'F.1': 380, J: 'L3e', 'P.1': 471, 'P.2': 35, 'P.3': 'BENZINA', 'S.1': 2 },
  { A: 'IF12MST', B: '2017-03-01', 'D.1': 'RENAULT', 'D.3': 'MASTER', E: 'VF1MA000X67891234', 'F.1': 3_500, J: 'N1', 'P.1': 2_298, 'P.2': 100, 'P.3': 'MOTORINA', 'S.1': 3 },
  { A: 'AR55TIR', B: '2020-01-20', 'D.1': 'MAN', 'D.3': 'TGX 18.470', E: 'WMA06XZZ3LM800123', 'F.1': 40_000, J: 'N3', 'P.1': 12_419, 'P.2': 346, 'P.3': 'MOTORINA', 'S.1': 2 },
  { A: 'B909BUS', B: '2019-07-15', 'D.1': 'MERCEDES-BENZ', 'D.3': 'TOURISMO', E: 'WEB63203313012345', 'F.1': 18_000, J: 'M3', 'P.1': 10_676, 'P.2': 290, 'P.3': 'MOTORINA', 'S.1': 50 },
  { A: 'DB60REM', B: '2016-10-04', 'D.1': 'SCHMITZ CARGOBULL', 'D.3': 'S.KO', E: 'WSMS7480804123456', 'F.1': 39_000, J: 'O4', 'P.1': null, 'P.2': null, 'P.3': null, 'S.1': null },
]
