import type { HandlersOf } from '../../http/handlers.js';
import { validateByCode, validateUploadedPdf } from './validation.service.js';

export const validationHandlers: HandlersOf<'validateCertificateCode' | 'validateCertificatePdf'> = {
  validateCertificateCode: async ({ deps, body }) => ({ data: await validateByCode(deps, body) }),
  validateCertificatePdf: async ({ deps, body }) => ({ data: await validateUploadedPdf(deps, body) }),
};
