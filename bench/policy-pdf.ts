/**
 * `npx tsx --import ./scripts/lingui/register.mjs bench/policy-pdf.ts [documents]`: CPU time of
 * one policy PDF (an RCA policy, in Romanian, English and French in turn) in this process, after
 * one warm-up document: the renderer's share of a purchase (`bench:checkout`'s API CPU per purchase).
 */
import { parseConfig, secretNames } from '../app.config'
import { renderPolicyPdf, brokerDetailsOf } from '../src/server/documents/pdf'
import { productPolicyDocument, type IssuedPolicyFacts } from '../src/server/documents/product-document'
import { rcaDocument, type RcaPolicyFacts } from '../src/server/products/rca/document'

const count = Number(process.argv[2] ?? 30)
const facts: RcaPolicyFacts = {
  bonus_malus: 'B4',
  months: 12,
  provisional: false,
  direct_settlement: 25_000,
  vehicle: { registration_plate: 'CJ10ABC', vin: 'UU1HSDAC5L5123456', make: 'Dacia', model: 'Duster', category: 'car', power_kw: 66, engine_capacity_cc: 1461, total_mass_kg: 1800, seats: 5, usage: 'personal' },
  owner: { type: 'person', cnp: '1700101123454', county: 'CJ', locality: 'Cluj-Napoca' },
}
const issued = (n: number): IssuedPolicyFacts => ({
  insurer: { name: 'Groupama Asigurări', asfRegistration: 'RA-009' },
  series: 'RO/25/G25/XY',
  number: String(4_215_739 + n).padStart(9, '0'),
  startDate: '2026-11-29',
  endDate: '2027-11-28',
  premium: { amount: 158_000, currency: 'RON' },
  holder: { first_name: 'Ștefan', last_name: 'Țărănescu' },
  verificationCode: `vX3q9K2mLp7RtY8wZb${n}`,
  issuedAt: new Date(),
})
const locales = ['ro', 'en', 'fr'] as const
const options = {
  // The configuration's fictional broker, as a fresh install prints it.
  broker: brokerDetailsOf(parseConfig({ APP_ENV: 'test' }, Object.fromEntries(secretNames.map((name) => [name, 'not-a-secret-only-a-benchmark-value'])))),
  publicUrl: 'https://asiguro.ro',
}
const render = (n: number) => renderPolicyPdf(productPolicyDocument(rcaDocument, facts, issued(n), locales[n % locales.length]!), options)

await render(0)
const before = process.cpuUsage()
let bytes = 0
for (let n = 1; n <= count; n++) bytes += (await render(n)).length
const used = process.cpuUsage(before)
console.log(`policy PDF (RCA, ro/en/fr): ${((used.user + used.system) / 1000 / count).toFixed(1)} ms CPU per document, ${Math.round(bytes / count / 1024)} KiB, ${count} documents`)
