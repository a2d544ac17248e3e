import { z } from 'zod';
import { endpoint } from '../define.js';
import { id, itemsPerPage, page, paginated } from '../schemas.js';
import { instant, instantUntil } from './plans.js';

const area = 'Download logs';

/**
 * Download logs (SPEC §2.1 admin.document_download_logs, /document_download_logs): who took which
 * document of a request, when, from where and how (signature_download_logs, save_download_log).
 */
export const DOWNLOAD_HOW_VALUES = ['sender', 'signer', 'zip', 'api'] as const;
export const downloadHow = z.enum(DOWNLOAD_HOW_VALUES);

export const DOWNLOAD_HOW_LABELS = {
  sender: 'Remitente',
  signer: 'Firmante',
  zip: 'ZIP',
  api: 'API',
} as const satisfies Record<z.output<typeof downloadHow>, string>;

export const DOWNLOAD_ACTION_LABELS: Readonly<Record<string, string>> = {
  view: 'Vista',
  download: 'Descarga',
  zip: 'Descarga en ZIP',
};

export const downloadLogFilters = z.object({
  company_id: id.optional(),
  request_id: id.optional(),
  how: downloadHow.optional(),
  /** Part of the name or e-mail of who downloaded (user or signer). */
  search: z.string().trim().max(200).optional(),
  date_from: instant.optional(),
  date_to: instantUntil.optional(),
});

const ownsFilters = [
  { entity: 'company', from: 'body', field: 'company_id' },
  { entity: 'signatureRequest', from: 'body', field: 'request_id' },
] as const;

export const downloadLogRecord = z.object({
  id: z.number(),
  company_id: z.number(),
  company_name: z.string(),
  request_id: z.number(),
  request_title: z.string(),
  document_id: z.number().nullable(),
  document_name: z.string().nullable(),
  how: downloadHow,
  /** view, download or zip, as recorded. */
  action: z.string(),
  who: z.string().nullable(),
  who_email: z.string().nullable(),
  user_id: z.number().nullable(),
  signer_id: z.number().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  at: z.string(),
});

export const downloadLogs = {
  listDownloadLogs: endpoint({
    method: 'POST',
    path: 'get_document_download_logs',
    summary: 'Descargas y vistas de documentos de las empresas visibles: quién, cuándo, desde dónde y cómo.',
    area,
    scope: 'company',
    permissions: ['document_download_logs.list'],
    body: downloadLogFilters.extend({
      page: page.default(1),
      itemsPerPage: itemsPerPage.default(15),
      sort: z.enum(['at']).optional(),
      order: z.enum(['ASC', 'DESC']).optional(),
    }),
    reply: paginated(downloadLogRecord),
    owns: ownsFilters,
    readOnly: true,
    skipAudit: true,
    example: { body: {} },
  }),
  exportDownloadLogs: endpoint({
    method: 'POST',
    path: 'export_document_download_logs',
    summary: 'Descarga en .xlsx las descargas de documentos que cumplen los filtros.',
    area,
    scope: 'company',
    permissions: ['document_download_logs.list'],
    body: downloadLogFilters,
    reply: z.never(),
    produces: 'xlsx',
    owns: ownsFilters,
    readOnly: true,
    skipAudit: true,
    example: { body: {} },
  }),
};
