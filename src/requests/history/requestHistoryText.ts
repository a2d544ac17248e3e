import type { ChipProps } from '@mui/material';
import {
  MAIL_KIND_LABELS,
  MAIL_STATUS_LABELS,
  REQUEST_STATUS_LABELS,
  REQUEST_STATUS_VALUES,
  SIGNER_STATUS_LABELS,
} from '../../../contract/endpoints/requestHistory';

/**
 * Texts of the history screens. The product is Spanish-only for senders; the status labels are
 * the contract's, the same the exports print.
 */
export const HISTORY_TEXT = {
  title: 'Historial de solicitudes',
  chooseRequest: 'Elija en el historial la solicitud que quiere revisar o actualizar:',
  subtitle: 'Solicitudes de firma enviadas por su empresa y sus sucursales',
  status: 'Estado',
  allStatuses: 'Todos',
  signer: 'Firmante (nombre o correo)',
  dateFrom: 'Desde',
  dateTo: 'Hasta',
  clearFilters: 'Limpiar filtros',
  filters: (active: number) => (active > 0 ? `Filtros (${active})` : 'Filtros'),
  requestTitle: 'Solicitud',
  company: 'Empresa',
  group: 'Grupo de documentos',
  signers: 'Firmantes',
  createdAt: 'Enviada',
  expiresAt: 'Vence',
  expiresOn: 'Vence el',
  createdBy: 'Creada por',
  actions: 'Acciones',
  open: 'Ver detalle',
  empty: 'No hay solicitudes que cumplan los filtros',
  selected: (count: number) =>
    count === 1 ? '1 solicitud seleccionada' : `${count} solicitudes seleccionadas`,
  downloadZip: 'Descargar ZIP',
  exportXlsx: 'Exportar Excel',
  exportCsv: 'Exportar CSV',
  downloadFailed: 'No se pudo descargar el archivo',
  loadFailed: 'No se pudo cargar el historial',
  rowsPerPage: 'Filas por página',
  selectAll: 'Seleccionar todas las solicitudes de la página',
  selectRow: (title: string) => `Seleccionar «${title}»`,
  back: 'Volver al historial',
  documents: 'Documentos',
  pages: (count: number) => (count === 1 ? '1 página' : `${count} páginas`),
  sealed: 'Sellado',
  view: 'Ver',
  download: 'Descargar',
  timeline: 'Línea de tiempo',
  emails: 'Correos enviados',
  noEmails: 'Aún no se han enviado correos',
  resend: 'Reenviar',
  resendTitle: 'Reenviar invitación',
  resendHelp: 'Corrija el correo o el teléfono si estaban errados; el enlace anterior dejará de funcionar.',
  email: 'Correo electrónico',
  phone: 'Teléfono',
  cancel: 'Cancelar solicitud',
  cancelTitle: 'Cancelar la solicitud',
  cancelHelp: 'Los firmantes con enlace recibirán un aviso y el enlace dejará de funcionar.',
  reason: 'Motivo',
  extend: 'Ampliar vencimiento',
  extendTitle: 'Ampliar el vencimiento',
  newExpiry: 'Nuevo último día para firmar',
  newExpiryHelp: 'La solicitud queda abierta hasta las 11:59 p. m. (hora de Colombia) de ese día.',
  close: 'Cerrar',
  confirm: 'Confirmar',
  required: 'Campo requerido',
  cancelReason: 'Motivo de cancelación',
  rejectionReason: 'Motivo del rechazo',
  validationCode: 'Código de validación',
  signedOf: (signed: number, total: number) => `${signed} de ${total} firmas`,
  loading: 'Cargando…',
} as const;

export const REQUEST_STATUS_CHIPS = {
  in_progress: 'info',
  completed: 'success',
  rejected: 'error',
  cancelled: 'default',
  expired: 'warning',
} as const satisfies Record<(typeof REQUEST_STATUS_VALUES)[number], ChipProps['color']>;

export const SIGNER_STATUS_CHIPS = {
  waiting: 'default',
  invited: 'info',
  viewed: 'secondary',
  signed: 'success',
  rejected: 'error',
} as const satisfies Record<keyof typeof SIGNER_STATUS_LABELS, ChipProps['color']>;

export {
  MAIL_KIND_LABELS,
  MAIL_STATUS_LABELS,
  REQUEST_STATUS_LABELS,
  REQUEST_STATUS_VALUES,
  SIGNER_STATUS_LABELS,
};

/** Chip colours of the e-mails' statuses; their labels are the contract's (the export prints them too). */
export const MAIL_STATUS_CHIPS = {
  queued: 'default',
  sent: 'info',
  opened: 'success',
  bounced: 'error',
  failed: 'error',
} as const satisfies Record<keyof typeof MAIL_STATUS_LABELS, ChipProps['color']>;
