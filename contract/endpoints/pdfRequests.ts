import { z } from 'zod';
import { endpoint } from '../define.js';
import { featureKey } from '../features.js';
import { ownedTable } from '../owners.js';
import {
  base64Upload,
  documentText,
  email,
  id,
  itemsPerPage,
  nonEmpty,
  page,
  paginated,
} from '../schemas.js';
import { signerAuthentication } from './documentGroups.js';
import { signerLinks } from './embedding.js';

const area = 'PDF';

export const ownedTables = {
  pdfTemplate: ownedTable({
    table: 'pdf_templates',
    owner: 'company_id',
    sample: {
      name: 'Ajeno.pdf',
      file_key: 'ajeno.pdf',
      sha256: '0'.repeat(64),
      page_count: 1,
      pages: '[{"width":595,"height":842}]',
    },
  }),
};

export const PDF_REQUEST_MESSAGES = {
  tooLarge: 'El PDF no puede superar 7 MB',
  base64: 'El contenido del archivo debe venir en base64',
  duplicateField: 'Cada campo debe tener un nombre distinto',
  duplicateSigner: 'Cada firmante debe tener un número distinto',
  unknownSigner: 'El campo está asignado a un firmante que no existe',
  fieldName: 'Use letras, números y guiones bajos (máximo 60), empezando por una letra',
  duplicateUpload: 'Cada PDF debe aparecer una sola vez',
  phoneRequired: 'Indique el celular del firmante para enviarle el código por SMS o WhatsApp',
} as const;

/** The PDF editor's field kinds: the template kinds plus text, checkbox and date. */
export const PDF_FIELD_KINDS = ['signature', 'initials', 'signing_date', 'text', 'checkbox', 'date'] as const;
export const pdfFieldKind = z.enum(PDF_FIELD_KINDS);

/** Largest PDF to sign, in bytes after decoding (the JSON body limit is 10 MB). */
export const PDF_TEMPLATE_MAX_BYTES = 7 * 1024 * 1024;
/** Smallest box a signer can hit (points). */
export const MIN_FIELD_SIZE = 8;
export const MAX_PDF_SIGNERS = 20;
export const MAX_PDF_FIELDS = 200;
/** Files of one bulk PDF send. */
export const MAX_BULK_PDF_FILES = 50;

const points = z.number().finite().min(0).max(14_400);

/** A box placed on a page: PDF points, bottom-left origin, page 1-based (the field-box convention). */
export const pdfField = z.object({
  field: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_]{0,59}$/, { message: PDF_REQUEST_MESSAGES.fieldName }),
  kind: pdfFieldKind,
  signer: z.number().int().min(1).max(MAX_PDF_SIGNERS),
  page: z.number().int().min(1),
  x: points,
  y: points,
  width: points.min(MIN_FIELD_SIZE),
  height: points.min(MIN_FIELD_SIZE),
});
export type PdfField = z.output<typeof pdfField>;

/** "Firmante N" of the editor: whom the fields of number N are for. */
export const pdfSignerSlot = z.object({
  number: z.number().int().min(1).max(MAX_PDF_SIGNERS),
  label: nonEmpty(80),
});

/** Fields and their signers, checked together: unique names and numbers, every field's signer listed. */
export const pdfContent = z
  .object({
    fields: z.array(pdfField).max(MAX_PDF_FIELDS),
    signers: z.array(pdfSignerSlot).min(1).max(MAX_PDF_SIGNERS),
  })
  .superRefine((content, context) => {
    const names = new Set<string>();
    content.fields.forEach((field, index) => {
      if (names.has(field.field))
        context.addIssue({
          code: 'custom',
          message: PDF_REQUEST_MESSAGES.duplicateField,
          path: ['fields', index, 'field'],
        });
      names.add(field.field);
      if (!content.signers.some((signer) => signer.number === field.signer))
        context.addIssue({
          code: 'custom',
          message: PDF_REQUEST_MESSAGES.unknownSigner,
          path: ['fields', index, 'signer'],
        });
    });
    const numbers = content.signers.map((signer) => signer.number);
    if (new Set(numbers).size !== numbers.length)
      context.addIssue({ code: 'custom', message: PDF_REQUEST_MESSAGES.duplicateSigner, path: ['signers'] });
  });

export const pdfPageSize = z.object({ width: z.number(), height: z.number() });

/** Where a file of a bulk PDF send stands (null: never sent in bulk). */
export const pdfSendState = z.object({
  status: z.enum(['queued', 'sent', 'failed']),
  request_id: z.number().nullable(),
  failure: z.string().nullable(),
});

export const pdfTemplateRecord = z.object({
  id: z.number(),
  company_id: z.number(),
  name: z.string(),
  sha256: z.string(),
  page_count: z.number(),
  pages: z.array(pdfPageSize),
  fields: z.array(pdfField),
  signers: z.array(pdfSignerSlot),
  batch_id: z.number().nullable(),
  send: pdfSendState.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PdfTemplateRecord = z.output<typeof pdfTemplateRecord>;

/**
 * A person a PDF is sent to: "Firmante N" of the fields, with their contact and the identity checks
 * asked of them (as a template request's signer: codes by e-mail, SMS or WhatsApp, selfie).
 */
export const pdfRecipient = z
  .object({
    number: z.number().int().min(1).max(MAX_PDF_SIGNERS),
    kind: z.enum(['signer', 'approver', 'copy']).default('signer'),
    name: documentText(160),
    email,
    phone: z
      .string()
      .trim()
      .regex(/^\+?\d{7,15}$/, { message: 'Escriba solo números (7 a 15), con + opcional' })
      .optional(),
    id_type: z.string().trim().max(10).optional(),
    id_number: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{3,20}$/, { message: 'Use de 3 a 20 letras, números o guiones' })
      .optional(),
    authentication: z.array(signerAuthentication).max(4).default([]),
  })
  .refine((signer) => new Set(signer.authentication).size === signer.authentication.length, {
    message: 'No repita un método de autenticación',
    path: ['authentication'],
  })
  .refine(
    (signer) =>
      signer.phone !== undefined ||
      !signer.authentication.some((method) => method === 'sms_otp' || method === 'whatsapp_otp'),
    { message: PDF_REQUEST_MESSAGES.phoneRequired, path: ['phone'] },
  );
export type PdfRecipient = z.output<typeof pdfRecipient>;

const recipients = z
  .array(pdfRecipient)
  .min(1)
  .max(MAX_PDF_SIGNERS)
  .refine((list) => new Set(list.map((signer) => signer.number)).size === list.length, {
    message: PDF_REQUEST_MESSAGES.duplicateSigner,
  });

/** What every request of a send shares. */
export const pdfSendSettings = z.object({
  message: z.string().trim().max(2000).optional(),
  signing_order: z.enum(['sequential', 'parallel']).default('sequential'),
  /** Last day to sign (YYYY-MM-DD, ends at 23:59:59 COT). */
  expires_at: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Use el formato AAAA-MM-DD' }),
  reminder_days: z.number().int().min(1).max(30).nullable().optional(),
});

export const pdfSendItem = z.object({
  pdf_template_id: id,
  title: documentText(200),
  signers: recipients,
});

const ownsTemplateBody = { entity: 'pdfTemplate', from: 'body', field: 'pdf_template_id' } as const;
const ownsTemplatesBody = { entity: 'pdfTemplate', from: 'body', field: 'pdf_template_ids' } as const;
const permissions = ['signature_request.create'] as const;

export const pdfRequestsEndpoints = {
  uploadPdfTemplate: endpoint({
    method: 'POST',
    path: 'upload_pdf_template',
    summary:
      'Sube un PDF para firmar: se revisa (tipo, tamaño, cifrado, daños, contenido activo) y se guardan sus páginas y el tamaño de cada una.',
    area,
    scope: 'company',
    permissions,
    apiKey: true,
    body: z.object({
      company_id: id.optional(),
      ...base64Upload(PDF_TEMPLATE_MAX_BYTES, {
        tooLarge: PDF_REQUEST_MESSAGES.tooLarge,
        base64: PDF_REQUEST_MESSAGES.base64,
      }),
    }),
    reply: pdfTemplateRecord,
    owns: [{ entity: 'company', from: 'body', field: 'company_id' }],
    example: { body: { filename: 'contrato.pdf', content_base64: 'JVBERi0=' } },
  }),
  getPdfTemplates: endpoint({
    method: 'GET',
    path: 'get_pdf_templates',
    summary:
      'PDF subidos por la empresa, del más reciente al más antiguo; con `ids`, solo esos (el estado de su envío masivo).',
    area,
    scope: 'company',
    permissions,
    apiKey: true,
    query: z.object({
      company_id: id.optional(),
      ids: z.preprocess(
        (value) => (value === undefined ? undefined : [value].flat()),
        z.array(id).max(MAX_BULK_PDF_FILES).optional(),
      ),
      page: page.default(1),
      itemsPerPage: itemsPerPage.default(15),
    }),
    reply: paginated(pdfTemplateRecord),
    owns: [
      { entity: 'company', from: 'query', field: 'company_id' },
      { entity: 'pdfTemplate', from: 'query', field: 'ids' },
    ],
  }),
  updatePdfContent: endpoint({
    method: 'PUT',
    path: 'update_pdf_content',
    summary:
      'Guarda los campos colocados en un PDF (firma, iniciales, fechas, texto, casilla) y sus firmantes; cada campo debe quedar dentro de su página.',
    area,
    scope: 'company',
    permissions,
    apiKey: true,
    body: z.object({ pdf_template_id: id }).and(pdfContent),
    reply: pdfTemplateRecord,
    owns: [ownsTemplateBody],
    example: { body: { pdf_template_id: 1, fields: [], signers: [{ number: 1, label: 'Firmante 1' }] } },
  }),
  updatePdfContentMassive: endpoint({
    method: 'POST',
    path: 'update_pdf_content_massive',
    summary: 'Aplica los mismos campos y firmantes a varios PDF subidos (todos o ninguno).',
    area,
    scope: 'company',
    permissions,
    body: z
      .object({
        pdf_template_ids: z
          .array(id)
          .min(1)
          .max(MAX_BULK_PDF_FILES)
          .refine((ids) => new Set(ids).size === ids.length, {
            message: PDF_REQUEST_MESSAGES.duplicateUpload,
          }),
      })
      .and(pdfContent),
    reply: z.object({ items: z.array(pdfTemplateRecord) }),
    owns: [ownsTemplatesBody],
    example: {
      body: { pdf_template_ids: [1], fields: [], signers: [{ number: 1, label: 'Firmante 1' }] },
    },
  }),
  getCompanyFeatures: endpoint({
    method: 'GET',
    path: 'get_company_features/{company_id}',
    summary: 'Funcionalidades activas de una empresa (qué envíos y autenticaciones puede usar).',
    area,
    scope: 'company',
    permissions,
    params: z.object({ company_id: id }),
    reply: z.object({ company_id: z.number(), enabled: z.array(featureKey) }),
    owns: [{ entity: 'company', from: 'params', field: 'company_id' }],
    example: { params: { company_id: 1 } },
  }),
} as const;

/** Sending uploaded PDFs through the request core (server/requests/core/create.ts). */
export const pdfSendEndpoints = {
  signPdf: endpoint({
    method: 'POST',
    path: 'sign_pdf',
    summary:
      'Envía un PDF con sus campos a sus firmantes: consume unidades del plan, crea la solicitud e invita al primer turno.',
    area,
    scope: 'company',
    idempotent: true,
    permissions,
    apiKey: true,
    body: pdfSendSettings.extend(pdfSendItem.shape),
    reply: z.object({ request_id: z.number(), validation_code: z.string(), signerLinks }),
    owns: [ownsTemplateBody],
    example: {
      body: {
        pdf_template_id: 1,
        title: 'Contrato',
        expires_at: '2030-01-31',
        signers: [{ number: 1, name: 'Ana Firmante', email: 'ana@correo.test' }],
      },
      reply: {
        request_id: 346,
        validation_code: 'K7QM-2XHD-9TRB',
        signerLinks: [
          {
            signerId: 902,
            email: 'ana@correo.test',
            name: 'Ana Firmante',
            url: 'https://rubrica.example.co/signature-request/Xw9p…',
          },
        ],
      },
    },
  }),
  signPdfMultiple: endpoint({
    method: 'POST',
    path: 'sign_pdf_multiple',
    summary:
      'PDF masivo: envía varios PDF distintos, cada uno a sus firmantes, en un solo lote; cada archivo se vuelve una solicitud una sola vez, en segundo plano.',
    area,
    scope: 'company',
    idempotent: true,
    permissions,
    body: pdfSendSettings.extend({
      items: z
        .array(pdfSendItem)
        .min(1)
        .max(MAX_BULK_PDF_FILES)
        .refine((items) => new Set(items.map((item) => item.pdf_template_id)).size === items.length, {
          message: PDF_REQUEST_MESSAGES.duplicateUpload,
        }),
    }),
    reply: z.object({ batch_id: z.number(), pdf_template_ids: z.array(z.number()) }),
    notTenant: {
      'items.pdf_template_id': 'el servicio exige PDF visibles para quien envía (404, como la ruta)',
    },
    example: {
      body: {
        expires_at: '2030-01-31',
        items: [
          {
            pdf_template_id: 1,
            title: 'Contrato',
            signers: [{ number: 1, name: 'Ana Firmante', email: 'ana@correo.test' }],
          },
        ],
      },
    },
  }),
} as const;
