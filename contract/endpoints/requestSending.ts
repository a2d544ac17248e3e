import { z } from 'zod';
import { deadline } from '../deadline.js';
import { endpoint } from '../define.js';
import { identificationTypeCode } from '../identificationTypes.js';
import { ownedTable } from '../owners.js';
import { documentText, email, id } from '../schemas.js';
import { VALIDATION_MESSAGES, withoutControlCharacters } from '../validation.js';
import {
  authenticationOption,
  signerAuthentication,
  signerKind,
  signerRoleRecord,
  signingOrder,
} from './documentGroups.js';
import { mergeValues, renderedPdf } from './documents.js';
import { signerLinks } from './embedding.js';
import { templateField } from './templateFields.js';

/**
 * Sending a signature request from a document group (the single request screen and the company
 * API): the groups the caller may send, the form of one, a preview of the exact PDFs, the send
 * itself, the signers the caller sent to before, and a request's status for API clients.
 */

const area = 'Signature requests';

export const ownedTables = {
  signatureRequest: ownedTable({
    table: 'signature_requests',
    owner: 'company_id',
    sample: {
      source: 'single',
      title: 'Solicitud ajena',
      expires_at: '2099-12-31T00:00:00Z',
      validation_code: 'ZZZZ-ZZZZ-ZZZZ',
    },
  }),
};

export const SENDING_MESSAGES = {
  sent: 'Solicitud de firma enviada',
  phoneRequired: 'Indique el celular del firmante para enviarle el código por SMS o WhatsApp',
  repeatedSigner: 'Cada firmante debe tener un número distinto',
  repeatedAuthentication: 'No repita un método de autenticación',
  expiresTooLate: 'La fecha de vencimiento no puede pasar de un año',
  messageTooLong: 'El mensaje admite hasta 2000 caracteres',
  repeated: 'Esta solicitud ya se había enviado; no se creó otra',
  idempotencyKey: 'La clave de idempotencia admite letras, números, «-» y «_» (de 16 a 100)',
  idempotencyKeyReused: (requestId: number) =>
    `Esta clave de idempotencia ya envió la solicitud n.º ${requestId} con otros datos; use una clave nueva para otra solicitud`,
  idempotencyKeyExpired: (requestId: number) =>
    `Esta clave de idempotencia envió la solicitud n.º ${requestId} hace más de 24 horas; use una clave nueva`,
} as const;

/**
 * A send repeated with the same idempotency key within these hours (a double click, a retry after
 * a lost reply) returns the request it first made instead of making another.
 */
export const IDEMPOTENCY_WINDOW_HOURS = 24;

/** One per submission: the form makes a new one for each request it sends; an API client, likewise. */
export const idempotencyKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,100}$/, { message: SENDING_MESSAGES.idempotencyKey });

/** The longest a request may stay open, in days. */
export const MAX_EXPIRY_DAYS = 365;

/** Optional text a document shows (an empty string counts as absent). */
const optionalDocumentText = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    documentText(max).optional(),
  );

/** One person of the request, as the sender gives them (their kind comes from the group's role). */
export const requestSignerInput = z
  .object({
    number: z.coerce.number().int().min(1).max(50),
    name: documentText(150),
    email,
    phone: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z
        .string()
        .trim()
        .regex(/^\+?[0-9][0-9 ]{6,19}$/, {
          message: 'Ingrese un celular válido (7 a 15 dígitos, con + opcional)',
        })
        .optional(),
    ),
    /** A code of the identification types' list (CC, CE, NIT, …), as the bulk sheet offers it. */
    id_type: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      identificationTypeCode.optional(),
    ),
    id_number: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9-]{3,20}$/, { message: 'Ingrese un número de identificación válido' })
        .optional(),
    ),
    /** Only for groups without signer roles; a role's kind wins otherwise. */
    kind: signerKind.optional(),
    /** Absent: the group's role's methods. Each must be enabled for the company. */
    authentication: z.array(signerAuthentication).max(4).optional(),
  })
  .refine((signer) => new Set(signer.authentication ?? []).size === (signer.authentication ?? []).length, {
    message: SENDING_MESSAGES.repeatedAuthentication,
    path: ['authentication'],
  })
  .refine(
    (signer) =>
      signer.phone !== undefined ||
      !(signer.authentication ?? []).some((method) => method === 'sms_otp' || method === 'whatsapp_otp'),
    { message: SENDING_MESSAGES.phoneRequired, path: ['phone'] },
  );
export type RequestSignerInput = z.output<typeof requestSignerInput>;

const reminderDays = z.preprocess(
  (value) => (value === '' ? null : value),
  z.coerce.number().int().min(1).max(60).nullable(),
);

/** What the sender fills: shared by the screen's form and the server. */
export const signatureRequestInput = z.object({
  document_package_id: id,
  /** Shown to signers and in the history; the group's name when absent. */
  title: optionalDocumentText(200),
  values: mergeValues,
  signers: z
    .array(requestSignerInput)
    .min(1)
    .max(50)
    .refine((signers) => new Set(signers.map((signer) => signer.number)).size === signers.length, {
      message: SENDING_MESSAGES.repeatedSigner,
    }),
  /** Absent: the group's order. */
  signing_order: signingOrder.optional(),
  /** The last day to sign (open until 23:59:59 COT) or an exact date-time; absent: the group's expiry days. */
  expires_at: deadline.optional(),
  /** Days between reminders; null: none; absent: the group's. */
  reminder_days: reminderDays.optional(),
  message: z
    .string()
    .trim()
    .max(2000, { message: SENDING_MESSAGES.messageTooLong })
    .refine((text) => withoutControlCharacters(text, true), { message: VALIDATION_MESSAGES.controlCharacter })
    .optional(),
  /**
   * Stored with the request: the same key again within IDEMPOTENCY_WINDOW_HOURS returns that
   * request (`repeated: true`) and sends nothing; with other data, or later, it is refused (409).
   */
  idempotency_key: idempotencyKey.optional(),
});
export type SignatureRequestInput = z.output<typeof signatureRequestInput>;

export const sendablePackage = z.object({
  id: z.number(),
  name: z.string(),
  folder_name: z.string(),
  document_count: z.number(),
  signer_count: z.number(),
});

/** The form of a group: the fields the sender fills, its signers and what the company allows. */
export const requestForm = z.object({
  id: z.number(),
  company_id: z.number(),
  name: z.string(),
  signing_order: signingOrder,
  expiry_days: z.number(),
  reminder_days: z.number().nullable(),
  documents: z.array(z.object({ name: z.string(), kind: z.enum(['template', 'pdf']) })),
  /** Fields the sender fills (filled by 0), once per name, in document order. */
  fields: z.array(templateField),
  signer_roles: z.array(signerRoleRecord),
  authentications: z.array(authenticationOption),
  /** The company may choose a sequential order / automatic reminders. */
  signing_order_enabled: z.boolean(),
  reminders_enabled: z.boolean(),
});

export const requestPreview = z.object({
  documents: z.array(
    z.object({
      name: z.string(),
      kind: z.enum(['template', 'pdf']),
      page_count: z.number(),
      sha256: z.string(),
      pdf_base64: z.string(),
      /** Template documents: one SVG per page. */
      svg_pages: z.array(z.string()).optional(),
      missing_fields: z.array(z.string()),
      field_boxes: renderedPdf.shape.field_boxes,
    }),
  ),
});

export const userSigner = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  id_type: z.string().nullable(),
  id_number: z.string().nullable(),
  /** previous: someone the caller sent a request to; user: a user of the company. */
  source: z.enum(['previous', 'user']),
});

export const requestStatus = z.object({
  id: z.number(),
  company_id: z.number(),
  title: z.string(),
  status: z.enum(['in_progress', 'completed', 'rejected', 'cancelled', 'expired']),
  signing_order: signingOrder,
  created_at: z.string(),
  expires_at: z.string(),
  completed_at: z.string().nullable(),
  signers: z.array(
    z.object({
      number: z.number(),
      kind: signerKind,
      name: z.string(),
      email: z.string(),
      turn: z.number(),
      status: z.enum(['waiting', 'invited', 'viewed', 'signed', 'rejected']),
      signed_at: z.string().nullable(),
    }),
  ),
  documents: z.array(z.object({ name: z.string(), page_count: z.number(), sealed: z.boolean() })),
});

const send = ['signature_request.create'] as const;
const ownsPackageInBody = [
  { entity: 'documentPackage', from: 'body', field: 'document_package_id' },
] as const;

export const requestSending = {
  listSendablePackages: endpoint({
    method: 'GET',
    path: 'signature_request_packages/{companyId}',
    summary:
      'Grupos de documentos activos que el usuario puede usar para enviar solicitudes (permisos de carpeta).',
    area,
    scope: 'company',
    permissions: send,
    params: z.object({ companyId: id }),
    query: z.object({ search: z.string().trim().max(200).optional() }),
    reply: z.array(sendablePackage),
    owns: [{ entity: 'company', from: 'params', field: 'companyId' }],
    apiKey: true,
  }),
  getRequestForm: endpoint({
    method: 'GET',
    path: 'signature_request_form/{documentPackageId}',
    summary:
      'Formulario de envío de un grupo: campos que llena el remitente, firmantes y opciones habilitadas.',
    area,
    scope: 'company',
    permissions: send,
    params: z.object({ documentPackageId: id }),
    reply: requestForm,
    owns: [{ entity: 'documentPackage', from: 'params', field: 'documentPackageId' }],
    apiKey: true,
  }),
  previewSignatureRequest: endpoint({
    method: 'POST',
    path: 'preview_signature_request',
    summary:
      'Los PDF exactos que se firmarían con los valores dados (validados por tipo de campo), con sus páginas en SVG.',
    area,
    scope: 'company',
    permissions: send,
    body: z.object({ document_package_id: id, values: mergeValues, pages: z.boolean().default(true) }),
    reply: requestPreview,
    owns: ownsPackageInBody,
    readOnly: true,
    skipAudit: true,
    example: { body: { document_package_id: 1, values: {} } },
  }),
  processSignatureRequest: endpoint({
    method: 'POST',
    path: 'process_signature_request',
    summary:
      'Envía una solicitud de firma de un grupo: valores, firmantes, orden, autenticación, vencimiento y recordatorios; consume una unidad del paquete por firmante (409 sin unidades). Con `idempotency_key`, repetir el envío en 24 horas devuelve la solicitud ya creada (`repeated`).',
    area: 'Plans',
    scope: 'company',
    idempotent: true,
    permissions: send,
    body: signatureRequestInput,
    /** repeated: the idempotency key had already sent this request; nothing new was sent. */
    reply: z.object({ request_id: z.number(), repeated: z.boolean(), signerLinks }),
    owns: ownsPackageInBody,
    example: {
      body: {
        document_package_id: 1,
        values: {},
        signers: [{ number: 1, name: 'Ana Pérez', email: 'ana@correo.test' }],
      },
      reply: {
        request_id: 345,
        repeated: false,
        signerLinks: [
          {
            signerId: 901,
            email: 'ana@correo.test',
            name: 'Ana Pérez',
            url: 'https://rubrica.example.co/signature-request/kT3v…',
          },
        ],
      },
    },
    apiKey: true,
  }),
  getUserSigners: endpoint({
    method: 'POST',
    path: 'get_user_signers',
    summary: 'Personas a quienes el usuario ya envió solicitudes y usuarios de la empresa, con búsqueda.',
    area,
    scope: 'company',
    permissions: send,
    body: z.object({
      company_id: id,
      search: z.string().trim().max(150).optional(),
      limit: z.coerce.number().int().min(1).max(50).default(20),
    }),
    reply: z.array(userSigner),
    owns: [{ entity: 'company', from: 'body', field: 'company_id' }],
    readOnly: true,
    skipAudit: true,
    example: { body: { company_id: 1 } },
  }),
  getSignatureRequestStatus: endpoint({
    method: 'GET',
    path: 'signature_request_status/{id}',
    summary: 'Estado de una solicitud de firma y de cada firmante.',
    area,
    scope: 'company',
    permissions: ['signature_request.list', 'signer.list'],
    params: z.object({ id }),
    reply: requestStatus,
    owns: [{ entity: 'signatureRequest', from: 'params', field: 'id' }],
    apiKey: true,
  }),
} as const;
