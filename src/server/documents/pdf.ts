import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import fontkit from '@pdf-lib/fontkit'
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import { formatDate } from '~/i18n/dates'
import type { Locale } from '~/i18n/locales'
import { documentLabels } from './labels'
import { qrRuns } from '~/contract/qr'
import type { AppConfig } from '../../../app.config'

/**
 * Policy documents as PDF (decision 50): one layout for every product. A product gives a title
 * and sections of labelled fields in the buyer's language; this module adds the insurer, the
 * policy number, the broker's legal details and a QR code of the public verification page.
 * The font (DejaVu Sans, Bitstream Vera licence, `fonts/LICENSE`) is embedded and subset, so
 * Romanian diacritics (ă â î ș ț) print on any reader.
 */

export type DocumentField = { label: string; value: string }
export type DocumentSection = { heading: string; fields: DocumentField[] }

export interface PolicyDocument {
  locale: Locale
  /** "Poliță de asigurare obligatorie RCA", "Travel insurance policy", … */
  title: string
  insurer: { name: string; asfRegistration?: string }
  policy: { series?: string; number: string }
  sections: DocumentSection[]
  /** Short paragraphs after the sections (conditions, where to claim). */
  notes?: string[]
  /** Unguessable code of the public verification page `/verify/{code}` (the caller makes it). */
  verificationCode: string
  issuedAt: Date
}

export interface BrokerDetails {
  brandName: string
  legalName: string
  asfRegistration: string
  fiscalCode: string
  tradeRegister: string
  address: string
  email: string
  phone: string
  complaintsEmail: string
}

/** The broker's legal details from the configuration: printed on every PDF and signed under every mail. */
export function brokerDetailsOf(
  config: Pick<
    AppConfig,
    'BRAND_NAME' | 'BROKER_LEGAL_NAME' | 'BROKER_ASF_REGISTRATION' | 'BROKER_FISCAL_CODE' | 'BROKER_TRADE_REGISTER' | 'BROKER_ADDRESS' | 'SUPPORT_EMAIL' | 'SUPPORT_PHONE' | 'BROKER_COMPLAINTS_EMAIL'
  >,
): BrokerDetails {
  return {
    brandName: config.BRAND_NAME,
    legalName: config.BROKER_LEGAL_NAME,
    asfRegistration: config.BROKER_ASF_REGISTRATION,
    fiscalCode: config.BROKER_FISCAL_CODE,
    tradeRegister: config.BROKER_TRADE_REGISTER,
    address: config.BROKER_ADDRESS,
    email: config.SUPPORT_EMAIL,
    phone: config.SUPPORT_PHONE,
    complaintsEmail: config.BROKER_COMPLAINTS_EMAIL,
  }
}

export function verificationUrl(publicUrl: string, code: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/verify/${encodeURIComponent(code)}`
}

/** Beside the sources, or (a build shipped without `src/`, a container image) the copy `npm run build` leaves in `dist/fonts`. */
const fontsFolder = [path.resolve(process.cwd(), 'src/server/documents/fonts'), path.resolve(process.cwd(), 'dist/fonts')].find((dir) => existsSync(dir)) ?? path.resolve(process.cwd(), 'src/server/documents/fonts')
let fontBytes: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined

/** Read once per process; every document embeds its own subset. */
function loadFonts() {
  fontBytes ??= Promise.all([readFile(path.join(fontsFolder, 'DejaVuSans.ttf')), readFile(path.join(fontsFolder, 'DejaVuSans-Bold.ttf'))]).then(([regular, bold]) => ({
    regular: new Uint8Array(regular),
    bold: new Uint8Array(bold),
  }))
  return fontBytes
}

const A4 = { width: 595.28, height: 841.89 }
const MARGIN = 48
const INK = rgb(0.1, 0.12, 0.16)
const MUTED = rgb(0.38, 0.4, 0.45)
const ACCENT = rgb(0.05, 0.33, 0.6)
/** Side of one QR module, in points: 29–41 modules ≈ 80–100 pt, scannable from paper and screens. */
export const QR_MODULE = 2.4

/** Words of `text` in lines no wider than `width`; a word longer than a line is cut. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = []
  for (const paragraph of text.split('\n')) {
    let line = ''
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate
        continue
      }
      if (line) lines.push(line)
      let rest = word
      while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
        let cut = rest.length - 1
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--
        lines.push(rest.slice(0, cut))
        rest = rest.slice(cut)
      }
      line = rest
    }
    lines.push(line)
  }
  return lines
}

/**
 * Draws the QR code as vector rectangles (one per run of dark modules in a row): sharp at any
 * zoom and printable. Returns its side.
 */
function drawQr(page: PDFPage, text: string, x: number, top: number): number {
  const { size, runs } = qrRuns(text)
  const quiet = 2 // modules of white margin around the symbol
  const side = (size + quiet * 2) * QR_MODULE
  page.drawRectangle({ x, y: top - side, width: side, height: side, color: rgb(1, 1, 1), borderColor: rgb(0.85, 0.86, 0.88), borderWidth: 0.5 })
  for (const [row, column, length] of runs) {
    page.drawRectangle({ x: x + (quiet + column) * QR_MODULE, y: top - (quiet + row + 1) * QR_MODULE, width: length * QR_MODULE, height: QR_MODULE, color: rgb(0, 0, 0) })
  }
  return side
}

/** The embedded, subset DejaVu fonts of a new document (diacritics print, text stays searchable). */
export async function embedDocumentFonts(pdf: PDFDocument): Promise<{ regular: PDFFont; bold: PDFFont }> {
  // A fresh parse per document: sharing fontkit's parsed font between documents loses glyphs'
  // code points, and with them the ToUnicode map that makes the text searchable and readable aloud.
  pdf.registerFontkit(fontkit)
  const bytes = await loadFonts()
  return { regular: await pdf.embedFont(bytes.regular, { subset: true }), bold: await pdf.embedFont(bytes.bold, { subset: true }) }
}

export async function renderPolicyPdf(doc: PolicyDocument, options: { broker: BrokerDetails; publicUrl: string }): Promise<Uint8Array> {
  const labels = documentLabels[doc.locale]
  const { broker } = options
  const pdf = await PDFDocument.create()
  const { regular, bold } = await embedDocumentFonts(pdf)
  const numberText = [doc.policy.series ? `${labels.series} ${doc.policy.series}` : '', `${labels.number} ${doc.policy.number}`].filter(Boolean).join(' ')
  pdf.setTitle(`${doc.title} ${numberText}`)
  pdf.setAuthor(broker.legalName)
  pdf.setSubject(doc.title)
  pdf.setKeywords([doc.policy.number, doc.insurer.name])
  pdf.setLanguage(doc.locale === 'ro' ? 'ro-RO' : doc.locale === 'fr' ? 'fr-FR' : 'en-GB')
  pdf.setCreationDate(doc.issuedAt)
  pdf.setModificationDate(doc.issuedAt)
  pdf.setProducer(broker.brandName)
  pdf.setCreator(broker.brandName)

  const pages: PDFPage[] = []
  let page = pdf.addPage([A4.width, A4.height])
  pages.push(page)
  const contentWidth = A4.width - MARGIN * 2
  let y = A4.height - MARGIN

  const text = (value: string, x: number, at: number, size: number, font: PDFFont = regular, color = INK) => page.drawText(value, { x, y: at, size, font, color })
  /** Starts a new page when fewer than `needed` points are left above the footer. */
  const room = (needed: number) => {
    if (y - needed >= MARGIN + 70) return
    page = pdf.addPage([A4.width, A4.height])
    pages.push(page)
    y = A4.height - MARGIN
  }

  // Header: the broker's brand on the left, the insurer on the right.
  text(broker.brandName, MARGIN, y - 14, 16, bold, ACCENT)
  const insurerWidth = bold.widthOfTextAtSize(doc.insurer.name, 11)
  text(doc.insurer.name, A4.width - MARGIN - insurerWidth, y - 12, 11, bold)
  if (doc.insurer.asfRegistration) {
    const reg = `${labels.insurerRegistration} ${doc.insurer.asfRegistration}`
    text(reg, A4.width - MARGIN - regular.widthOfTextAtSize(reg, 8), y - 24, 8, regular, MUTED)
  }
  y -= 34
  page.drawLine({ start: { x: MARGIN, y }, end: { x: A4.width - MARGIN, y }, thickness: 0.75, color: ACCENT })
  y -= 28

  // Title, number and the QR code beside them.
  const url = verificationUrl(options.publicUrl, doc.verificationCode)
  const qrTop = y + 8
  const qrSide = drawQr(page, url, A4.width - MARGIN - (qrRuns(url).size + 4) * QR_MODULE, qrTop)
  const titleWidth = contentWidth - qrSide - 16
  for (const line of wrap(doc.title, bold, 18, titleWidth)) {
    text(line, MARGIN, y, 18, bold)
    y -= 24
  }
  text(numberText, MARGIN, y, 13, bold, ACCENT)
  y -= 18
  text(`${labels.issuedAt} ${formatDate(doc.issuedAt, doc.locale, 'dateTime')}`, MARGIN, y, 9, regular, MUTED)
  y -= 14
  for (const line of wrap(`${labels.verify} ${url}`, regular, 8, titleWidth)) {
    text(line, MARGIN, y, 8, regular, MUTED)
    y -= 11
  }
  y = Math.min(y, qrTop - qrSide) - 20

  // Sections: a heading, then label / value rows.
  const labelWidth = 170
  for (const section of doc.sections) {
    room(40)
    text(section.heading, MARGIN, y, 11.5, bold, ACCENT)
    y -= 6
    page.drawLine({ start: { x: MARGIN, y }, end: { x: A4.width - MARGIN, y }, thickness: 0.4, color: rgb(0.8, 0.82, 0.85) })
    y -= 14
    for (const field of section.fields) {
      const labelLines = wrap(field.label, regular, 9.5, labelWidth - 10)
      const valueLines = wrap(field.value, bold, 9.5, contentWidth - labelWidth)
      const height = Math.max(labelLines.length, valueLines.length) * 12.5
      room(height)
      labelLines.forEach((line, i) => text(line, MARGIN, y - i * 12.5, 9.5, regular, MUTED))
      valueLines.forEach((line, i) => text(line, MARGIN + labelWidth, y - i * 12.5, 9.5, bold))
      y -= height + 3
    }
    y -= 12
  }

  for (const note of doc.notes ?? []) {
    const lines = wrap(note, regular, 8.5, contentWidth)
    room(lines.length * 11 + 6)
    for (const line of lines) {
      text(line, MARGIN, y, 8.5, regular, MUTED)
      y -= 11
    }
    y -= 6
  }

  // Footer on every page: the broker's legal details (Legea 236/2018) and the page number.
  const brokerLine = [
    `${labels.broker}: ${broker.legalName}`,
    `${labels.brokerRegistration} ${broker.asfRegistration}`,
    `${labels.fiscalCode} ${broker.fiscalCode}`,
    `${labels.tradeRegister} ${broker.tradeRegister}`,
    `${labels.address}: ${broker.address}`,
    `${labels.phone} ${broker.phone}`,
    broker.email,
    `${labels.complaints}: ${broker.complaintsEmail}`,
  ].join(' · ')
  pages.forEach((p, index) => {
    p.drawLine({ start: { x: MARGIN, y: MARGIN + 40 }, end: { x: A4.width - MARGIN, y: MARGIN + 40 }, thickness: 0.4, color: rgb(0.8, 0.82, 0.85) })
    wrap(brokerLine, regular, 7.5, contentWidth - 60).forEach((line, i) => p.drawText(line, { x: MARGIN, y: MARGIN + 28 - i * 10, size: 7.5, font: regular, color: MUTED }))
    const pageText = `${labels.page} ${index + 1} / ${pages.length}`
    p.drawText(pageText, { x: A4.width - MARGIN - regular.widthOfTextAtSize(pageText, 7.5), y: MARGIN + 28, size: 7.5, font: regular, color: MUTED })
  })

  return pdf.save()
}
