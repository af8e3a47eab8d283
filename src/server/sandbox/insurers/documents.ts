/**
 * What each sandbox insurer publishes per insurance product, as an insurer's site does: its
 * general conditions and the product information document (IPID, the standard format of
 * Regulation (EU) 2017/1469 that Legea 236/2018 asks to be handed over before a contract). Each
 * has an edition (its date, the version a buyer accepts) and is served as a PDF in Romanian, as a
 * Romanian insurer's would be. The vignette issuers sell no insurance and publish neither.
 */
import { createHash } from 'node:crypto'
import { PDFDocument, rgb } from 'pdf-lib'
import { embedDocumentFonts, wrap } from '~/server/documents'
import { otherProductInsurers } from '~/server/products/insurers-data'
import { rcaInsurers } from '~/server/products/rca/insurers'
import type { SandboxDocument } from '~/server/insurers/sandbox-protocol'
import { INSURER_DOCUMENT_KINDS, type InsurerDocumentKind } from '~/contract/legal-documents'

/** The insurance products and what their documents say they cover, in the insurers' own Romanian. */
const insuranceProducts: Record<string, { name: string; covers: string; excludes: string; where: string }> = {
  rca: {
    name: 'Asigurarea obligatorie de răspundere civilă auto (RCA)',
    covers: 'Prejudiciile materiale și vătămările corporale produse terților prin accidente de vehicul, în limitele stabilite de Legea 132/2017.',
    excludes: 'Avariile propriului vehicul, prejudiciile produse cu intenție și cele produse de un conducător fără permis, peste limitele legale.',
    where: 'În România și în statele sistemului Carte Verde.',
  },
  travel: {
    name: 'Asigurarea medicală pentru călătorii în străinătate',
    covers: 'Cheltuielile medicale de urgență, spitalizarea, repatrierea și, dacă sunt alese, bagajele, sporturile și anularea călătoriei.',
    excludes: 'Afecțiunile cronice cunoscute înainte de plecare, tratamentele planificate, sporturile neincluse în poliță.',
    where: 'În zona geografică aleasă, pe durata călătoriei.',
  },
  'house-insurance': {
    name: 'Asigurarea locuinței',
    covers: 'Clădirea și, dacă sunt alese, bunurile și răspunderea civilă, împotriva riscurilor numite în poliță (PAD: cutremur, alunecări de teren, inundații).',
    excludes: 'Uzura, defectele de construcție cunoscute, pagubele produse cu intenție, bunurile neinventariate peste limitele poliței.',
    where: 'La adresa din poliță.',
  },
}

const insurerNames = new Map<string, string>([...rcaInsurers, ...otherProductInsurers].map((insurer) => [insurer.code, insurer.name]))

/** The edition of an insurer's document: a date in 2026, its own per insurer and product. */
function editionOf(insurer: string, product: string, kind: InsurerDocumentKind): string {
  const month = 1 + (createHash('sha256').update(`${insurer}/${product}/${kind}`).digest()[0]! % 10)
  return `2026-${String(month).padStart(2, '0')}-01`
}

/** The documents `insurer` publishes for `product` (none for a product that is not insurance), their URLs relative to the insurer's base. */
export function publishedDocuments(insurer: string, product: string): Array<Omit<SandboxDocument, 'url'> & { path: string }> {
  if (!Object.hasOwn(insuranceProducts, product)) return []
  return INSURER_DOCUMENT_KINDS.map((kind) => {
    const version = editionOf(insurer, product, kind)
    return { kind, version, path: `documents/${product}/${kind}-${version}.pdf` }
  })
}

/** The current edition of one document as a PDF; undefined when the insurer publishes no such edition. */
export async function documentPdf(insurer: string, product: string, file: string): Promise<Uint8Array | undefined> {
  const published = publishedDocuments(insurer, product).find((document) => document.path === `documents/${product}/${file}`)
  const about = insuranceProducts[product]
  if (!published || !about) return undefined
  const insurerName = insurerNames.get(insurer) ?? insurer
  const title = published.kind === 'ipid' ? 'Document de informare privind produsul de asigurare (IPID)' : 'Condiții generale de asigurare'
  const sections: Array<[string, string]> =
    published.kind === 'ipid'
      ? [
          ['Ce tip de asigurare este aceasta?', about.name],
          ['Ce se asigură?', about.covers],
          ['Ce nu se asigură?', about.excludes],
          ['Unde beneficiez de acoperire?', about.where],
          ['Care sunt obligațiile mele?', 'Să declarați corect datele cerute, să plătiți prima și să anunțați evenimentul asigurat în termenul din condițiile generale.'],
          ['Când începe și când încetează acoperirea?', 'La data de început din poliță, după plata primei, până la data de sfârșit din poliță.'],
          ['Cum pot să reziliez contractul?', 'În scris, în condițiile legii; pentru contractele la distanță, în 14 zile, cu excepția celor deja începute.'],
          ['Informații complete', 'Informațiile precontractuale și contractuale complete sunt furnizate în alte documente (condițiile generale și polița).'],
        ]
      : [
          ['Art. 1 Obiectul asigurării', about.covers],
          ['Art. 2 Excluderi', about.excludes],
          ['Art. 3 Teritorialitate', about.where],
          ['Art. 4 Prima de asigurare', 'Prima se plătește integral la încheierea contractului; polița intră în vigoare la data de început, după plată.'],
          ['Art. 5 Despăgubiri', 'Evenimentul se anunță asigurătorului în cel mult 5 zile lucrătoare; despăgubirea se plătește în termenele legale, pe baza documentelor cerute.'],
          ['Art. 6 Reclamații și litigii', 'Reclamațiile se adresează asigurătorului, apoi ASF sau SAL-Fin; litigiile se soluționează de instanțele din România.'],
          ['Art. 7 Legea aplicabilă', 'Contractului i se aplică legea română, inclusiv Legea 237/2015 și Legea 236/2018.'],
        ]

  const pdf = await PDFDocument.create()
  const { regular, bold } = await embedDocumentFonts(pdf)
  pdf.setTitle(`${title} – ${about.name}`)
  pdf.setAuthor(insurerName)
  pdf.setLanguage('ro-RO')
  pdf.setCreationDate(new Date(`${published.version}T00:00:00Z`))
  const width = 595.28
  const height = 841.89
  const margin = 56
  let page = pdf.addPage([width, height])
  let y = height - margin
  const line = (text: string, size: number, face = regular, gap = 4) => {
    const { font } = face
    for (const part of wrap(text, face, size, width - margin * 2)) {
      if (y < margin + size) {
        page = pdf.addPage([width, height])
        y = height - margin
      }
      page.drawText(part, { x: margin, y, size, font, color: rgb(0.1, 0.12, 0.16) })
      y -= size + gap
    }
  }
  line(insurerName, 12, bold)
  line(title, 16, bold)
  line(about.name, 11)
  line(`Ediția din ${published.version.split('-').reverse().join('.')}`, 9, regular, 14)
  for (const [heading, text] of sections) {
    line(heading, 11, bold)
    line(text, 10, regular, 10)
  }
  return pdf.save()
}
