import type { HandlersOf } from '../../http/handlers.js';
import { signedCopyByLink } from '../core/signedCopy.js';
import { signedRequestDocument, signedRequestDocuments } from './signedDocuments.service.js';

// Public, like the signing pages: the token in the body or the query is the credential.
export const signedDocumentsHandlers: HandlersOf<
  'signedRequestDocuments' | 'downloadSignedRequestDocument' | 'downloadSignedCopy'
> = {
  signedRequestDocuments: async ({ deps, body }) => ({
    data: await signedRequestDocuments(deps, body.token),
  }),
  downloadSignedRequestDocument: async ({ deps, query, ip, userAgent }) => ({
    file: await signedRequestDocument(deps, {
      token: query.token,
      documentId: query.document_id,
      ip,
      userAgent,
    }),
  }),
  downloadSignedCopy: async ({ deps, query, ip, userAgent }) => ({
    file: await signedCopyByLink(deps, { token: query.token, ip, userAgent }),
  }),
};
