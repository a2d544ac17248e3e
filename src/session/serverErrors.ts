/** Reading the server's error replies (`{ message, errors? }`, carried by react-admin's HttpError). */

export type FieldErrors = Record<string, string>;

/** The server's message of a failed request, if it sent one (shown as is: it is already Spanish). */
export function serverMessage(error: unknown): string | null {
  if (error instanceof Error && error.message) return error.message;
  return null;
}

/** Field errors of a 4xx reply, handed back to a react-admin form to show under each field. */
export function serverFieldErrors(error: unknown): FieldErrors | undefined {
  if (!error || typeof error !== 'object' || !('body' in error)) return undefined;
  const { body } = error;
  if (!body || typeof body !== 'object' || !('errors' in body)) return undefined;
  return body.errors && typeof body.errors === 'object' ? (body.errors as FieldErrors) : undefined;
}
