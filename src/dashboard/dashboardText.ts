import { REQUEST_STATUS_VALUES } from '../../contract/endpoints/requestHistory';
import { APP_LOCALE } from '../format';

/** Texts of the dashboard (Spanish-only, like the other sender screens). */
export const DASHBOARD_TEXT = {
  title: 'Dashboard',
  subtitleCompany: 'Cifras de su empresa y sus sucursales',
  subtitlePlatform: 'Cifras de toda la plataforma (todas las empresas)',
  loadFailed: 'No se pudieron cargar las cifras del dashboard',
  thisMonth: (month: string) => `Solicitudes de ${month}`,
  sentThisMonth: 'Enviadas este mes',
  seeAll: 'Ver en el historial',
  waitingTitle: 'Firmas pendientes',
  waitingDetail: (requests: string) =>
    requests === '1' ? 'en 1 solicitud en proceso' : `en ${requests} solicitudes en proceso`,
  expiringTitle: (days: number) => `Vencen en los próximos ${days} días`,
  expiringNone: 'Ninguna solicitud vence esta semana',
  expiresOn: (date: string) => `vence el ${date}`,
  rejectionsTitle: 'Últimos rechazos',
  rejectionsNone: 'No hay solicitudes rechazadas',
  rejectedBy: (signer: string, date: string) => `${signer}, el ${date}`,
  noReason: 'Sin motivo indicado',
  allRejected: 'Ver todas las rechazadas',
  unitsTitle: 'Unidades disponibles',
  unlimited: 'Ilimitadas',
  unitsOf: (left: string, total: string) => `${left} de ${total} unidades`,
  unitsPlusUnlimited: 'además de un paquete ilimitado',
  noPlans: 'Sin paquetes vigentes',
  nearestExpiry: (date: string) => `Próximo vencimiento: ${date}`,
  activePlans: (count: string) => (count === '1' ? '1 paquete vigente' : `${count} paquetes vigentes`),
  storageTitle: 'Almacenamiento usado',
  storageOf: (used: string, capacity: string) => `${used} de ${capacity}`,
  storageNoCapacity: 'Sin capacidad asignada',
  storageUsage: 'Uso del almacenamiento',
  trendTitle: 'Solicitudes de los últimos 12 meses',
  trendSummary: (total: string, first: string, last: string) =>
    `Gráfico de barras apiladas por estado: ${total} solicitudes enviadas entre ${first} y ${last}. La tabla siguiente tiene las mismas cifras.`,
  trendTable: 'Solicitudes por mes y estado',
  month: 'Mes',
  total: 'Total',
  chartLoading: 'Cargando datos…',
  chartNoData: 'No hay datos para mostrar',
} as const;

/** Plural labels of the statuses as the dashboard counts them. */
export const STATUS_COUNT_LABELS = {
  in_progress: 'En proceso',
  completed: 'Completadas',
  rejected: 'Rechazadas',
  cancelled: 'Canceladas',
  expired: 'Vencidas',
} as const satisfies Record<(typeof REQUEST_STATUS_VALUES)[number], string>;

export const DASHBOARD_STATUSES = REQUEST_STATUS_VALUES;

const monthParts = (month: string) => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, number - 1, 15));
};
const longMonth = new Intl.DateTimeFormat(APP_LOCALE, { month: 'long', year: 'numeric', timeZone: 'UTC' });
const shortMonth = new Intl.DateTimeFormat(APP_LOCALE, { month: 'short', timeZone: 'UTC' });

/** `2026-11` → «noviembre de 2026». */
export const monthName = (month: string) => longMonth.format(monthParts(month));
/** `2026-11` → «nov 26», short enough for twelve bars on a phone. */
export const monthAbbreviation = (month: string) =>
  `${shortMonth.format(monthParts(month)).replace('.', '')} ${month.slice(2, 4)}`;
