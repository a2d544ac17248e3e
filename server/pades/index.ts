/**
 * Sealing and validation of PDFs (PAdES B-T with RFC 3161 timestamps) and the hash-chained audit
 * log. No Fastify here: routes and jobs call these functions.
 */
export { type AuditEntry, type AuditInput, chainEntry, verifyAuditChain } from './audit-chain.js';
export type { SigningIdentity } from './cms.js';
export {
  type CertificateSigner,
  type CompletionCertificateInput,
  renderCompletionCertificate,
} from './completion-certificate.js';
export { loadPkcs12, Pkcs12Error } from './pkcs12.js';
export {
  PendingSealError,
  type SealDocumentInput,
  type SealedDocument,
  sealDocument,
} from './seal-document.js';
export { hasSignature, SealError, sealPdf } from './seal-pdf.js';
export { type Stamp, type StampBox, type StampValue, stampPdf } from './stamp.js';
export { respondToTimestampRequest, timestampHttpHandler } from './timestamp-authority.js';
export {
  httpTimestamper,
  localTimestamper,
  TimestampError,
  type Timestamper,
  timestamperFor,
  verifyTimestampToken,
} from './timestamp-client.js';
export { loadOrCreateTrust, type PlatformTrust, type TrustConfig, type ValidationTrust } from './trust.js';
export { trustConfigFrom } from './trust-config.js';
export {
  type SignatureVerdict,
  type ValidationStatus,
  type Verdict,
  validateSealedPdf,
} from './validate-pdf.js';
export { newValidationCode, normaliseValidationCode, validationUrl } from './validation-code.js';
