import { REQUEST_STATUS_LABELS } from '../../../contract/requestHistoryRecords.js';
import type { Actor, Deps } from '../../deps.js';
import { type ExportColumn, streamXlsx } from '../../export/xlsx.js';
import type { FileReply, HandlersOf } from '../../http/handlers.js';
import { type ContractHistoryExportRow, contractHistoryBatches } from './contractHistoryExport.js';
import { contractHistoryPage, type ReportFilters, type ReportScope } from './reports.service.js';

/** The columns of the exported contract history (the screen's columns, every signer spelled out). */
export const CONTRACT_HISTORY_COLUMNS: readonly ExportColumn<ContractHistoryExportRow>[] = [
  { header: 'ID', width: 8, value: (row) => row.id },
  { header: 'Empresa', width: 28, value: (row) => row.company_name },
  { header: 'Sucursal', width: 24, value: (row) => row.branch_name },
  { header: 'Título', width: 36, value: (row) => row.title },
  { header: 'Grupo de documentos', width: 26, value: (row) => row.package_name },
  { header: 'Creada por', width: 24, value: (row) => row.creator_name },
  { header: 'Estado', width: 14, value: (row) => REQUEST_STATUS_LABELS[row.status] },
  { header: 'Firmantes', width: 10, value: (row) => row.signer_count },
  { header: 'Firmaron', width: 10, value: (row) => row.signed_count },
  { header: 'Detalle de firmantes', width: 48, value: (row) => row.signers },
  { header: 'Unidades', width: 10, value: (row) => row.units },
  { header: 'Creada', width: 20, value: (row) => row.created_at },
  { header: 'Enviada', width: 20, value: (row) => row.sent_at },
  { header: 'Completada', width: 20, value: (row) => row.completed_at },
  { header: 'Vence', width: 20, value: (row) => row.expires_at },
];

function exportReport(deps: Deps, actor: Actor, scope: ReportScope, filters: ReportFilters): FileReply {
  const stamp = deps.clock.now().toISOString().slice(0, 10);
  return {
    filename: `${scope === 'platform' ? 'reporte-empresas' : 'reporte'}-${stamp}.xlsx`,
    stream: streamXlsx({
      sheetName: 'Historial de contratos',
      columns: CONTRACT_HISTORY_COLUMNS,
      batches: contractHistoryBatches(deps, actor, scope, filters),
      onError: (error) => deps.logger.error({ err: error }, 'Falló la exportación del reporte'),
    }),
  };
}

export const reportsHandlers: HandlersOf<
  | 'contractHistoryReport'
  | 'contractHistoryReportCompanies'
  | 'exportContractHistoryReport'
  | 'exportContractHistoryReportCompanies'
> = {
  contractHistoryReport: async ({ deps, actor, body }) => ({
    data: await contractHistoryPage(deps, actor, 'company', body),
  }),
  contractHistoryReportCompanies: async ({ deps, actor, body }) => ({
    data: await contractHistoryPage(deps, actor, 'platform', body),
  }),
  exportContractHistoryReport: async ({ deps, actor, body }) => ({
    file: exportReport(deps, actor, 'company', body),
  }),
  exportContractHistoryReportCompanies: async ({ deps, actor, body }) => ({
    file: exportReport(deps, actor, 'platform', body),
  }),
};
