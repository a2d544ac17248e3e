import { z } from 'zod';
import { endpoint } from '../define.js';
import { NOT_TENANT, ownedTable } from '../owners.js';
import { base64Upload, id } from '../schemas.js';
import { signerLinks } from './embedding.js';
import { countryId } from './location.js';

/**
 * Bulk requests from a spreadsheet (SPEC §7.2, "Sending → Bulk"): the group's sheet is downloaded,
 * filled, uploaded into a draft batch whose rows are checked one by one, fixed in place and sent;
 * each valid row becomes one request through the job queue.
 */
const area = 'Signature requests';

export const ownedTables = {
  requestBatch: ownedTable({
    table: 'signature_request_batches',
    owner: 'company_id',
    sample: { source: 'bulk' },
  }),
} as const;

/** Rows a sheet may hold (the bench sends this many at once). */
export const BULK_MAX_ROWS = 10_000;
/** Largest sheet accepted, in bytes after decoding (the upload check refuses bigger ones with 413). */
export const BULK_SHEET_MAX_BYTES = 10 * 1024 * 1024;

export const BULK_MESSAGES = {
  imported: (valid: number, invalid: number) =>
    invalid === 0
      ? `Se cargaron ${valid} filas válidas`
      : `Se cargaron ${valid + invalid} filas: ${invalid} con errores por corregir`,
  updated: 'Filas actualizadas y validadas de nuevo',
  queued: (rows: number) => `Se están generando ${rows} solicitudes`,
  noRows: 'La hoja no tiene filas con datos',
  tooManyRows: (max: number) => `La hoja tiene más de ${max} filas de datos; divídala en varios archivos`,
  missingSheet: 'El archivo no tiene la hoja «Datos» de la plantilla descargada',
  missingColumns: (columns: string[]) =>
    `Faltan columnas de la plantilla descargada: ${columns.join(', ')}. Descargue la hoja de nuevo`,
  unreadable: 'No fue posible leer la hoja de cálculo',
  notDraft: 'El envío masivo ya se inició; sus filas no se pueden modificar',
  invalidRows: (rows: number) => `Hay ${rows} filas con errores; corríjalas antes de enviar`,
  nothingToSend: 'No hay filas válidas para enviar',
  unknownRow: (row: number) => `La fila ${row} no pertenece a este envío`,
  notUnitsEnough: (needed: number, available: number) =>
    `El envío necesita ${needed} firmas y el plan de la empresa tiene ${available} disponibles`,
  noTemplates: 'El grupo no tiene plantillas para llenar desde una hoja de cálculo',
  onlyColombia: 'Por ahora solo se admiten tipos de identificación de Colombia (CO o 170)',
} as const;

/** One problem of a row: the sheet column (its header) and the Spanish message. */
export const bulkRowError = z.object({ column: z.string(), message: z.string() });

export const bulkSignerValues = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  id_type: z.string(),
  id_number: z.string(),
});

export const bulkRowStatus = z.enum(['invalid', 'valid', 'queued', 'sent', 'failed']);

export const bulkRowRecord = z.object({
  id: z.number(),
  row_number: z.number(),
  /** Column header → value as typed (group fields and signer columns alike). */
  values: z.record(z.string(), z.string()),
  errors: z.array(bulkRowError),
  status: bulkRowStatus,
  failure: z.string().nullable(),
  request_id: z.number().nullable(),
});

export const bulkBatchSummary = z.object({
  id: z.number(),
  company_id: z.number(),
  package_id: z.number().nullable(),
  package_name: z.string().nullable(),
  status: z.enum(['draft', 'sending', 'done']),
  file_name: z.string().nullable(),
  total: z.number(),
  invalid: z.number(),
  valid: z.number(),
  queued: z.number(),
  sent: z.number(),
  failed: z.number(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});

/** A batch with its rows (the invalid and failed ones first when `only_problems`). */
export const bulkBatchRecord = bulkBatchSummary.extend({
  columns: z.array(z.string()),
  rows: z.array(bulkRowRecord),
});

const batchSettings = {
  signing_order: z.enum(['sequential', 'parallel']).optional(),
  /** Days until the requests expire; the group's own when left out. */
  expiry_days: z.number().int().min(1).max(365).optional(),
  reminder_days: z.number().int().min(1).max(60).nullable().optional(),
  message: z.string().trim().max(2000).optional(),
};

/** Rows of one JSON import (a larger batch goes as a sheet). */
export const BULK_JSON_MAX_ROWS = 1000;

const ownsBatch = [{ entity: 'requestBatch', from: 'body', field: 'batch_id' }] as const;

const batchQuery = {
  batch_id: id,
  /** Only rows with errors or failures (the report), instead of every row. */
  only_problems: z.boolean().default(false),
};

export const bulkRequests = {
  exportBulkSheet: endpoint({
    method: 'GET',
    path: 'export_documents_packages_fields/{documentHeaderId}/{countryId}',
    summary:
      'Hoja .xlsx para llenar un envío masivo de un grupo: una columna por campo y por dato de cada firmante, instrucciones y listas de valores.',
    area,
    scope: 'company',
    permissions: ['signature_request.create'],
    apiKey: true,
    params: z.object({ documentHeaderId: id, countryId }),
    reply: z.unknown(),
    produces: 'xlsx',
    owns: [{ entity: 'documentPackage', from: 'params', field: 'documentHeaderId' }],
    notTenant: { countryId: NOT_TENANT.location },
    example: { params: { documentHeaderId: 1, countryId: 'CO' } },
  }),
  importBulkSheet: endpoint({
    method: 'POST',
    path: 'import_documents_packages_fields',
    summary:
      'Carga la hoja llenada: crea un envío masivo en borrador con cada fila validada (fila, columna, mensaje). Rechaza otros tipos, archivos grandes, fórmulas y bombas ZIP.',
    area,
    scope: 'company',
    permissions: ['signature_request.create'],
    apiKey: true,
    body: z.object({
      document_package_id: id,
      ...base64Upload(BULK_SHEET_MAX_BYTES + 1024, {
        tooLarge: 'El archivo no puede superar 10 MB',
        base64: 'El contenido del archivo debe venir en base64',
      }),
      ...batchSettings,
    }),
    reply: bulkBatchRecord,
    owns: [{ entity: 'documentPackage', from: 'body', field: 'document_package_id' }],
    example: { body: { document_package_id: 1, filename: 'masivo.xlsx', content_base64: 'UEsDBA==' } },
  }),
  importBulkRows: endpoint({
    method: 'POST',
    path: 'import_documents_packages_rows',
    summary:
      'Crea un envío masivo en borrador a partir de filas en JSON (un objeto por solicitud, con los nombres de columna de la hoja); cada fila se valida como en la hoja (fila, columna, mensaje).',
    area,
    scope: 'company',
    permissions: ['signature_request.create'],
    apiKey: true,
    body: z.object({
      document_package_id: id,
      rows: z
        .array(z.record(z.string().max(120), z.string().max(5000)))
        .min(1)
        .max(BULK_JSON_MAX_ROWS),
      ...batchSettings,
    }),
    reply: bulkBatchRecord,
    owns: [{ entity: 'documentPackage', from: 'body', field: 'document_package_id' }],
    example: { body: { document_package_id: 1, rows: [{ cliente: 'Ana Pérez' }] } },
  }),
  updateBulkRows: endpoint({
    method: 'POST',
    path: 'update_documents_packages_detail_fields_values_massive',
    summary: 'Corrige valores de filas de un envío masivo en borrador; cada fila se valida de nuevo.',
    area,
    scope: 'company',
    permissions: ['signature_request.create'],
    apiKey: true,
    body: z.object({
      batch_id: id,
      rows: z
        .array(
          z.object({
            row_number: z.number().int().min(2),
            values: z.record(z.string().max(120), z.string().max(5000)),
          }),
        )
        .min(1)
        .max(1000),
      ...batchSettings,
    }),
    reply: bulkBatchRecord,
    owns: ownsBatch,
    example: { body: { batch_id: 1, rows: [{ row_number: 2, values: {} }] } },
  }),
  sendBulkBatch: endpoint({
    method: 'POST',
    path: 'process_signature_request_multiple',
    summary:
      'Envía un envío masivo: cada fila válida se vuelve una solicitud por la cola de trabajos, una sola vez; consume una unidad del plan por firmante.',
    area: 'Plans',
    scope: 'company',
    idempotent: true,
    permissions: ['signature_request.create'],
    apiKey: true,
    body: z.object({ batch_id: id }),
    reply: bulkBatchSummary,
    owns: ownsBatch,
    example: { body: { batch_id: 1 } },
  }),
  bulkBatchProgress: endpoint({
    method: 'POST',
    path: 'generate_multiple_sign_request',
    summary:
      'Avance y resumen de un envío masivo: filas enviadas, en cola y fallidas con su motivo. Si lo envió una clave de API de una empresa que entrega ella misma los enlaces, responde a esa clave con los enlaces de las solicitudes ya creadas (signerLinks, con requestId).',
    area,
    scope: 'company',
    permissions: ['signature_request.create'],
    apiKey: true,
    body: z.object(batchQuery),
    /** signerLinks: for a batch an API key sent for a company that delivers its links, those sent so far. */
    reply: bulkBatchRecord.extend({ signerLinks }),
    owns: ownsBatch,
    readOnly: true,
    skipAudit: true,
    example: { body: { batch_id: 1 } },
  }),
} as const;
