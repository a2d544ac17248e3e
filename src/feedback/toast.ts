import type { ToastRequest } from './feedbackBus';

/** SPEC §9: a toast stays 5 seconds (react-admin's default is 4) and has a close button. */
export const TOAST_DURATION_MS = 5000;

/** SPEC §8: the titles when the server sends no message. */
export const DEFAULT_TOAST_TITLES = {
  success: 'Operación exitosa',
  error: 'Error del servidor',
} as const satisfies Record<ToastRequest['type'], string>;

/** The toast's title: the server's message when it sent one, otherwise the default for its type. */
export function toastTitle(
  { type, message }: ToastRequest,
  defaults: Record<ToastRequest['type'], string> = DEFAULT_TOAST_TITLES,
): string {
  const text = message?.trim();
  return text ? text : defaults[type];
}
