import NotificationsOutlinedIcon from '@mui/icons-material/NotificationsOutlined';
import { createElement } from 'react';
import { formatNumber } from '../../format';
import { PUBLICATION_STATUS_STYLES } from '../../framework/common/ValueChip';
import { defineResource } from '../../framework/defineResource';
import { choicesOfStyles } from '../../framework/fieldParts';
import {
  NotificationAudienceCell,
  NotificationTitleCell,
  PublishNotificationButton,
} from './NotificationCells';
import { NotificationDetails } from './NotificationDetails';
import { NEW_NOTIFICATION_DEFAULTS, NotificationInputs } from './NotificationInputs';
import { NOTIFICATION_AUDIENCE_STYLES } from './notificationStyles';
import { notificationsData } from './notificationsData';

/**
 * Notifications (SPEC §2.1 admin.notifications, /notifications) for everyone, a company or a user;
 * "Publicar" is a row action. "Mis notificaciones" on home is MyNotifications.
 */
export const notifications = defineResource({
  name: 'notifications',
  icon: NotificationsOutlinedIcon,
  recordRepresentation: 'title',
  data: notificationsData,
  screens: {
    route: { name: 'admin.notifications', path: '/notifications' },
    title: 'app.platform.notifications.title',
    subtitle: 'app.platform.notifications.subtitle',
    dialogTitles: {
      create: 'app.platform.notifications.create',
      edit: 'app.platform.notifications.edit',
      show: 'app.platform.notifications.show',
    },
    dialogWidth: 'md',
    search: 'app.platform.common.search',
    sort: { field: 'created_at', order: 'DESC' },
    fields: {
      title: { column: true, render: () => createElement(NotificationTitleCell) },
      audience: {
        choices: choicesOfStyles(NOTIFICATION_AUDIENCE_STYLES),
        column: { sortable: false },
        filter: true,
        render: () => createElement(NotificationAudienceCell),
      },
      status: {
        choices: choicesOfStyles(PUBLICATION_STATUS_STYLES),
        column: { sortable: false },
        filter: true,
      },
      published_at: { kind: 'dateTime', column: { noWrap: true } },
      reads: {
        column: { sortable: false, align: 'right' },
        render: (record) => formatNumber(Number(record.reads ?? 0)),
      },
    },
    phone: { primary: 'title', secondary: ['audience', 'status'] },
    actions: ['show', 'update', 'delete'],
    createDefaults: NEW_NOTIFICATION_DEFAULTS,
    overrides: {
      inputs: createElement(NotificationInputs),
      details: createElement(NotificationDetails),
      rowActionsExtra: createElement(PublishNotificationButton),
    },
  },
});

export { MyNotifications } from './MyNotifications';
