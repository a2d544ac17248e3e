import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button } from '@mui/material';
import { useRef, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { EndpointReply } from '../../dataProvider/callEndpoint';
import type { AppDataProvider } from '../../dataProvider/dataProvider';
import { useAppTranslate } from '../../i18n/useAppTranslate';

const readAsBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** Uploads a DOCX (or a PDF, whose pages are counted) through convert_and_count_pages. */
export function DocxImportButton({ onImported }: { onImported: (html: string) => void }) {
  const app = useAppTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    setBusy(true);
    try {
      const reply: EndpointReply<'convertAndCountPages'> = await dataProvider.callEndpoint(
        'convertAndCountPages',
        {
          body: { filename: file.name, content_base64: await readAsBase64(file) },
        },
      );
      if (reply.kind === 'docx') {
        onImported(reply.html);
        notify(app('app.templates.imported_docx'), { type: 'success' });
      } else {
        notify(app('app.templates.imported_pdf', { smart_count: reply.page_count }), { type: 'info' });
      }
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Error del servidor', { type: 'error' });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={busy}>
      {app('app.templates.import_docx')}
      <input
        ref={input}
        hidden
        type="file"
        accept=".docx,.pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/pdf"
        data-testid="docx-import"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void upload(file);
        }}
      />
    </Button>
  );
}
