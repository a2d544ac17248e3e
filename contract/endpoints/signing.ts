import { z } from 'zod';
import { endpoint } from '../define.js';
import { base64Upload, otpCode } from '../schemas.js';

/**
 * The signer's public endpoints (SPEC §7.2, "Signature requests"): the link's token travels in
 * the body; the browser session that asked for a code travels in the `x-signing-session` header.
 * Every one is POST; the ones that only read are marked `readOnly` and change nothing.
 */

const area = 'Signature requests';
const signingLimit = { bucket: 'signing-ip', max: 300, windowSeconds: 600 } as const;
const codeLimit = { bucket: 'signing-code-ip', max: 40, windowSeconds: 600 } as const;

/** Shape checked by the service (a malformed token is answered 404, like an unknown one). */
const token = z.string().max(200);
const tokenBody = z.object({ token });

export const SIGNING_IMAGE_LIMITS = { maxBytes: 3 * 1024 * 1024 } as const;
const imageUpload = base64Upload(SIGNING_IMAGE_LIMITS.maxBytes, {
  tooLarge: 'La imagen supera 3 MB',
  base64: 'La imagen no es válida',
});
const image = imageUpload.content_base64;

export const otpChannel = z.enum(['email', 'sms', 'whatsapp']);

const fieldBox = z.object({
  field: z.string(),
  kind: z.string(),
  page: z.number(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});

export const signingDocument = z.object({
  id: z.number(),
  name: z.string(),
  page_count: z.number(),
  /** Each page as a standalone SVG, exactly the bytes that will be sealed. */
  pages: z.array(z.object({ width: z.number(), height: z.number(), svg: z.string() })),
  /** The boxes this signer fills. */
  boxes: z.array(fieldBox),
});

const signerSummary = z.object({
  name: z.string(),
  status: z.string(),
  /** OTP channels and selfie asked of this signer. */
  authentication: z.array(z.string()),
  /** Masked e-mail and phone, to choose where the code goes. */
  email: z.string(),
  phone: z.string().nullable(),
  /** The browser session already passed the required authentication. */
  authenticated: z.boolean(),
  /** Five wrong codes in this link's round: no code is sent or checked until the sender resends. */
  code_locked: z.boolean(),
  channels: z.array(otpChannel),
});

const pendingRequest = z.object({
  request_id: z.number(),
  title: z.string(),
  company: z.string(),
  documents: z.array(z.object({ id: z.number(), name: z.string(), page_count: z.number() })),
});

const signature = z.discriminatedUnion('kind', [
  /** The image stored by upload_sign_images (drawn on the page or uploaded). */
  z.object({ kind: z.enum(['drawn', 'uploaded']) }),
  z.object({ kind: z.literal('typed'), text: z.string().trim().min(2).max(80) }),
]);

const consentVersion = z.string().trim().min(1).max(40);
const fieldValues = z.record(z.string().max(100), z.string().max(2000)).optional();

export const signing = {
  verifyTokenSignRequest: endpoint({
    method: 'POST',
    path: 'verify_token_sign_request',
    summary:
      'Lo que el firmante del enlace debe ver y hacer: documentos página por página, sus campos, el consentimiento, la autenticación pedida y si es su turno.',
    area,
    scope: 'public',
    permissions: [],
    body: tokenBody,
    reply: z.object({
      request_id: z.number(),
      title: z.string(),
      message: z.string().nullable(),
      company: z.string(),
      status: z.string(),
      expires_at: z.string(),
      your_turn: z.boolean(),
      signer: signerSummary,
      documents: z.array(signingDocument),
      consent: z.object({ version: z.string(), text: z.string() }),
      rejection_reasons: z.array(z.string()),
      /**
       * Set when the company lets other origins frame its signing pages: the page tells its parent
       * window, when that window is of one of these origins, what happens (postMessage).
       */
      embedding: z.object({ origins: z.array(z.string()), signer_id: z.number() }).nullable(),
    }),
    rateLimit: signingLimit,
    readOnly: true,
    skipAudit: true,
  }),
  verifyTokenUser: endpoint({
    method: 'POST',
    path: 'verify_token_user',
    summary:
      'El firmante del enlace y las solicitudes pendientes con su correo en la misma empresa (para firmarlas juntas).',
    area,
    scope: 'public',
    permissions: [],
    body: tokenBody,
    reply: z.object({
      signer: signerSummary,
      company: z.string(),
      pending: z.array(pendingRequest),
      consent: z.object({ version: z.string(), text: z.string() }),
    }),
    rateLimit: signingLimit,
    readOnly: true,
    skipAudit: true,
  }),
  sendNotificationAttemptOpenDocument: endpoint({
    method: 'POST',
    path: 'send_notification_attempt_open_document',
    summary: 'Registra que el firmante abrió los documentos (la primera vez queda como visto).',
    area,
    scope: 'public',
    permissions: [],
    body: tokenBody,
    reply: z.object({ viewed_at: z.string() }),
    rateLimit: signingLimit,
    skipAudit: true,
  }),
  signerSendCode: endpoint({
    method: 'POST',
    path: 'send_code',
    summary: 'Envía un código de 6 dígitos por correo, SMS o WhatsApp, ligado a este navegador.',
    area,
    scope: 'public',
    permissions: [],
    body: z.object({ token, channel: otpChannel }),
    reply: z.object({ channel: otpChannel, sent_to: z.string(), expires_in_seconds: z.number() }),
    rateLimit: codeLimit,
    skipAudit: true,
  }),
  resendCode: endpoint({
    method: 'POST',
    path: 'resend_code',
    summary: 'Envía un código nuevo (el anterior deja de servir).',
    area,
    scope: 'public',
    permissions: [],
    body: z.object({ token, channel: otpChannel }),
    reply: z.object({ channel: otpChannel, sent_to: z.string(), expires_in_seconds: z.number() }),
    rateLimit: codeLimit,
    skipAudit: true,
  }),
  validateCode: endpoint({
    method: 'POST',
    path: 'validate_code',
    summary:
      'Comprueba el código en el navegador que lo pidió; 5 códigos errados (sumando todos los enviados al enlace) lo bloquean hasta que el remitente reenvíe la solicitud.',
    area,
    scope: 'public',
    permissions: [],
    body: z.object({ token, code: otpCode }),
    reply: z.object({ channel: otpChannel, sent_to: z.string() }),
    rateLimit: codeLimit,
    skipAudit: true,
  }),
  updatedCodeAsUsed: endpoint({
    method: 'POST',
    path: 'updated_code_as_used',
    summary: 'Da por terminada la autenticación de este navegador (el código validado ya no sirve).',
    area,
    scope: 'public',
    permissions: [],
    body: tokenBody,
    reply: z.object({}),
    rateLimit: signingLimit,
    skipAudit: true,
  }),
  detectFace: endpoint({
    method: 'POST',
    path: 'detect_face',
    summary: 'Cuenta los rostros de una foto (la selfie debe tener exactamente uno); no guarda nada.',
    area,
    scope: 'public',
    permissions: [],
    body: z.object({ token, image }),
    reply: z.object({ faces: z.number(), ok: z.boolean() }),
    rateLimit: codeLimit,
    readOnly: true,
    skipAudit: true,
  }),
  uploadPhotosLogs: endpoint({
    method: 'POST',
    path: 'upload_photos_logs',
    summary: 'Guarda la selfie (con el consentimiento expreso del firmante) y su SHA-256 como evidencia.',
    area,
    scope: 'public',
    permissions: [],
    body: z.object({ token, image, consent: z.literal(true) }),
    reply: z.object({ sha256: z.string() }),
    rateLimit: codeLimit,
    skipAudit: true,
  }),
  uploadSignImages: endpoint({
    method: 'POST',
    path: 'upload_sign_images',
    summary: 'Guarda la firma dibujada o cargada (PNG o JPEG; se vuelve a codificar sin metadatos).',
    area,
    scope: 'public',
    permissions: [],
    body: z.object({ token, image, kind: z.enum(['drawn', 'uploaded']) }),
    reply: z.object({ width: z.number(), height: z.number() }),
    rateLimit: signingLimit,
    skipAudit: true,
  }),
  doSignRequest: endpoint({
    method: 'POST',
    path: 'do_sign_request',
    summary:
      'Firma en su turno, tras la autenticación pedida en este navegador y con el consentimiento aceptado.',
    area,
    scope: 'public',
    permissions: [],
    body: z.object({ token, consent_version: consentVersion, signature, field_values: fieldValues }),
    reply: z.object({ status: z.string(), request_status: z.string() }),
    rateLimit: signingLimit,
    skipAudit: true,
  }),
  doRejectSignRequest: endpoint({
    method: 'POST',
    path: 'do_reject_sign_request',
    summary: 'Rechaza la solicitud con un motivo (de la lista de la empresa o escrito).',
    area,
    scope: 'public',
    permissions: [],
    body: z.object({ token, reason: z.string().trim().min(3).max(500) }),
    reply: z.object({ status: z.string() }),
    rateLimit: signingLimit,
    skipAudit: true,
  }),
  doSignRequestMultiple: endpoint({
    method: 'POST',
    path: 'do_sign_request_multiple',
    summary:
      'Firma de una vez las solicitudes pendientes del mismo correo en la misma empresa, con una sola autenticación.',
    area,
    scope: 'public',
    permissions: [],
    body: z.object({
      token,
      request_ids: z.array(z.number().int().positive()).min(1).max(100),
      consent_version: consentVersion,
      signature,
    }),
    reply: z.object({ signed: z.array(z.number()) }),
    rateLimit: signingLimit,
    notTenant: {
      request_ids: 'solo cuentan las solicitudes pendientes del firmante del enlace (público, por token)',
    },
    skipAudit: true,
  }),
} as const;
