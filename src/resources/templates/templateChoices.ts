/** Template statuses as chips and the status filter show them. */
export const TEMPLATE_STATUS_CHOICES = {
  values: ['active', 'inactive'],
  labels: 'app.templates.status',
  colors: { active: 'success' },
  anyLabel: 'app.templates.all_statuses',
} as const;

export const TEMPLATE_LIST_PATH = '/document-template';
export const templateEditorPath = (id?: number | string) =>
  id === undefined ? `${TEMPLATE_LIST_PATH}/create` : `${TEMPLATE_LIST_PATH}/update/${id}`;
