import { endpoints } from '../../../contract';
import type { EndpointInput } from '../../dataProvider/callEndpoint';
import type { ResourceDataDeclaration } from '../../dataProvider/types';
import { listOptionsOf, listQueryInput } from '../../framework/common/listQueryInput';

const LIST_OPTIONS = listOptionsOf(endpoints.listTrackedEmails);

/** E-mail tracker: get_emails_sent_logs_list and get_email_sent_log/{id}. */
export const emailTrackerData = {
  getList: {
    endpoint: 'listTrackedEmails',
    toInput: (params) => ({
      body: listQueryInput(params, LIST_OPTIONS) as EndpointInput<'listTrackedEmails'>['body'],
    }),
  },
  getOne: { endpoint: 'getTrackedEmail', toInput: ({ id }) => ({ id: Number(id) }) },
} satisfies ResourceDataDeclaration;

const EXPORT_FILTERS = ['search', 'status', 'kind', 'request_id', 'date_from', 'date_to'] as const;

/** The list's filters as the body of email-status/export (the same filters as the list). */
export function trackerExportBody(filterValues: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    EXPORT_FILTERS.flatMap((key) => {
      const value = filterValues[key];
      return value === undefined || value === null || value === '' ? [] : [[key, value]];
    }),
  );
}
