import { Readable } from 'node:stream';
import { REQUEST_STATUS_LABELS, SIGNER_STATUS_LABELS } from '../../../contract/endpoints/requestHistory.js';
import { requestEventLabel } from '../../../contract/requestEvents.js';
import type { Actor, Deps } from '../../deps.js';
import { type ExportColumn, neutraliseFormula, streamXlsx } from '../../export/xlsx.js';
import type { FileReply } from '../../http/handlers.js';
import { signingDateText } from '../../pades/time-format.js';
import { attemptLog, type RequestEventRecord } from './detail.service.js';
import { type HistoryFilters, historyBatches, type RequestSummary } from './history.service.js';

const at = (value: string | null) => (value ? new Date(value) : null);

export const HISTORY_COLUMNS: readonly ExportColumn<RequestSummary>[] = [
  { header: 'ID', width: 8, value: (request) => request.id },
  { header: 'Empresa', width: 28, value: (request) => request.company_name },
  { header: 'Título', width: 40, value: (request) => request.title },
  { header: 'Grupo de documentos', width: 28, value: (request) => request.package_name },
  { header: 'Estado', width: 14, value: (request) => REQUEST_STATUS_LABELS[request.status] },
  {
    header: 'Firmantes',
    width: 48,
    value: (request) =>
      request.signers
        .map((signer) => `${signer.name} <${signer.email}> (${SIGNER_STATUS_LABELS[signer.status]})`)
        .join('; '),
  },
  { header: 'Firmas', width: 10, value: (request) => `${request.signed_count}/${request.signer_count}` },
  { header: 'Creada por', width: 24, value: (request) => request.creator_name },
  { header: 'Creada', width: 20, value: (request) => at(request.created_at) },
  { header: 'Vence', width: 20, value: (request) => at(request.expires_at) },
  { header: 'Completada', width: 20, value: (request) => at(request.completed_at) },
];

/** One CSV cell: quoted when needed, formulas neutralised, dates in Colombian time. */
function csvCell(value: ReturnType<ExportColumn<unknown>['value']>): string {
  if (value === null || value === undefined) return '';
  const text =
    value instanceof Date
      ? signingDateText(value)
      : typeof value === 'string'
        ? neutraliseFormula(value)
        : String(value);
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV (UTF-8 with BOM, so spreadsheets read the accents) written batch by batch. */
export function streamCsv<T>(
  columns: readonly ExportColumn<T>[],
  batches: AsyncIterable<readonly T[]>,
): Readable {
  async function* lines() {
    yield `\uFEFF${columns.map((column) => csvCell(column.header)).join(',')}\r\n`;
    for await (const batch of batches) {
      yield batch
        .map((row) => `${columns.map((column) => csvCell(column.value(row))).join(',')}\r\n`)
        .join('');
    }
  }
  return Readable.from(lines());
}

export function exportHistory(
  deps: Deps,
  actor: Actor,
  input: HistoryFilters & { format: 'xlsx' | 'csv' },
): FileReply {
  const { format, ...filters } = input;
  const batches = historyBatches(deps, actor, filters);
  const stamp = deps.clock.now().toISOString().slice(0, 10);
  if (format === 'csv') {
    return {
      stream: streamCsv(HISTORY_COLUMNS, batches),
      filename: `historial-solicitudes-${stamp}.csv`,
      contentType: 'text/csv; charset=utf-8',
    };
  }
  return {
    stream: streamXlsx({ sheetName: 'Solicitudes', columns: HISTORY_COLUMNS, batches }),
    filename: `historial-solicitudes-${stamp}.xlsx`,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  };
}

const ATTEMPT_COLUMNS: readonly ExportColumn<RequestEventRecord>[] = [
  { header: 'Fecha', width: 22, value: (event) => at(event.at) },
  { header: 'Firmante', width: 28, value: (event) => event.signer_name },
  { header: 'Acción', width: 24, value: (event) => requestEventLabel(event.action) },
  { header: 'Dirección IP', width: 18, value: (event) => event.ip },
];

async function* once<T>(rows: Promise<T[]>) {
  yield await rows;
}

export function exportAttempts(deps: Deps, requestId: number): FileReply {
  return {
    stream: streamXlsx({
      sheetName: 'Intentos',
      columns: ATTEMPT_COLUMNS,
      batches: once(attemptLog(deps.database.db, requestId)),
    }),
    filename: `intentos-solicitud-${requestId}.xlsx`,
  };
}
