import { HttpError } from 'react-admin';
import type { HttpMethod } from '../../contract';

/** Every API call is `/api/<path>` on the same origin. */
export const API_BASE = '/api';

/** SPEC §8: the error text when the server gives none. */
export const DEFAULT_ERROR_MESSAGE = 'Error del servidor';
export const CONNECTION_ERROR_MESSAGE = 'No fue posible conectar con el servidor';

export type HttpRequest = { method: HttpMethod; url: string; body?: unknown; signal?: AbortSignal };
export type HttpResponse = { status: number; headers: Headers; json: unknown };
export type HttpClient = (request: HttpRequest) => Promise<HttpResponse>;

/** The server's error reply: a Spanish message and, for invalid input, one message per field. */
export type ErrorBody = { message?: string; errors?: Record<string, string> };

export type HttpClientOptions = {
  /** The session token, read on every request so a login or logout takes effect at once. */
  getToken: () => string | null;
  fetch?: typeof globalThis.fetch;
};

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const isAbortError = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

function errorMessage(json: unknown): string {
  if (
    json &&
    typeof json === 'object' &&
    'message' in json &&
    typeof json.message === 'string' &&
    json.message
  ) {
    return json.message;
  }
  return DEFAULT_ERROR_MESSAGE;
}

/**
 * JSON over fetch with the bearer token. A non-2xx reply becomes react-admin's `HttpError` carrying
 * the status, the server's message and its body, so `body.errors` reaches forms as field errors.
 */
export function createHttpClient({ getToken, fetch: fetchImpl }: HttpClientOptions): HttpClient {
  return async ({ method, url, body, signal }) => {
    const headers = new Headers({ Accept: 'application/json' });
    const token = getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const init: RequestInit = { method, headers, signal };
    if (body !== undefined) {
      headers.set('Content-Type', 'application/json');
      init.body = JSON.stringify(body);
    }

    let response: Response;
    try {
      // Looked up at call time so tests (and polyfills) can replace the global fetch.
      response = await (fetchImpl ?? globalThis.fetch)(url, init);
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw new HttpError(CONNECTION_ERROR_MESSAGE, 0, { message: CONNECTION_ERROR_MESSAGE });
    }

    const json = parseJson(await response.text());
    if (!response.ok) {
      const message = errorMessage(json);
      const errorBody: ErrorBody = json && typeof json === 'object' ? (json as ErrorBody) : { message };
      throw new HttpError(message, response.status, errorBody);
    }
    return { status: response.status, headers: response.headers, json };
  };
}

/** The HTTP status of an error thrown by the client, if it has one. */
export function statusOf(error: unknown): number | undefined {
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number') {
    return error.status;
  }
  return undefined;
}
