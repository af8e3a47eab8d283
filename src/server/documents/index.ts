/** Policy documents (decision 50): rendering, product builders, storage, verification codes. */
export { brokerDetailsOf, renderPolicyPdf, verificationUrl, type BrokerDetails, type DocumentField, type DocumentSection, type PolicyDocument } from './pdf'
export { formatMoney, maskCnp, rcaPolicyDocument, type RcaPolicyFacts } from './rca'
export { createDatabaseDocumentStore, createDocumentStore, createFileDocumentStore, createMemoryDocumentStore, documentStoreKind, type DocumentStore } from './store'
export { qrRuns, qrSvg, type QrRun, type QrSvg } from '~/contract/qr'
export { createVerificationCode, isVerificationCode } from './verification'
