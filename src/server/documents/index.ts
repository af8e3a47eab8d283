/** Policy documents (decision 50): rendering, the products' document bodies, storage, verification codes. */
export { plainPolicyDocument } from './plain-document'
export { brokerDetailsOf, embedDocumentFonts, wrap, renderPolicyPdf, verificationUrl, type BrokerDetails, type Face, type DocumentField, type DocumentSection, type PolicyDocument } from './pdf'
export { coverPeriod, documentFormat, documentSection, holderName, periodRow, premiumRow, productPolicyDocument, type DocumentBody, type DocumentFormat, type DocumentRow, type IssuedPolicyFacts, type ProductDocument } from './product-document'
export { createDatabaseDocumentStore, createDocumentStore, createFileDocumentStore, createMemoryDocumentStore, documentStoreKind, type DocumentStore } from './store'
export { qrRuns, qrSvg, type QrRun, type QrSvg } from '~/contract/qr'
export { createVerificationCode, isVerificationCode } from './verification'
