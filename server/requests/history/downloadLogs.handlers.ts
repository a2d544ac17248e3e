import { DOWNLOAD_ACTION_LABELS, DOWNLOAD_HOW_LABELS } from '../../../contract/endpoints/downloadLogs.js';
import { type ExportColumn, keysetBatches, streamXlsx } from '../../export/xlsx.js';
import type { HandlersOf } from '../../http/handlers.js';
import { type DownloadLog, downloadLogBatchFetcher, listDownloadLogs } from './downloadLogs.service.js';

const DOWNLOAD_COLUMNS: readonly ExportColumn<DownloadLog>[] = [
  { header: 'Fecha', width: 22, value: (row) => new Date(row.at) },
  { header: 'Empresa', width: 28, value: (row) => row.company_name },
  { header: 'Solicitud', width: 10, value: (row) => row.request_id },
  { header: 'Título de la solicitud', width: 36, value: (row) => row.request_title },
  { header: 'Documento', width: 32, value: (row) => row.document_name },
  { header: 'Quién', width: 28, value: (row) => row.who },
  { header: 'Correo', width: 30, value: (row) => row.who_email },
  { header: 'Cómo', width: 12, value: (row) => DOWNLOAD_HOW_LABELS[row.how] },
  { header: 'Acción', width: 16, value: (row) => DOWNLOAD_ACTION_LABELS[row.action] ?? row.action },
  { header: 'Dirección IP', width: 18, value: (row) => row.ip },
  { header: 'Navegador', width: 40, value: (row) => row.user_agent },
];

export const downloadLogsHandlers: HandlersOf<'listDownloadLogs' | 'exportDownloadLogs'> = {
  listDownloadLogs: async ({ deps, actor, body }) => ({ data: await listDownloadLogs(deps, actor, body) }),
  exportDownloadLogs: async ({ deps, actor, body }) => ({
    file: {
      filename: 'descargas-documentos.xlsx',
      stream: streamXlsx({
        sheetName: 'Descargas',
        columns: DOWNLOAD_COLUMNS,
        batches: keysetBatches(downloadLogBatchFetcher(deps, actor, body)),
        onError: (error) => deps.logger.error({ err: error }, 'Falló la exportación de descargas'),
      }),
    },
  }),
};
