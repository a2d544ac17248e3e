import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { Button, CircularProgress } from '@mui/material';
import { useContext, useState } from 'react';
import { useListContext, useNotify } from 'react-admin';
import type { EndpointName } from '../../../contract';
import { buildEndpointRequest } from '../../dataProvider/callEndpoint';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { SessionStoreContext } from '../../layout/useSessionUser';

export type ServerExportButtonProps = {
  /** A contract endpoint that `produces: 'xlsx'`, e.g. 'exportCompanies'. */
  endpoint: EndpointName;
  /** The export body from the list's current filters (defaults to the filters themselves). */
  toBody?: (filterValues: Record<string, unknown>) => Record<string, unknown>;
  /** Name of the downloaded file, e.g. 'empresas.xlsx'. */
  filename: string;
  label?: string;
};

/** Saves a blob through a temporary `<a download>`, the way browsers accept programmatic downloads. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

async function errorMessageOf(response: Response): Promise<string | null> {
  try {
    const json: unknown = await response.json();
    if (json && typeof json === 'object' && 'message' in json && typeof json.message === 'string') {
      return json.message;
    }
  } catch {
    // Not JSON: the generic message is shown.
  }
  return null;
}

/**
 * Exports every row matching the list's filters as .xlsx, generated on the server (STYLE 7:
 * react-admin's ExportButton stops at 1,000 rows and builds CSV in the browser). Fetches with the
 * bearer token, then downloads the blob.
 */
export function ServerExportButton({ endpoint, toBody, filename, label }: ServerExportButtonProps) {
  const { filterValues } = useListContext();
  const session = useContext(SessionStoreContext);
  const notify = useNotify();
  const translate = useAppTranslate();
  const [running, setRunning] = useState(false);

  const download = async () => {
    setRunning(true);
    try {
      const body = toBody ? toBody(filterValues ?? {}) : (filterValues ?? {});
      const { method, url } = buildEndpointRequest(endpoint, { body });
      const headers = new Headers({ 'Content-Type': 'application/json' });
      const token = session.getToken();
      if (token) headers.set('Authorization', `Bearer ${token}`);
      const response = await fetch(url, { method, headers, body: JSON.stringify(body) });
      if (!response.ok) {
        notify((await errorMessageOf(response)) ?? translate('app.list.export_dialog.failed'), {
          type: 'error',
        });
        return;
      }
      saveBlob(await response.blob(), filename);
    } catch {
      notify(translate('app.list.export_dialog.failed'), { type: 'error' });
    } finally {
      setRunning(false);
    }
  };

  return (
    <Button
      variant="outlined"
      onClick={download}
      disabled={running}
      startIcon={running ? <CircularProgress size={16} /> : <FileDownloadOutlinedIcon />}
    >
      {label ?? translate('app.list.actions.export')}
    </Button>
  );
}
