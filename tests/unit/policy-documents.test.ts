import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import QRCode from 'qrcode'
import { afterAll, describe, expect, it } from 'vitest'
import { brokerDetailsOf, QR_MODULE, renderPolicyPdf, verificationUrl } from '~/server/documents/pdf'
import { productPolicyDocument, type IssuedPolicyFacts } from '~/server/documents/product-document'
import { rcaDocument, type RcaPolicyFacts } from '~/server/products/rca/document'
import { createFileDocumentStore, createMemoryDocumentStore } from '~/server/documents/store'
import { PolicyPdfDocuments } from '~/server/orders/policy-pdf'
import { readPdf } from '../support/pdf-text'
import { testConfig } from '../support/api'

// The configuration's defaults: the fictional broker every page, mail and PDF names unless configured.
const defaults = testConfig()
const broker = brokerDetailsOf(defaults)

const facts: RcaPolicyFacts = {
  bonus_malus: 'B4',
  months: 12,
  provisional: false,
  direct_settlement: 25_000,
  vehicle: { registration_plate: 'B123ABC', vin: 'UU1HSDAC5L5123456', make: 'Dacia', model: 'Duster', category: 'car', power_kw: 85, engine_capacity_cc: 1461, total_mass_kg: 1870, seats: 5, usage: 'personal' },
  owner: { type: 'person', cnp: '1630615123457', county: 'B', locality: 'București' },
}
const issued: IssuedPolicyFacts = {
  insurer: { name: 'Groupama Asigurări', asfRegistration: 'RA-009' },
  series: 'RO/25/G25/XY',
  number: '004215739',
  startDate: '2026-11-25',
  endDate: '2027-11-24',
  // The premium with the direct settlement clause bought with it.
  premium: { amount: 158_000, currency: 'RON' },
  holder: { first_name: 'Ștefan', last_name: 'Țărănescu' },
  verificationCode: 'vX3q9K2mLp7RtY8wZb4N',
  issuedAt: new Date('2026-11-24T10:30:00Z'),
}
const rcaPolicyDocument = (f: RcaPolicyFacts, locale: 'ro' | 'en' | 'fr') => productPolicyDocument(rcaDocument, f, issued, locale)

// Font subsetting is CPU work: generous time on a shared machine.
describe('policy documents (decision 50)', { timeout: 30_000 }, () => {
  it('renders a PDF that parses back with the policy number, Romanian diacritics and the broker', async () => {
    const bytes = await renderPolicyPdf(rcaPolicyDocument(facts, 'ro'), { broker, publicUrl: 'https://asiguro.ro' })
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-')
    const { pdf, text, pageCount } = await readPdf(bytes)
    // Romanian with English beside it: two pages at most.
    expect(pageCount).toBeLessThanOrEqual(2)
    expect(pdf.getTitle()).toContain('004215739')
    const all = text.replace(/\s+/g, ' ')
    expect(all).toContain('Seria RO/25/G25/XY Nr. 004215739')
    expect(all).toContain('Ștefan Țărănescu')
    // The CNP partly masked: its first digit and last four only.
    expect(all).toContain('1********3457')
    expect(all).not.toContain(facts.owner.type === 'person' ? facts.owner.cnp : '-')
    // Shown at borders: English beside Romanian.
    expect(all).toContain('Compulsory motor third-party liability insurance policy (RCA)')
    expect(all).toContain('Poliță de asigurare obligatorie de răspundere civilă auto (RCA)')
    expect(all).toContain('Groupama Asigurări')
    expect(all).toContain('B4 (−20 %)')
    expect(all).toMatch(/1\.330,00\slei/)
    expect(all).toMatch(/1\.580,00\slei/) // premium + direct settlement
    // Every legal detail of the broker, as configured, on the page's footer.
    for (const detail of [defaults.BROKER_LEGAL_NAME, defaults.BROKER_ASF_REGISTRATION, defaults.BROKER_FISCAL_CODE, defaults.BROKER_TRADE_REGISTER, defaults.SUPPORT_PHONE, defaults.SUPPORT_EMAIL, defaults.BROKER_COMPLAINTS_EMAIL])
      expect(all).toContain(detail)
    expect(all).toContain('Reclamații')
    expect(all).toContain('https://asiguro.ro/verify/vX3q9K2mLp7RtY8wZb4N')
    // The font is embedded (subset), not a standard font without diacritics.
    expect(bytes.length).toBeLessThan(200_000)
  })

  it('keeps every letter readable in the next document: one parsed font serves documents one after another', async () => {
    // The first document has ș, ț, Ș and Ț but never a plain s, t, S or T: the font meets them only as parts of those letters.
    const first = { locale: 'ro' as const, title: 'ș ț Ș Ț', insurer: { name: 'ț Ț' }, policy: { number: '1' }, sections: [], verificationCode: 'x', issuedAt: issued.issuedAt }
    await renderPolicyPdf(first, { broker: { ...broker, brandName: 'ș Ș', legalName: 'ț Ț', address: 'ș', asfRegistration: '1', fiscalCode: '2' }, publicUrl: 'https://a.ro' })
    const { text } = await readPdf(await renderPolicyPdf(rcaPolicyDocument(facts, 'ro'), { broker, publicUrl: 'https://asiguro.ro' }))
    const all = text.replace(/\s+/g, ' ')
    expect(all).toContain('Ștefan Țărănescu')
    expect(all).toContain('Asiguro Broker de Asigurare SRL')
  })

  it('draws a QR code that encodes the verification URL', async () => {
    const url = verificationUrl('https://asiguro.ro/', issued.verificationCode)
    expect(url).toBe('https://asiguro.ro/verify/vX3q9K2mLp7RtY8wZb4N')
    const bytes = await renderPolicyPdf(rcaPolicyDocument(facts, 'en'), { broker, publicUrl: 'https://asiguro.ro' })
    const { rectangles } = await readPdf(bytes)
    // Rebuild the module matrix from the drawn runs and compare with the QR symbol of the URL.
    const runs = rectangles.filter((r) => Math.abs(r.h - QR_MODULE) < 1e-6)
    const left = Math.min(...runs.map((r) => r.x))
    const top = Math.max(...runs.map((r) => r.y + r.h))
    const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' })
    const drawn = Array.from({ length: modules.size }, () => Array<number>(modules.size).fill(0))
    for (const run of runs) {
      const row = Math.round((top - (run.y + run.h)) / QR_MODULE)
      const start = Math.round((run.x - left) / QR_MODULE)
      for (let c = start; c < start + Math.round(run.w / QR_MODULE); c++) drawn[row]![c] = 1
    }
    const expected = Array.from({ length: modules.size }, (_, r) => Array.from({ length: modules.size }, (_, c) => modules.get(r, c)))
    // The finder pattern's top-left corner is dark, so `left`/`top` are the symbol's own corner.
    expect(drawn).toEqual(expected)
    const other = QRCode.create(verificationUrl('https://asiguro.ro', 'another-code'), { errorCorrectionLevel: 'M' }).modules
    expect(drawn).not.toEqual(Array.from({ length: other.size }, (_, r) => Array.from({ length: other.size }, (_, c) => other.get(r, c))))
  })

  it('speaks the buyer’s language and fits any product (title + labelled fields)', async () => {
    const fr = await readPdf(await renderPolicyPdf(rcaPolicyDocument({ ...facts, direct_settlement: null }, 'fr'), { broker, publicUrl: 'https://asiguro.ro' }))
    const text = fr.text.replace(/\s+/g, ' ')
    expect(text).toContain('Police d’assurance obligatoire de responsabilité civile automobile (RCA)')
    expect(text).toContain('Règlement direct')
    expect(text).toContain('N° 004215739')
    const red = await readPdf(await renderPolicyPdf(rcaPolicyDocument({ ...facts, months: 2, provisional: true }, 'ro'), { broker, publicUrl: 'https://asiguro.ro' }))
    expect(red.text.replace(/\s+/g, ' ')).toContain('2 × 30 de zile (numere provizorii) / 2 × 30 days (provisional plates)')
    const travel = await renderPolicyPdf(
      {
        locale: 'en',
        title: 'Travel medical insurance',
        insurer: { name: 'Omniasig VIG' },
        policy: { number: 'TRV-778812' },
        sections: Array.from({ length: 12 }, (_, i) => ({ heading: `Traveller ${i + 1}`, fields: Array.from({ length: 8 }, (_, j) => ({ label: `Field ${j + 1}`, value: 'A long value '.repeat(j + 1) })) })),
        verificationCode: 'code-travel',
        issuedAt: new Date('2026-11-24T10:30:00Z'),
      },
      { broker, publicUrl: 'https://asiguro.ro' },
    )
    const read = await readPdf(travel)
    expect(read.pageCount).toBeGreaterThan(1)
    expect(read.lines).toContain('No. TRV-778812')
    expect(read.lines).toContain(`Page ${read.pageCount} / ${read.pageCount}`)
  })
})

describe('vignette proof', { timeout: 30_000 }, () => {
  it('names the vehicle as bought: plate, country and the certificate series when no VIN was given', async () => {
    const pdf = await new PolicyPdfDocuments(testConfig()).render({
      locale: 'en',
      product: 'ro-vignette',
      insurerName: 'CNAIR',
      number: 'RV-123456',
      series: null,
      startDate: '2026-12-01',
      endDate: '2026-12-30',
      premium: { amount: 25_450, currency: 'RON' },
      customer: { first_name: 'Ana', last_name: 'Pop', email: 'ana@example.ro', phone: '0722123456', address: { county: 'Cluj', city: 'Cluj-Napoca', street: 'Str. Horea 1' } },
      registrationPlate: 'CJ10ABC',
      vin: null,
      facts: { registration_plate: 'CJ10ABC', country: 'RO', category: 'A', vin: null, certificate_series: 'J123456', period: '30d', counties: [], bridge_passes: 0, valid_from: '2026-11-30T22:00:00.000Z', valid_until: '2026-12-30T22:00:00.000Z' },
      verificationUrl: 'https://asiguro.ro/verify/abc',
    })
    const text = (await readPdf(pdf)).text.replace(/\s+/g, ' ')
    expect(text).toContain('CJ10ABC')
    expect(text).toContain('Country of registration')
    expect(text).toContain('Registration certificate series')
    expect(text).toContain('J123456')
    expect(text).not.toContain('VIN')
    // A vignette, not a policy: its issuer and proof number, no insurance words.
    expect(text).toContain('Issuer CNAIR')
    expect(text).toContain('Proof number RV-123456')
    for (const word of ['Policy', 'Insured', 'Insurer', 'Premium']) expect(text).not.toContain(word)
  })
})

describe('document store', () => {
  const folders: string[] = []
  afterAll(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true })
  })

  it('keeps bytes in the data folder under safe keys', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'documents-'))
    folders.push(root)
    const store = createFileDocumentStore(root)
    await store.put('policies/2026/abc.pdf', new Uint8Array([37, 80, 68, 70]))
    expect(await store.get('policies/2026/abc.pdf')).toEqual(new Uint8Array([37, 80, 68, 70]))
    expect(await store.get('policies/2026/missing.pdf')).toBeUndefined()
    await store.put('policies/2026/abc.pdf', new Uint8Array([1]))
    expect(await store.get('policies/2026/abc.pdf')).toEqual(new Uint8Array([1]))
    for (const key of ['../escape.pdf', 'a/../../b', '/absolute', 'a//b', '', 'a/./b', 'spaces are bad']) {
      await expect(store.put(key, new Uint8Array([1])), key).rejects.toThrow(/invalid document key/)
    }
    const memory = createMemoryDocumentStore()
    await memory.put('x/y.pdf', new Uint8Array([2]))
    expect(await memory.get('x/y.pdf')).toEqual(new Uint8Array([2]))
    expect(memory.keys()).toEqual(['x/y.pdf'])
  })
})

describe('verification codes', () => {
  it('are 128 random bits in URL-safe characters', async () => {
    const { createVerificationCode, isVerificationCode } = await import('~/server/documents/verification')
    const codes = new Set(Array.from({ length: 200 }, createVerificationCode))
    expect(codes.size).toBe(200)
    for (const code of codes) expect(isVerificationCode(code)).toBe(true)
    expect(isVerificationCode('../etc/passwd')).toBe(false)
  })

  it('gives a vignette’s validity to the minute, in Romanian time', async () => {
    const pdf = await new PolicyPdfDocuments(testConfig()).render({
      locale: 'en',
      product: 'hu-vignette',
      insurerName: 'NÚSZ',
      number: 'HU-778812',
      series: null,
      startDate: '2026-11-27',
      endDate: '2026-11-27',
      premium: { amount: 7_326, currency: 'RON' },
      customer: { first_name: 'Ana', last_name: 'Pop', email: 'ana@example.ro', phone: '0722123456', address: { county: 'Cluj', city: 'Cluj-Napoca', street: 'Str. Horea 1' } },
      registrationPlate: 'CJ11HUV',
      vin: null,
      // Bought at 06:27 Bucharest time; a daily vignette ends at 24:00 in Budapest, 01:00 in Bucharest.
      facts: { registration_plate: 'CJ11HUV', country: 'RO', category: 'D1', vin: null, certificate_series: null, period: 'daily', counties: [], bridge_passes: 0, valid_from: '2026-11-27T04:27:00.000Z', valid_until: '2026-11-27T23:00:00.000Z' },
      verificationUrl: 'https://asiguro.ro/verify/abd',
    })
    const text = (await readPdf(pdf)).text.replace(/\s+/g, ' ')
    expect(text).toContain('from 27 November 2026 at 06:27 until 28 November 2026 at 01:00 (Romanian time)')
  })
})
