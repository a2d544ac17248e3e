import type { HandlersOf } from '../../http/handlers.js';
import {
  AUTH_MESSAGES,
  closeSignerAuthentication,
  sendSignerCode,
  validateSignerCode,
} from './authentication.service.js';
import { countFaces, saveSelfie, saveSignatureImage } from './images.service.js';
import { rejectRequest, signMultiple, signRequest } from './sign.service.js';
import { browserSession, SIGNING_MESSAGES } from './signer.js';
import { markOpened, signerOverview, signingView } from './view.service.js';

type SigningEndpoints =
  | 'verifyTokenSignRequest'
  | 'verifyTokenUser'
  | 'sendNotificationAttemptOpenDocument'
  | 'signerSendCode'
  | 'resendCode'
  | 'validateCode'
  | 'updatedCodeAsUsed'
  | 'detectFace'
  | 'uploadPhotosLogs'
  | 'uploadSignImages'
  | 'doSignRequest'
  | 'doRejectSignRequest'
  | 'doSignRequestMultiple';

/** The session header is optional where it only says whether the page is already authenticated. */
const optionalSession = (headers: Record<string, string | string[] | undefined>) =>
  headers['x-signing-session'] ? browserSession(headers) : null;

// Public endpoints: the route layer never reads a bearer token for them, so an administrator
// impersonating a user is just an anonymous browser here and can act on no signer's behalf.
export const signingHandlers: HandlersOf<SigningEndpoints> = {
  verifyTokenSignRequest: async ({ deps, body, request }) => ({
    data: await signingView(deps, body.token, optionalSession(request.headers)),
  }),
  verifyTokenUser: async ({ deps, body, request }) => ({
    data: await signerOverview(deps, body.token, optionalSession(request.headers)),
  }),
  sendNotificationAttemptOpenDocument: async ({ deps, body, ip, userAgent }) => ({
    data: await markOpened(deps, { token: body.token, ip, userAgent }),
  }),
  signerSendCode: async ({ deps, body, request, ip, userAgent }) => {
    const data = await sendSignerCode(deps, {
      ...body,
      sessionId: browserSession(request.headers),
      ip,
      userAgent,
    });
    return { data, message: AUTH_MESSAGES.sent(data.sent_to) };
  },
  resendCode: async ({ deps, body, request, ip, userAgent }) => {
    const data = await sendSignerCode(deps, {
      ...body,
      sessionId: browserSession(request.headers),
      ip,
      userAgent,
    });
    return { data, message: AUTH_MESSAGES.sent(data.sent_to) };
  },
  validateCode: async ({ deps, body, request, ip, userAgent }) => ({
    data: await validateSignerCode(deps, {
      ...body,
      sessionId: browserSession(request.headers),
      ip,
      userAgent,
    }),
    message: AUTH_MESSAGES.validated,
  }),
  updatedCodeAsUsed: async ({ deps, body, request }) => {
    await closeSignerAuthentication(deps, { token: body.token, sessionId: browserSession(request.headers) });
    return { data: {}, message: AUTH_MESSAGES.closed };
  },
  detectFace: async ({ deps, body, ip, userAgent }) => ({
    data: await countFaces(deps, { ...body, ip, userAgent }),
  }),
  uploadPhotosLogs: async ({ deps, body, ip, userAgent }) => ({
    data: await saveSelfie(deps, { ...body, ip, userAgent }),
  }),
  uploadSignImages: async ({ deps, body, ip, userAgent }) => ({
    data: await saveSignatureImage(deps, { ...body, ip, userAgent }),
  }),
  doSignRequest: async ({ deps, body, request, ip, userAgent }) => ({
    data: await signRequest(deps, body.token, {
      sessionId: browserSession(request.headers),
      consentVersion: body.consent_version,
      signature: body.signature,
      fieldValues: body.field_values,
      ip,
      userAgent,
    }),
    message: SIGNING_MESSAGES.signed,
  }),
  doRejectSignRequest: async ({ deps, body, ip, userAgent }) => ({
    data: await rejectRequest(deps, { token: body.token, reason: body.reason, ip, userAgent }),
    message: SIGNING_MESSAGES.rejectedDone,
  }),
  doSignRequestMultiple: async ({ deps, body, request, ip, userAgent }) => ({
    data: await signMultiple(deps, body.token, body.request_ids, {
      sessionId: browserSession(request.headers),
      consentVersion: body.consent_version,
      signature: body.signature,
      ip,
      userAgent,
    }),
    message: SIGNING_MESSAGES.signed,
  }),
};
