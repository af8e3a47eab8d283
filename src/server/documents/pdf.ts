import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import fontkit from '@pdf-lib/fontkit'
import { fill, PDFDocument, popGraphicsState, pushGraphicsState, rectangle, rgb, setFillingRgbColor, type PDFFont, type PDFPage } from 'pdf-lib'
import { formatDate } from '~/i18n/dates'
import { intlLocale, type Locale } from '~/i18n/locales'
import { msg } from '@lingui/core/macro'
import { i18nFor } from '../i18n'
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

/**
 * OpenType positioning (kerning, mark placement) is off: pdf-lib draws each glyph at its advance
 * width and never reads the positions, and computing them (the GPOS tables decoded for each
 * document's fresh font) was most of a document's CPU. Substitutions (ligatures) stay as they were.
 */
const FONT_FEATURES = { kern: false, mark: false, mkmk: false, curs: false, dist: false }

const A4 = { width: 595.28, height: 841.89 }
const MARGIN = 48
const INK = rgb(0.1, 0.12, 0.16)
const MUTED = rgb(0.38, 0.4, 0.45)
const ACCENT = rgb(0.05, 0.33, 0.6)
/** Side of one QR module, in points: 29–41 modules ≈ 80–100 pt, scannable from paper and screens. */
export const QR_MODULE = 2.4

/** One of the two fonts of a document, named: its measures are kept across documents. */
export type Face = { font: PDFFont; name: 'regular' | 'bold' }

/** Widths by face, size and text: every document measures the same words (labels, notes) again. */
const widths = new Map<string, number>()
/** Enough for every text of the products' documents in three languages, with room for names and addresses. */
const WIDTHS_KEPT = 20_000

function widthOf(face: Face, value: string, size: number): number {
  const key = `${face.name} ${size} ${value}`
  let width = widths.get(key)
  if (width === undefined) {
    width = face.font.widthOfTextAtSize(value, size)
    if (widths.size >= WIDTHS_KEPT) widths.clear()
    widths.set(key, width)
  }
  return width
}

/** How close to the edge a line's width, summed from its words', is measured whole (rounding could tip it). */
const EDGE = 0.5

/**
 * Words of `text` in lines no wider than `width`; a word longer than a line is cut. Each word is
 * measured once (a measure is a text layout, the costly part of a document): a line's width is
 * its words' and spaces' widths added up, as no substitution crosses a space; only a line that
 * ends within `EDGE` of the width is measured whole, so the lines are those of measuring every
 * candidate line.
 */
export function wrap(text: string, face: Face, size: number, width: number): string[] {
  const measure = (value: string) => widthOf(face, value, size)
  const lines: string[] = []
  for (const paragraph of text.split('\n')) {
    const words = paragraph.split(/\s+/).filter(Boolean)
    // Most labels and values fit on one line: one measure. A line's start is never wider than the whole line.
    const whole = words.join(' ')
    if (measure(whole) <= width) {
      lines.push(whole)
      continue
    }
    const space = measure(' ')
    let line = ''
    let lineWidth = 0
    for (const word of words) {
      const wordWidth = measure(word)
      const candidate = line ? `${line} ${word}` : word
      const sum = line ? lineWidth + space + wordWidth : wordWidth
      if (Math.abs(sum - width) > EDGE ? sum <= width : measure(candidate) <= width) {
        line = candidate
        lineWidth = sum
        continue
      }
      if (line) lines.push(line)
      let rest = word
      while (measure(rest) > width && rest.length > 1) {
        let cut = rest.length - 1
        while (cut > 1 && measure(rest.slice(0, cut)) > width) cut--
        lines.push(rest.slice(0, cut))
        rest = rest.slice(cut)
      }
      line = rest
      lineWidth = rest === word ? wordWidth : measure(rest)
    }
    lines.push(line)
  }
  return lines
}

/**
 * Draws the QR code as vector rectangles (one per run of dark modules in a row): sharp at any
 * zoom and printable. The runs are one filled path (an `re` operator each, one fill), not a
 * shape each: `drawRectangle` wraps every rectangle in its own graphics state and colour, ten
 * operators for one, which made the QR code a large part of a document's drawing. Returns its side.
 */
function drawQr(page: PDFPage, { size, runs }: ReturnType<typeof qrRuns>, x: number, top: number): number {
  const quiet = 2 // modules of white margin around the symbol
  const side = (size + quiet * 2) * QR_MODULE
  page.drawRectangle({ x, y: top - side, width: side, height: side, color: rgb(1, 1, 1), borderColor: rgb(0.85, 0.86, 0.88), borderWidth: 0.5 })
  const at = (value: number) => Math.round(value * 100) / 100
  page.pushOperators(
    pushGraphicsState(),
    setFillingRgbColor(0, 0, 0),
    ...runs.map(([row, column, length]) => rectangle(at(x + (quiet + column) * QR_MODULE), at(top - (quiet + row + 1) * QR_MODULE), at(length * QR_MODULE), QR_MODULE)),
    fill(),
    popGraphicsState(),
  )
  return side
}

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0]
type FontkitFont = ReturnType<Fontkit['create']>
const parsedFonts = new WeakMap<Uint8Array, FontkitFont>()

/**
 * Fontkit for pdf-lib that parses each font file once per process. A document gets its own view
 * of the parsed font: the decoded tables (the character map, the substitution tables) are
 * shared, the glyphs are the view's. Sharing the glyphs too lost code points: fontkit caches a
 * glyph at its first use, and a glyph first met as a part of another (the s inside ș) has none,
 * which left later documents' text unsearchable and silent to screen readers.
 */
const fontsParsedOnce: Fontkit = {
  create(bytes) {
    let parsed = parsedFonts.get(bytes)
    if (!parsed) parsedFonts.set(bytes, (parsed = fontkit.create(bytes)))
    const view = Object.create(parsed) as FontkitFont & { _glyphs: unknown[] }
    view._glyphs = []
    return view
  },
}

/** The embedded, subset DejaVu faces of a new document (diacritics print, text stays searchable). */
export async function embedDocumentFonts(pdf: PDFDocument): Promise<Record<Face['name'], Face>> {
  pdf.registerFontkit(fontsParsedOnce)
  const bytes = await loadFonts()
  return {
    regular: { font: await pdf.embedFont(bytes.regular, { subset: true, features: FONT_FEATURES }), name: 'regular' },
    bold: { font: await pdf.embedFont(bytes.bold, { subset: true, features: FONT_FEATURES }), name: 'bold' },
  }
}

export async function renderPolicyPdf(doc: PolicyDocument, options: { broker: BrokerDetails; publicUrl: string }): Promise<Uint8Array> {
  const i18n = i18nFor(doc.locale)
  const { broker } = options
  const pdf = await PDFDocument.create()
  const faces = await embedDocumentFonts(pdf)
  const { regular: { font: regular }, bold: { font: bold } } = faces
  const { series, number } = doc.policy
  const numberText = [series ? i18n._(msg`Series ${series}`) : '', i18n._(msg`No. ${number}`)].filter(Boolean).join(' ')
  pdf.setTitle(`${doc.title} ${numberText}`)
  pdf.setAuthor(broker.legalName)
  pdf.setSubject(doc.title)
  pdf.setKeywords([doc.policy.number, doc.insurer.name])
  pdf.setLanguage(intlLocale(doc.locale))
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
    const registration = doc.insurer.asfRegistration
    const reg = i18n._(msg`ASF register no. ${registration}`)
    text(reg, A4.width - MARGIN - regular.widthOfTextAtSize(reg, 8), y - 24, 8, regular, MUTED)
  }
  y -= 34
  page.drawLine({ start: { x: MARGIN, y }, end: { x: A4.width - MARGIN, y }, thickness: 0.75, color: ACCENT })
  y -= 28

  // Title, number and the QR code beside them.
  const url = verificationUrl(options.publicUrl, doc.verificationCode)
  const qrTop = y + 8
  const qr = qrRuns(url)
  const qrSide = drawQr(page, qr, A4.width - MARGIN - (qr.size + 4) * QR_MODULE, qrTop)
  const titleWidth = contentWidth - qrSide - 16
  for (const line of wrap(doc.title, faces.bold, 18, titleWidth)) {
    text(line, MARGIN, y, 18, bold)
    y -= 24
  }
  text(numberText, MARGIN, y, 13, bold, ACCENT)
  y -= 18
  const issued = formatDate(doc.issuedAt, doc.locale, 'dateTime')
  text(i18n._(msg`Document issued on ${issued}`), MARGIN, y, 9, regular, MUTED)
  y -= 14
  for (const line of wrap(i18n._(msg`Check that this document is genuine by scanning the QR code or at: ${url}`), faces.regular, 8, titleWidth)) {
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
      const labelLines = wrap(field.label, faces.regular, 9.5, labelWidth - 10)
      const valueLines = wrap(field.value, faces.bold, 9.5, contentWidth - labelWidth)
      const height = Math.max(labelLines.length, valueLines.length) * 12.5
      room(height)
      labelLines.forEach((line, i) => text(line, MARGIN, y - i * 12.5, 9.5, regular, MUTED))
      valueLines.forEach((line, i) => text(line, MARGIN + labelWidth, y - i * 12.5, 9.5, bold))
      y -= height + 3
    }
    y -= 12
  }

  for (const note of doc.notes ?? []) {
    const lines = wrap(note, faces.regular, 8.5, contentWidth)
    room(lines.length * 11 + 6)
    for (const line of lines) {
      text(line, MARGIN, y, 8.5, regular, MUTED)
      y -= 11
    }
    y -= 6
  }

  // Footer on every page: the broker's legal details (Legea 236/2018) and the page number.
  const { legalName, asfRegistration: registration, fiscalCode, tradeRegister, address, phone, complaintsEmail } = broker
  const brokerLine = [
    i18n._(msg`Intermediary (insurance broker): ${legalName}`),
    i18n._(msg`ASF register no. ${registration}`),
    i18n._(msg`Fiscal code ${fiscalCode}`),
    i18n._(msg`Trade register ${tradeRegister}`),
    i18n._(msg`Registered office: ${address}`),
    i18n._(msg`Phone ${phone}`),
    broker.email,
    i18n._(msg`Complaints: ${complaintsEmail}`),
  ].join(' · ')
  pages.forEach((p, index) => {
    p.drawLine({ start: { x: MARGIN, y: MARGIN + 40 }, end: { x: A4.width - MARGIN, y: MARGIN + 40 }, thickness: 0.4, color: rgb(0.8, 0.82, 0.85) })
    wrap(brokerLine, faces.regular, 7.5, contentWidth - 60).forEach((line, i) => p.drawText(line, { x: MARGIN, y: MARGIN + 28 - i * 10, size: 7.5, font: regular, color: MUTED }))
    const page = index + 1
    const pageCount = pages.length
    const pageText = i18n._(msg`Page ${page} / ${pageCount}`)
    p.drawText(pageText, { x: A4.width - MARGIN - regular.widthOfTextAtSize(pageText, 7.5), y: MARGIN + 28, size: 7.5, font: regular, color: MUTED })
  })

  // In one go: by default pdf-lib yields to the event loop every 50 objects (a `setTimeout(0)`), and on a
  // busy server each yield waits behind every pending request, for a few milliseconds of writing.
  return pdf.save({ objectsPerTick: Number.POSITIVE_INFINITY })
}
