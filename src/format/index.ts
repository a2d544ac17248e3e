export { bogotaDay, deadlineText } from '../../contract/deadline';
export { formatCurrency } from './currency';
export { type DateInput, formatDate, formatDateTime } from './date';
export { APP_LOCALE, APP_TIME_ZONE } from './locale';
export { formatNumber } from './number';
export { formatSize, SIZE_UNITS } from './size';
