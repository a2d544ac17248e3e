import { endpoints } from '../../../contract';
import type { EndpointInput } from '../../dataProvider/callEndpoint';
import type { ResourceDataDeclaration } from '../../dataProvider/types';
import type { FormValues } from '../../framework/common/formValues';
import { listOptionsOf, listQueryInput } from '../../framework/common/listQueryInput';
import type { PickedAttachment } from './supportFiles';

/** The new-ticket form's values as the body of save_support_requests. */
export function newTicketBody(data: FormValues): EndpointInput<'createSupportRequest'>['body'] {
  const files = (data.attachments as PickedAttachment[] | undefined) ?? [];
  return {
    subject: String(data.subject ?? '').trim(),
    category: data.category as 'otro',
    priority: data.priority as 'media',
    message: String(data.message ?? '').trim(),
    attachments: files.map(({ filename, content_base64 }) => ({ filename, content_base64 })),
  };
}

const PLATFORM_OPTIONS = listOptionsOf(endpoints.listSupportRequests);
const COMPANY_OPTIONS = listOptionsOf(endpoints.listCompanySupportRequests);

/** The platform's desk: get_support_requests and the ticket with internal notes. */
export const supportsData = {
  getList: {
    endpoint: 'listSupportRequests',
    toInput: (params) => ({
      body: listQueryInput(params, PLATFORM_OPTIONS) as EndpointInput<'listSupportRequests'>['body'],
    }),
  },
  getOne: { endpoint: 'getSupportRequest', toInput: ({ id }) => ({ id: Number(id) }) },
} satisfies ResourceDataDeclaration;

/** A company's tickets: get_support_requests_by_user, opened with save_support_requests. */
export const companySupportsData = {
  getList: {
    endpoint: 'listCompanySupportRequests',
    toInput: (params) => ({
      body: listQueryInput(params, COMPANY_OPTIONS) as EndpointInput<'listCompanySupportRequests'>['body'],
    }),
  },
  getOne: { endpoint: 'getCompanySupportRequest', toInput: ({ id }) => ({ id: Number(id) }) },
  create: { endpoint: 'createSupportRequest', toInput: ({ data }) => ({ body: newTicketBody(data) }) },
} satisfies ResourceDataDeclaration;
