import type { z } from 'zod';
import { endpoints } from '../../../contract';
import type { notificationAudience } from '../../../contract/endpoints/notifications';
import type { EndpointInput } from '../../dataProvider/callEndpoint';
import type { ResourceDataDeclaration } from '../../dataProvider/types';
import type { FormValues } from '../../framework/common/formValues';
import { idOrNull } from '../../framework/common/formValues';
import { listOptionsOf, listQueryInput } from '../../framework/common/listQueryInput';

type NotificationAudience = z.output<typeof notificationAudience>;

/** The notification form's values as the body of save_notification / update_notification. */
export function notificationBody(data: FormValues) {
  const audience = (data.audience ?? 'all') as NotificationAudience;
  return {
    title: String(data.title ?? '').trim(),
    body: String(data.body ?? '').trim(),
    audience,
    // Only the target of the chosen audience is sent; the other is cleared.
    company_id: audience === 'company' ? idOrNull(data.company_id) : null,
    user_id: audience === 'user' ? idOrNull(data.user_id) : null,
  };
}

const LIST_OPTIONS = listOptionsOf(endpoints.listNotifications);

/** Notifications (notifications_list and its CRUD endpoints; publishing is a custom action). */
export const notificationsData = {
  getList: {
    endpoint: 'listNotifications',
    toInput: (params) => ({
      body: listQueryInput(params, LIST_OPTIONS) as EndpointInput<'listNotifications'>['body'],
    }),
  },
  getOne: { endpoint: 'getNotification', toInput: ({ id }) => ({ id: Number(id) }) },
  create: { endpoint: 'createNotification', toInput: ({ data }) => ({ body: notificationBody(data) }) },
  update: {
    endpoint: 'updateNotification',
    toInput: ({ id, data }) => ({ id: Number(id), body: notificationBody(data) }),
  },
  delete: { endpoint: 'deleteNotification', toInput: ({ id }) => ({ id: Number(id) }) },
} satisfies ResourceDataDeclaration;
