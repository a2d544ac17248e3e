import NotificationsOutlinedIcon from '@mui/icons-material/NotificationsOutlined';
import type { ResourceDeclaration } from '../types';
import { notificationsData } from './notificationsData';

/**
 * Notifications (notifications_list and its CRUD; publish_notification is a row action). Screen:
 * admin.notifications (/notifications, NotificationListPage); "Mis notificaciones" on home
 * (MyNotifications, my_notifications / mark_notification_read).
 */
export const notifications = {
  name: 'notifications',
  icon: NotificationsOutlinedIcon,
  recordRepresentation: 'title',
  data: notificationsData,
} satisfies ResourceDeclaration;

export { MyNotifications } from './MyNotifications';
export { NotificationListPage } from './NotificationListPage';
