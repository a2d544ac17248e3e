import type { ValueChipStyles } from '../../framework/common/ValueChip';
import type { AppMessageKey } from '../../i18n/en';

const label = (key: string) => `resources.supports.${key}` as const;

export const SUPPORT_STATUS_STYLES: ValueChipStyles = {
  abierto: { label: label('status.abierto'), color: 'info' },
  en_proceso: { label: label('status.en_proceso'), color: 'warning' },
  esperando_cliente: { label: label('status.esperando_cliente'), color: 'secondary' },
  resuelto: { label: label('status.resuelto'), color: 'success' },
  cerrado: { label: label('status.cerrado') },
};

export const SUPPORT_PRIORITY_STYLES: ValueChipStyles = {
  baja: { label: label('priority.baja') },
  media: { label: label('priority.media'), color: 'info' },
  alta: { label: label('priority.alta'), color: 'warning' },
  urgente: { label: label('priority.urgente'), color: 'error' },
};

export const SUPPORT_CATEGORY_STYLES: ValueChipStyles = {
  tecnico: { label: label('category.tecnico') },
  firmas: { label: label('category.firmas') },
  facturacion: { label: label('category.facturacion') },
  cuenta: { label: label('category.cuenta') },
  otro: { label: label('category.otro') },
};

/** The values of a choice, for a select's choices. */
export const choicesOf = (styles: ValueChipStyles, translate: (key: AppMessageKey) => string) =>
  Object.entries(styles).map(([id, style]) => ({ id, name: translate(style.label) }));
