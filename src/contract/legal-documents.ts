import { z } from 'zod'

/**
 * The documents a buyer receives and accepts before paying: each insurer's product information
 * document (`ipid`) and general conditions, and the broker's information notice. A document is
 * named by its kind, who publishes it and its edition: `ipid:groupama:2026-03-01`,
 * `broker_notice:broker:2026-11-28`. An order lists the ids the buyer accepted.
 */
export const LEGAL_DOCUMENT_KINDS = ['ipid', 'general_conditions', 'broker_notice'] as const
export const LegalDocumentKind = z.enum(LEGAL_DOCUMENT_KINDS)
export type LegalDocumentKind = z.infer<typeof LegalDocumentKind>
export const INSURER_DOCUMENT_KINDS = ['ipid', 'general_conditions'] as const satisfies readonly LegalDocumentKind[]
export type InsurerDocumentKind = (typeof INSURER_DOCUMENT_KINDS)[number]

/** Who publishes the broker's notice, in a document id. */
export const BROKER_ISSUER = 'broker'

export const documentId = (kind: LegalDocumentKind, issuer: string, version: string) => `${kind}:${issuer}:${version}`

/** A document as an offer links it and an order records it. */
export const LegalDocument = z.object({
  id: z.string(),
  kind: LegalDocumentKind,
  /** The insurer's code, or `broker`. */
  issuer: z.string(),
  /** The edition (a date for the sandbox insurers and the notice). */
  version: z.string(),
  /** Where to read it: the PDF (API path) for an insurer's, the page for the notice. */
  url: z.string(),
})
export type LegalDocument = z.infer<typeof LegalDocument>

/** `POST /orders`: the ids of every document of the offers bought, as the checkout showed them. */
export const AcceptedDocuments = z
  .array(z.string({ error: 'documents_acceptance_required' }).max(120, 'documents_version_stale'), { error: 'documents_acceptance_required' })
  .min(1, 'documents_acceptance_required')
  .max(12, 'documents_version_stale')
