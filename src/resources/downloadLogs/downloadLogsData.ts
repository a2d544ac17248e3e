import { endpoints } from '../../../contract';
import type { EndpointInput } from '../../dataProvider/callEndpoint';
import type { ResourceDataDeclaration } from '../../dataProvider/types';
import { listOptionsOf, listQueryInput } from '../../framework/common/listQueryInput';

const LIST_OPTIONS = listOptionsOf(endpoints.listDownloadLogs);

/** Document download logs: get_document_download_logs (read-only). */
export const downloadLogsData = {
  getList: {
    endpoint: 'listDownloadLogs',
    toInput: (params) => ({
      body: listQueryInput(params, LIST_OPTIONS) as EndpointInput<'listDownloadLogs'>['body'],
    }),
  },
} satisfies ResourceDataDeclaration;

const EXPORT_FILTERS = ['search', 'how', 'request_id', 'date_from', 'date_to'] as const;

/** The list's filters as the body of export_document_download_logs. */
export function downloadExportBody(filterValues: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    EXPORT_FILTERS.flatMap((key) => {
      const value = filterValues[key];
      return value === undefined || value === null || value === '' ? [] : [[key, value]];
    }),
  );
}
