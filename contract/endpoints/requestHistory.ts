import { z } from 'zod';
import { deadline } from '../deadline.js';
import { endpoint } from '../define.js';
import { ownedTable } from '../owners.js';
import {
  requestDetail,
  requestEmailRecord,
  requestEventRecord,
  requestSignerRecord,
  requestStatus,
  requestSummary,
} from '../requestHistoryRecords.js';
import { email, id, itemsPerPage, nonEmpty, page, paginated } from '../schemas.js';
import { emailTrackerFilters } from './emailTracker.js';
import { signerLinks } from './embedding.js';

export * from '../requestHistoryRecords.js';

const area = 'Signature requests';
const documentArea = 'Document';

/**
 * The sender's side of a sent request: its history list, its detail and timeline, and what a
 * sender may still do (resend, cancel, extend, correct, download). Requests, their signers and
 * documents all repeat `company_id`, so an id alone is checked against the caller's companies.
 */
export const ownedTables = {
  requestSigner: ownedTable({ table: 'signature_request_signers', owner: 'company_id' }),
  requestDocument: ownedTable({ table: 'signature_request_documents', owner: 'company_id' }),
};

const dateText = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Use el formato AAAA-MM-DD' });

/** Filters of the history list and of its export. */
const listFilters = {
  company_id: id.optional(),
  status: requestStatus.optional(),
  /** Created on or after this day (COT). */
  date_from: dateText.optional(),
  /** Created on or before this day (COT). */
  date_to: dateText.optional(),
  /** Words of a signer's name or e-mail; the last one may be unfinished ("ana per" finds Ana Pérez). */
  signer: z.string().trim().max(200).optional(),
  package_id: id.optional(),
  created_by: id.optional(),
};

export const LIST_SORTS = ['created_at', 'expires_at', 'title', 'status'] as const;

const ownsListFilters = [
  { entity: 'company', from: 'body', field: 'company_id' },
  { entity: 'documentPackage', from: 'body', field: 'package_id' },
  { entity: 'user', from: 'body', field: 'created_by' },
] as const;

const requestIdBody = z.object({ request_id: id });
const ownsRequestInBody = [{ entity: 'signatureRequest', from: 'body', field: 'request_id' }] as const;
const requestIds = z.array(id).min(1, { message: 'Seleccione al menos una solicitud' }).max(200, {
  message: 'Seleccione como máximo 200 solicitudes por descarga',
});
const ownsRequestIds = [{ entity: 'signatureRequest', from: 'body', field: 'request_ids' }] as const;

const phone = z
  .string()
  .trim()
  .regex(/^\+?\d{7,15}$/, { message: 'Ingrese un teléfono de 7 a 15 dígitos' });

const resendBody = z.object({
  signer_id: id,
  /** A corrected address; the link goes there from now on. */
  email: email.optional(),
  phone: phone.optional(),
});
const ownsSignerInBody = [{ entity: 'requestSigner', from: 'body', field: 'signer_id' }] as const;

const pdfViewParams = z.object({ company_id: id, id, document_package_signer_id: id });
const ownsPdfView = (from: 'params' | 'body') =>
  [
    { entity: 'company', from, field: 'company_id' },
    { entity: 'requestDocument', from, field: 'id' },
    { entity: 'requestSigner', from, field: 'document_package_signer_id' },
  ] as const;

const resendEndpoint = (path: string, summary: string) =>
  endpoint({
    method: 'POST',
    path,
    summary,
    area,
    scope: 'company',
    permissions: ['signature_request.list', 'signature_request.create'],
    apiKey: true,
    body: resendBody,
    /** signerLinks: the new link, to an API key, when the company delivers its links itself. */
    reply: requestSignerRecord.extend({ signerLinks }),
    owns: ownsSignerInBody,
    example: { body: { signer_id: 1 } },
  });

const zipEndpoint = (path: string, summary: string) =>
  endpoint({
    method: 'POST',
    path,
    summary,
    area,
    scope: 'company',
    permissions: ['signature_request.list'],
    body: z.object({ request_ids: requestIds }),
    reply: z.never(),
    produces: 'file',
    owns: ownsRequestIds,
    example: { body: { request_ids: [1] } },
  });

export const requestHistory = {
  listSignatureRequests: endpoint({
    method: 'POST',
    path: 'documents_sign_requests_list',
    summary:
      'Historial de solicitudes de firma de las empresas visibles, filtrado, ordenado y paginado en el servidor.',
    area,
    scope: 'company',
    permissions: ['signature_request.list'],
    apiKey: true,
    body: z.object({
      page: page.default(1),
      itemsPerPage: itemsPerPage.default(15),
      ...listFilters,
      sort: z.enum(LIST_SORTS).default('created_at'),
      order: z.enum(['ASC', 'DESC']).default('DESC'),
    }),
    reply: paginated(requestSummary),
    owns: ownsListFilters,
    readOnly: true,
    // Reading a list changes nothing: no audit row per page, as for the other lists.
    skipAudit: true,
    example: { body: {} },
  }),
  exportSignatureRequests: endpoint({
    method: 'POST',
    path: 'documents_sign_export_to_excel_requests_list',
    summary: 'Descarga el historial filtrado en .xlsx o .csv, generado por partes mientras se descarga.',
    area,
    scope: 'company',
    permissions: ['signature_request.list'],
    body: z.object({ ...listFilters, format: z.enum(['xlsx', 'csv']).default('xlsx') }),
    reply: z.never(),
    produces: 'file',
    owns: ownsListFilters,
    readOnly: true,
    example: { body: {} },
  }),
  viewSignatureRequestHistory: endpoint({
    method: 'POST',
    path: 'view_pdf_history',
    summary: 'Detalle de una solicitud: documentos, firmantes, línea de tiempo y correos enviados.',
    area,
    scope: 'company',
    permissions: ['signature_request.list'],
    apiKey: true,
    body: requestIdBody,
    reply: requestDetail,
    owns: ownsRequestInBody,
    readOnly: true,
    example: { body: { request_id: 1 } },
  }),
  resendSignatureRequest: resendEndpoint(
    'resend_signature_request',
    'Reenvía la invitación a un firmante (a una dirección corregida si se indica); el enlace anterior deja de servir.',
  ),
  resendSignatureRequestPdf: resendEndpoint(
    'resend_signature_request_pdf',
    'Reenvía la invitación de una solicitud de PDF para firmar; el enlace anterior deja de servir.',
  ),
  cancelSignatureRequest: endpoint({
    method: 'POST',
    path: 'cancel_signature_request',
    summary: 'Cancela una solicitud en proceso con un motivo; los enlaces de los firmantes dejan de servir.',
    area,
    scope: 'company',
    permissions: ['signature_request.list', 'signature_request.create'],
    apiKey: true,
    body: z.object({ request_id: id, reason: nonEmpty(500) }),
    reply: requestSummary,
    owns: ownsRequestInBody,
    example: { body: { request_id: 1, reason: 'Datos errados' } },
  }),
  extendTimeLimit: endpoint({
    method: 'POST',
    path: 'extend_time_limit',
    summary:
      'Cambia el vencimiento de una solicitud en proceso: un último día para firmar (AAAA-MM-DD, hasta las 23:59:59 COT) o una fecha y hora.',
    area,
    scope: 'company',
    permissions: ['signature_request.list', 'signature_request.create'],
    apiKey: true,
    body: z.object({ request_id: id, expires_at: deadline }),
    reply: requestSummary,
    owns: ownsRequestInBody,
    example: { body: { request_id: 1, expires_at: '2030-01-31' } },
  }),
  downloadZip: zipEndpoint(
    'download_zip',
    'ZIP con los PDF (sellados si lo están) de las solicitudes elegidas, generado mientras se descarga.',
  ),
  exportDocumentsPackagesPdf: zipEndpoint(
    'export_documents_packages_pdf',
    'Exporta en un ZIP los documentos de las solicitudes elegidas.',
  ),
  saveDownloadLog: endpoint({
    method: 'POST',
    path: 'save_download_log',
    summary: 'Registra una descarga o vista de un documento de una solicitud.',
    area,
    scope: 'company',
    permissions: ['signature_request.list'],
    body: z.object({
      request_id: id,
      document_id: id.optional(),
      kind: z.enum(['view', 'download']).default('download'),
    }),
    reply: z.object({ id: z.number() }),
    owns: [...ownsRequestInBody, { entity: 'requestDocument', from: 'body', field: 'document_id' }],
    example: { body: { request_id: 1 } },
  }),
  getSignatureRequestLogs: endpoint({
    method: 'GET',
    path: 'get_signature_request_logs/{document_package_signer_id}',
    summary: 'Eventos de la línea de tiempo de un firmante.',
    area,
    scope: 'company',
    permissions: ['signature_request.list'],
    apiKey: true,
    params: z.object({ document_package_signer_id: id }),
    reply: z.array(requestEventRecord),
    owns: [{ entity: 'requestSigner', from: 'params', field: 'document_package_signer_id' }],
  }),
  listAttemptLogs: endpoint({
    method: 'POST',
    path: 'list_attempt_logs',
    summary:
      'Intentos de los firmantes sobre una solicitud: aperturas, códigos enviados, fallidos y validados.',
    area,
    scope: 'company',
    permissions: ['signature_request.list'],
    body: requestIdBody,
    reply: z.array(requestEventRecord),
    owns: ownsRequestInBody,
    readOnly: true,
    example: { body: { request_id: 1 } },
  }),
  exportAttemptLogs: endpoint({
    method: 'POST',
    path: 'export_attempt_logs',
    summary: 'Descarga en .xlsx los intentos de los firmantes de una solicitud.',
    area,
    scope: 'company',
    permissions: ['signature_request.list'],
    body: requestIdBody,
    reply: z.never(),
    produces: 'xlsx',
    owns: ownsRequestInBody,
    readOnly: true,
    example: { body: { request_id: 1 } },
  }),
  getSignatureRejectionReasons: endpoint({
    method: 'GET',
    path: 'get_signature_rejection_reasons/{company_id}/{document_package_signer_id}',
    summary: 'Motivos de rechazo de la empresa (con los predeterminados si no tiene propios).',
    area,
    scope: 'company',
    permissions: ['signature_request.list'],
    params: z.object({ company_id: id, document_package_signer_id: id }),
    reply: z.object({
      reasons: z.array(z.object({ id: z.number(), reason: z.string() })),
      /** The reason this signer gave, if they rejected. */
      signer_reason: z.string().nullable(),
    }),
    owns: [
      { entity: 'company', from: 'params', field: 'company_id' },
      { entity: 'requestSigner', from: 'params', field: 'document_package_signer_id' },
    ],
  }),
  getSignerImages: endpoint({
    method: 'GET',
    path: 'get_signer_images/{id}/{user_id}',
    summary: 'Imagen de la firma y foto del firmante {user_id} de la solicitud {id}.',
    area,
    scope: 'company',
    permissions: ['signature_request.list'],
    params: z.object({ id, user_id: id }),
    reply: z.object({
      signature_kind: z.string().nullable(),
      signature_text: z.string().nullable(),
      signature_png_base64: z.string().nullable(),
      selfie_base64: z.string().nullable(),
    }),
    owns: [
      { entity: 'signatureRequest', from: 'params', field: 'id' },
      { entity: 'requestSigner', from: 'params', field: 'user_id' },
    ],
  }),
  getEmailsSentLogs: endpoint({
    method: 'POST',
    path: 'get_emails_sent_logs',
    summary: 'Correos de una solicitud con su estado de entrega.',
    area,
    scope: 'company',
    permissions: ['signature_request.list'],
    body: requestIdBody,
    reply: z.array(requestEmailRecord),
    owns: ownsRequestInBody,
    readOnly: true,
    example: { body: { request_id: 1 } },
  }),
  exportEmailStatus: endpoint({
    method: 'POST',
    path: 'email-status/export',
    summary:
      'Descarga en .xlsx los correos de solicitudes (de una, o de las empresas visibles) con su estado, con los filtros del seguimiento de correos.',
    area,
    scope: 'company',
    permissions: ['signature_request.list'],
    body: emailTrackerFilters,
    reply: z.never(),
    produces: 'xlsx',
    owns: [...ownsRequestInBody, { entity: 'company', from: 'body', field: 'company_id' }],
    readOnly: true,
    example: { body: {} },
  }),
  updateDocumentsPackagesValues: endpoint({
    method: 'PUT',
    path: 'update_documents_packages_values',
    summary: 'Corrige título, mensaje y recordatorios de una solicitud en proceso.',
    area,
    scope: 'company',
    permissions: ['signature_request.list', 'signature_request.create'],
    body: z.object({
      request_id: id,
      title: nonEmpty(200).optional(),
      message: z.string().trim().max(2000).nullable().optional(),
      reminder_days: z.number().int().min(1).max(30).nullable().optional(),
    }),
    reply: requestSummary,
    owns: ownsRequestInBody,
    example: { body: { request_id: 1 } },
  }),
  updateContentSignRequest: endpoint({
    method: 'PUT',
    path: 'update_content_sign_request/{id}',
    summary:
      'Cambia el nombre y los valores de los documentos de la solicitud {id} y los genera de nuevo; solo mientras nadie ha firmado.',
    area: documentArea,
    scope: 'company',
    permissions: ['signature_request.list', 'signature_request.create'],
    params: z.object({ id }),
    body: z.object({
      documents: z
        .array(
          z.object({
            id,
            name: nonEmpty(200).optional(),
            values: z.record(z.string().max(100), z.string().max(5000)).optional(),
          }),
        )
        .min(1)
        .max(50),
    }),
    reply: z.object({ id: z.number(), documents: z.array(z.object({ id: z.number(), sha256: z.string() })) }),
    owns: [{ entity: 'signatureRequest', from: 'params', field: 'id' }],
    notTenant: { 'documents.id': 'documentos de la misma solicitud {id}, comprobados por el servicio' },
    example: { params: { id: 1 }, body: { documents: [{ id: 1 }] } },
  }),
  viewPdf: endpoint({
    method: 'GET',
    path: 'view_pdf/{company_id}/{id}/{document_package_signer_id}',
    summary: 'Muestra el PDF {id} (sellado si lo está) visto por el firmante indicado; queda registrado.',
    area: documentArea,
    scope: 'company',
    permissions: ['signature_request.list'],
    // The `url` of the `request.sealed` webhook: an integration fetches it with its key.
    apiKey: true,
    params: pdfViewParams,
    reply: z.never(),
    produces: 'inline',
    owns: ownsPdfView('params'),
  }),
  viewPdfDocument: endpoint({
    method: 'POST',
    path: 'view_pdf_document',
    summary: 'Descarga el PDF de un documento (sellado si lo está); queda registrado.',
    area: documentArea,
    scope: 'company',
    permissions: ['signature_request.list'],
    apiKey: true,
    body: pdfViewParams,
    reply: z.never(),
    produces: 'file',
    owns: ownsPdfView('body'),
    example: { body: { company_id: 1, id: 1, document_package_signer_id: 1 } },
  }),
  viewPdfByUser: endpoint({
    method: 'POST',
    path: 'view_pdf_by_user',
    summary: 'Muestra al usuario el PDF de un documento de solicitud; queda registrado.',
    area: documentArea,
    scope: 'company',
    permissions: ['signature_request.list'],
    body: z.object({ document_id: id }),
    reply: z.never(),
    produces: 'inline',
    owns: [{ entity: 'requestDocument', from: 'body', field: 'document_id' }],
    example: { body: { document_id: 1 } },
  }),
} as const;
