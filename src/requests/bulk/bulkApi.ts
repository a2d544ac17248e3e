import { useCallback, useContext } from 'react';
import { useTranslate } from 'react-admin';
import type { EndpointReply } from '../../dataProvider/callEndpoint';
import { buildEndpointRequest } from '../../dataProvider/callEndpoint';
import { saveBlob } from '../../framework/common/ServerExportButton';
import type { MessageKey } from '../../i18n/catalogue';
import { SessionStoreContext } from '../../layout/useSessionUser';
import type { bulkRequestsMessages } from './messages';

export type BulkBatch = EndpointReply<'bulkBatchProgress'>;
export type BulkRow = BulkBatch['rows'][number];
type BulkKey = MessageKey<(typeof bulkRequestsMessages)['en']>;

/** The screen's own labels (`resources.bulk_requests.*`), checked at compile time. */
export function useBulkTranslate(): (key: BulkKey, options?: Record<string, string | number>) => string {
  const translate = useTranslate();
  return useCallback((key, options) => translate(`resources.bulk_requests.${key}`, options), [translate]);
}

/** A chosen file as the upload endpoints take it: base64 without the data: prefix. */
export function readFileAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*;base64,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** Downloads the group's sheet with the session's token; resolves to the server's message on failure. */
export function useSheetDownload(): (packageId: number, filename: string) => Promise<string | null> {
  const session = useContext(SessionStoreContext);
  return useCallback(
    async (packageId, filename) => {
      const { url } = buildEndpointRequest('exportBulkSheet', {
        documentHeaderId: packageId,
        countryId: 'CO',
      });
      const headers = new Headers();
      const token = session.getToken();
      if (token) headers.set('Authorization', `Bearer ${token}`);
      const response = await fetch(url, { headers });
      if (!response.ok) {
        const json = (await response.json().catch(() => null)) as { message?: string } | null;
        return json?.message ?? response.statusText;
      }
      saveBlob(await response.blob(), filename);
      return null;
    },
    [session],
  );
}

/** Rows processed so far, out of those sent (the progress bar's value, 0–100). */
export function progressOf(batch: Pick<BulkBatch, 'sent' | 'failed' | 'queued'>): number {
  const total = batch.sent + batch.failed + batch.queued;
  return total === 0 ? 0 : Math.round(((batch.sent + batch.failed) / total) * 100);
}
