import type { z } from 'zod';
import type { fileVerdict, requestSummary } from '../../../contract/endpoints/validation';

/** The public validation calls, with plain fetch: this page loads neither react-admin nor the contract's schemas. */

export type RequestSummary = z.output<typeof requestSummary>;
export type FileVerdict = z.output<typeof fileVerdict>;

const CONNECTION_ERROR = 'No fue posible conectar con el servidor. Revise su conexión e intente de nuevo';
const SERVER_ERROR = 'Error del servidor';

export class ValidationRequestError extends Error {}

type Fetch = typeof globalThis.fetch;

async function post<T>(fetcher: Fetch, path: string, body: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetcher(`/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ValidationRequestError(CONNECTION_ERROR);
  }
  const json = (await response.json().catch(() => null)) as { data?: T; message?: string } | null;
  if (!response.ok || !json?.data) throw new ValidationRequestError(json?.message || SERVER_ERROR);
  return json.data;
}

export const validateCode = (code: string, fetcher: Fetch = fetch) =>
  post<RequestSummary>(fetcher, 'certificate_validation/code', { code });

/** The file as base64, in chunks: a spread of a multi-megabyte array would overflow the stack. */
export async function fileBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}

export const validateFile = async (file: File, fetcher: Fetch = fetch) =>
  post<FileVerdict>(fetcher, 'certificate_validation/pdf', {
    filename: file.name || 'documento.pdf',
    content_base64: await fileBase64(file),
  });
