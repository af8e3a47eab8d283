import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, type PDFObject } from 'pdf-lib'

/**
 * Reads back a PDF this project made, for tests: the shown text of each page in drawing order,
 * mapped to Unicode through each font's ToUnicode map, and the filled rectangles as pdf-lib
 * draws them (a translation `cm`, then a `0 0 m … h f` path) or as `x y w h re` operators (the QR
 * code's runs, one path). Not a general PDF extractor.
 */
export async function readPdf(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes)
  const lines: string[] = []
  const rectangles: { x: number; y: number; w: number; h: number }[] = []
  for (const page of pdf.getPages()) {
    const fonts = new Map<string, Map<string, string>>()
    const fontDict = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict)
    for (const [name, ref] of fontDict?.entries() ?? []) {
      const font = pdf.context.lookup(ref, PDFDict)
      const toUnicode = pdf.context.lookup(font.get(PDFName.of('ToUnicode')))
      if (toUnicode instanceof PDFRawStream) fonts.set(name.asString(), parseToUnicode(decoded(toUnicode)))
    }
    const contents = page.node.Contents()
    const parts: PDFObject[] = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : []
    for (const part of parts) {
      const stream = part instanceof PDFRef ? pdf.context.lookup(part) : part
      if (!(stream instanceof PDFRawStream)) continue
      const content = decoded(stream)
      let font: Map<string, string> | undefined
      for (const m of content.matchAll(/(\/\S+) [\d.]+ Tf|<([0-9A-Fa-f]+)> Tj/g)) {
        if (m[1]) font = fonts.get(m[1])
        else if (font) lines.push(decode(m[2] ?? '', font))
      }
      const rect = /1 0 0 1 (-?[\d.]+) (-?[\d.]+) cm\s+(?:1 0 0 1 0 0 cm\s+)*0 0 m\s+0 (-?[\d.]+) l\s+(-?[\d.]+) \3 l\s+\4 0 l\s+h\s+f\b/g
      for (const m of content.matchAll(rect)) rectangles.push({ x: Number(m[1]), y: Number(m[2]), w: Number(m[4]), h: Number(m[3]) })
      for (const m of content.matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re\b/g)) rectangles.push({ x: Number(m[1]), y: Number(m[2]), w: Number(m[3]), h: Number(m[4]) })
    }
  }
  return { pdf, lines, text: lines.join('\n'), rectangles, pageCount: pdf.getPageCount() }
}

function decoded(stream: PDFRawStream): string {
  return Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1')
}

function parseToUnicode(cmap: string): Map<string, string> {
  const map = new Map<string, string>()
  const unicode = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)))
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of (block[1] ?? '').matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set((m[1] ?? '').toUpperCase(), unicode(m[2] ?? ''))
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of (block[1] ?? '').matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const [from, to, start] = [parseInt(m[1] ?? '', 16), parseInt(m[2] ?? '', 16), parseInt(m[3] ?? '', 16)]
      for (let code = from; code <= to; code++) map.set(code.toString(16).toUpperCase().padStart(4, '0'), String.fromCharCode(start + code - from))
    }
  }
  return map
}

function decode(hex: string, cmap: Map<string, string>): string {
  return (hex.toUpperCase().match(/.{4}/g) ?? []).map((code) => cmap.get(code) ?? '\uFFFD').join('')
}
