import { z } from 'zod';
import { endpoint } from '../define.js';
import { ownedTable } from '../owners.js';
import { id, itemsPerPage, longText, nonEmpty, page, paginated } from '../schemas.js';
import { instant, instantUntil } from './plans.js';

const area = 'Support';

/** Labels: abierto, en proceso, esperando al cliente, resuelto, cerrado. */
export const supportStatus = z.enum(['abierto', 'en_proceso', 'esperando_cliente', 'resuelto', 'cerrado']);
export const supportPriority = z.enum(['baja', 'media', 'alta', 'urgente']);
export const supportCategory = z.enum(['tecnico', 'firmas', 'facturacion', 'cuenta', 'otro']);
/** message: the company's; response: the platform's answer; internal: a platform-only note. */
export const supportMessageKind = z.enum(['message', 'response', 'internal']);

/** Largest attachment, decoded; at most SUPPORT_MAX_ATTACHMENTS per message. */
export const SUPPORT_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const SUPPORT_MAX_ATTACHMENTS = 3;

export const supportAttachment = z.object({
  id: z.number(),
  filename: z.string(),
  content_type: z.string(),
  size: z.number(),
});

export const supportMessage = z.object({
  id: z.number(),
  kind: supportMessageKind,
  body: z.string(),
  author_name: z.string().nullable(),
  attachments: z.array(supportAttachment),
  created_at: z.string(),
});

export const supportRequestRecord = z.object({
  id: z.number(),
  subject: z.string(),
  category: supportCategory,
  priority: supportPriority,
  status: supportStatus,
  company_id: z.number(),
  company_name: z.string().nullable(),
  created_by_name: z.string().nullable(),
  /** Messages the caller may see (internal notes count for the platform only). */
  messages_count: z.number(),
  last_message_at: z.string(),
  first_response_at: z.string().nullable(),
  resolved_at: z.string().nullable(),
  /** Business minutes (Monday–Friday 8:00–18:00 COT) until the first answer / the resolution. */
  first_response_minutes: z.number().nullable(),
  resolution_minutes: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const supportRequestDetail = supportRequestRecord.extend({ messages: z.array(supportMessage) });

/** A file sent with a message, base64 (a `data:` URL prefix is accepted): PDF, PNG or JPEG up to 5 MB. */
export const supportUpload = z.object({
  filename: nonEmpty(200),
  content_base64: z.string().trim().min(1).max(7_000_000),
});
const uploads = z.array(supportUpload).max(SUPPORT_MAX_ATTACHMENTS).optional();

const listFilters = z.object({
  page: page.default(1),
  itemsPerPage: itemsPerPage.default(15),
  search: z.string().trim().max(200).optional(),
  status: supportStatus.optional(),
  priority: supportPriority.optional(),
  category: supportCategory.optional(),
  created_from: instant.optional(),
  created_until: instantUntil.optional(),
  sort: z.enum(['id', 'subject', 'status', 'priority', 'created_at', 'last_message_at']).optional(),
  order: z.enum(['ASC', 'DESC']).optional(),
});

const ticket = { entity: 'supportRequest', from: 'body', field: 'support_request_id' } as const;

export const ownedTables = {
  supportRequest: ownedTable({
    table: 'support_requests',
    owner: 'company_id',
    sample: { subject: 'Consulta', category: 'otro', priority: 'media', status: 'abierto' },
  }),
};

export const support = {
  listSupportRequests: endpoint({
    method: 'POST',
    path: 'get_support_requests',
    summary: 'Solicitudes de soporte de todas las empresas, con búsqueda, filtros, orden y paginación.',
    area,
    scope: 'global',
    permissions: ['support.list'],
    body: listFilters.extend({ company_id: id.optional() }),
    reply: paginated(supportRequestRecord),
    example: { body: {} },
    readOnly: true,
    skipAudit: true,
  }),
  listCompanySupportRequests: endpoint({
    method: 'POST',
    path: 'get_support_requests_by_user',
    summary: 'Solicitudes de soporte de la empresa de quien consulta, con filtros, orden y paginación.',
    area,
    scope: 'company',
    permissions: ['support_company.list'],
    body: listFilters,
    reply: paginated(supportRequestRecord),
    example: { body: {} },
    readOnly: true,
    skipAudit: true,
  }),
  getSupportRequest: endpoint({
    method: 'GET',
    path: 'get_support_request/{id}',
    summary: 'Una solicitud de soporte con toda su conversación, notas internas incluidas (plataforma).',
    area,
    scope: 'global',
    permissions: ['support.list'],
    params: z.object({ id }),
    reply: supportRequestDetail,
  }),
  getCompanySupportRequest: endpoint({
    method: 'GET',
    path: 'get_support_request_by_user/{id}',
    summary: 'Una solicitud de soporte de la empresa con su conversación (sin notas internas).',
    area,
    scope: 'company',
    permissions: ['support_company.list'],
    params: z.object({ id }),
    reply: supportRequestDetail,
    owns: [{ entity: 'supportRequest', from: 'params', field: 'id' }],
  }),
  createSupportRequest: endpoint({
    method: 'POST',
    path: 'save_support_requests',
    summary:
      'Abre una solicitud de soporte (asunto, categoría, prioridad y mensaje) o, con support_request_id, agrega un mensaje a una de la empresa.',
    area,
    scope: 'company',
    permissions: ['support_company.list'],
    body: z.object({
      support_request_id: id.optional(),
      subject: nonEmpty(200).optional(),
      category: supportCategory.optional(),
      priority: supportPriority.optional(),
      message: longText(10_000),
      attachments: uploads,
    }),
    reply: supportRequestDetail,
    successStatus: 201,
    owns: [ticket],
    example: {
      body: {
        subject: 'No me llega el código',
        category: 'firmas',
        priority: 'media',
        message: 'El firmante no recibe el código por SMS.',
      },
    },
  }),
  saveSupportResponse: endpoint({
    method: 'POST',
    path: 'save_support_response',
    summary: 'Responde una solicitud de soporte (la empresa recibe un aviso por correo) y cambia su estado.',
    area,
    scope: 'global',
    permissions: ['support.list'],
    body: z.object({
      support_request_id: id,
      message: longText(10_000),
      status: supportStatus.default('esperando_cliente'),
      attachments: uploads,
    }),
    reply: supportRequestDetail,
    owns: [ticket],
    example: { body: { support_request_id: 1, message: 'Ya revisamos el caso.' } },
  }),
  saveInternalExplanation: endpoint({
    method: 'POST',
    path: 'save_internal_explanation',
    summary: 'Agrega una nota interna a una solicitud de soporte, visible solo para la plataforma.',
    area,
    scope: 'global',
    permissions: ['support.list'],
    body: z.object({
      support_request_id: id,
      message: longText(10_000),
      status: supportStatus.optional(),
    }),
    reply: supportRequestDetail,
    owns: [ticket],
    example: { body: { support_request_id: 1, message: 'Escalado al equipo de firmas.' } },
  }),
  getSupportAttachment: endpoint({
    method: 'GET',
    path: 'get_support_attachment/{supportRequestId}/{attachmentId}',
    summary: 'Descarga un adjunto de una solicitud de soporte.',
    area,
    scope: 'company',
    permissions: [],
    params: z.object({ supportRequestId: id, attachmentId: id }),
    reply: z.never(),
    produces: 'file',
    owns: [{ entity: 'supportRequest', from: 'params', field: 'supportRequestId' }],
    notTenant: { attachmentId: 'se busca solo entre los adjuntos de la solicitud nombrada' },
  }),
} as const;
