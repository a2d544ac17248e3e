import { useContext } from 'react';
import type { EndpointName } from '../../../contract';
import { buildEndpointRequest } from '../../dataProvider/callEndpoint';
import { saveBlob } from '../../framework/common/ServerExportButton';
import { SessionStoreContext } from '../../layout/useSessionUser';

/** The file name a reply's Content-Disposition gives (RFC 5987 first), else the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const encoded = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return disposition?.match(/filename="([^"]+)"/i)?.[1] ?? fallback;
}

/**
 * Downloads what a file endpoint (ZIP, CSV, .xlsx, PDF) answers, with the session's bearer token;
 * rejects with the server's Spanish message when it refuses.
 */
export function useEndpointDownload() {
  const session = useContext(SessionStoreContext);
  return async (name: EndpointName, input: Record<string, unknown>, fallbackName: string) => {
    const request = buildEndpointRequest(name, input);
    const headers = new Headers();
    const token = session.getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    if (request.body !== undefined) headers.set('Content-Type', 'application/json');
    const response = await fetch(request.url, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
    if (!response.ok) {
      const reply = (await response.json().catch(() => null)) as { message?: string } | null;
      throw new Error(reply?.message ?? 'No se pudo descargar el archivo');
    }
    saveBlob(await response.blob(), fileNameOf(response.headers.get('content-disposition'), fallbackName));
  };
}
