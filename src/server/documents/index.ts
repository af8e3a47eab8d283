/** Policy documents (decision 50): rendering, the products' document bodies, storage, verification codes. */
export { plainDocumentLabels } from './labels'
export { brokerDetailsOf, embedDocumentFonts, wrap, renderPolicyPdf, verificationUrl, type BrokerDetails, type DocumentField, type DocumentSection, type PolicyDocument } from './pdf'
export { documentFormat, formatMoney, holderName, productPolicyDocument, type DocumentBody, type DocumentFormat, type IssuedPolicyFacts, type ProductDocument } from './product-document'
export { createDatabaseDocumentStore, createDocumentStore, createFileDocumentStore, createMemoryDocumentStore, documentStoreKind, type DocumentStore } from './store'
export { qrRuns, qrSvg, type QrRun, type QrSvg } from '~/contract/qr'
export { createVerificationCode, isVerificationCode } from './verification'
