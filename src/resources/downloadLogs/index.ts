import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { createElement } from 'react';
import { DateInput } from 'react-admin';
import { defineResource } from '../../framework/defineResource';
import { DownloadDocumentCell, DownloadWhoCell } from './DownloadLogCells';
import { downloadExportBody, downloadLogsData } from './downloadLogsData';

const HOW_COLORS = { sender: 'info', signer: 'success', zip: 'secondary', api: 'default' } as const;

/**
 * Document download logs (SPEC §2.1 admin.document_download_logs, /document_download_logs): who
 * downloaded or viewed which document, when, from which address and how. Read-only.
 */
export const downloadLogs = defineResource({
  name: 'download_logs',
  icon: FileDownloadOutlinedIcon,
  recordRepresentation: 'document_name',
  data: downloadLogsData,
  screens: {
    route: { name: 'admin.document_download_logs', path: '/document_download_logs' },
    title: 'app.pages.document_downloads',
    subtitle: 'resources.download_logs.subtitle',
    dialogTitles: {},
    search: 'resources.download_logs.search',
    sort: { field: 'at', order: 'DESC' },
    fields: {
      at: { kind: 'dateTime', column: { noWrap: true } },
      who: { column: { sortable: false }, render: () => createElement(DownloadWhoCell) },
      how: { choices: { colors: HOW_COLORS }, column: { sortable: false }, filter: true },
      action: {
        kind: 'choice',
        choices: { values: ['view', 'download', 'zip'], labels: 'resources.download_logs.action' },
        column: { sortable: false },
      },
      document_name: { column: { sortable: false }, render: () => createElement(DownloadDocumentCell) },
      request_id: { filter: 'collapsed' },
      company_name: { column: { sortable: false } },
      ip: { column: { sortable: false, noWrap: true } },
    },
    phone: { primary: 'who', secondary: ['how', 'document_name', 'at'] },
    actions: [],
    export: {
      endpoint: 'exportDownloadLogs',
      filename: 'descargas-documentos.xlsx',
      toBody: downloadExportBody,
    },
    overrides: {
      filters: [
        createElement(DateInput, { key: 'date_from', source: 'date_from' }),
        createElement(DateInput, { key: 'date_to', source: 'date_to' }),
      ],
    },
  },
});
