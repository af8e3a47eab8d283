import { z } from 'zod'
import { BROKER_ISSUER, documentId, INSURER_DOCUMENT_KINDS, type InsurerDocumentKind, type LegalDocument } from '~/contract/legal-documents'

/**
 * The documents a buyer accepts before paying: the IPID and general conditions each insurer gave
 * with its price (kept in the offer's details under `documents`), and the broker's information
 * notice in force (`BROKER_NOTICE_VERSION`).
 */

/** Where an offer's details keep the insurer's documents. */
export const OFFER_DOCUMENTS_KEY = 'documents'

const StoredDocuments = z.array(z.object({ kind: z.enum(INSURER_DOCUMENT_KINDS), version: z.string(), url: z.string() }))

/** The insurer's documents an offer carries; none for an offer priced without them (a vignette, an older offer). */
export function insurerDocumentsOf(details: Record<string, unknown>): z.infer<typeof StoredDocuments> {
  const read = StoredDocuments.safeParse(details[OFFER_DOCUMENTS_KEY])
  return read.success ? read.data : []
}

/** The API path of an offer's document: read through the insurer's adapter, whatever host publishes it. */
export const offerDocumentPath = (offerId: string, kind: InsurerDocumentKind) => `/api/v1/offers/${offerId}/documents/${kind}`

/** The page of the broker's information notice. */
export const brokerNoticeUrl = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}/info/broker-notice`

/** Every document of an offer as the buyer sees and accepts it: the insurer's, then the broker's notice. */
export function offerDocuments(offer: { id: string; insurerCode: string; details: Record<string, unknown> }, notice: { version: string; publicUrl: string }): LegalDocument[] {
  return [
    ...insurerDocumentsOf(offer.details).map((document) => ({
      id: documentId(document.kind, offer.insurerCode, document.version),
      kind: document.kind,
      issuer: offer.insurerCode,
      version: document.version,
      url: offerDocumentPath(offer.id, document.kind),
    })),
    { id: documentId('broker_notice', BROKER_ISSUER, notice.version), kind: 'broker_notice', issuer: BROKER_ISSUER, version: notice.version, url: brokerNoticeUrl(notice.publicUrl) },
  ]
}

/**
 * What is wrong with the documents a buyer says they accepted for these offers: `missing` when
 * one is not among them (or nothing was sent), `stale` when one names an edition that is not the
 * current one; undefined when they are exactly the current ones.
 */
export function acceptanceProblem(required: LegalDocument[], accepted: readonly string[] | undefined): 'documents_acceptance_required' | 'documents_version_stale' | undefined {
  if (!accepted || accepted.length === 0) return 'documents_acceptance_required'
  const current = new Set(required.map((d) => d.id))
  if (accepted.some((id) => !current.has(id))) return 'documents_version_stale'
  const given = new Set(accepted)
  return required.every((d) => given.has(d.id)) ? undefined : 'documents_acceptance_required'
}

/** The documents of several offers, each once (a bundle's offers share the broker's notice). */
export function uniqueDocuments(lists: LegalDocument[][]): LegalDocument[] {
  const seen = new Map<string, LegalDocument>()
  for (const document of lists.flat()) if (!seen.has(document.id)) seen.set(document.id, document)
  return [...seen.values()]
}
