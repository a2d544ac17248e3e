import {
  Box,
  Button,
  Dialog,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useEffect, useMemo } from 'react';
import { pdfFileName } from '../../../contract/fileNames';
import type { EndpointReply } from '../../dataProvider/callEndpoint';
import { useAppTranslate } from '../../i18n/useAppTranslate';

export type RenderedPreview = EndpointReply<'pdfPreview'>;

const base64Bytes = (base64: string) => Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));

/**
 * The server's rendering, shown as its page images (SVG, same engine and bytes as the PDF) and
 * offered as the PDF itself; no PDF viewer is needed, so it works the same on a phone.
 */
export function TemplatePreviewDialog({
  preview,
  filename,
  onClose,
}: {
  preview: RenderedPreview | null;
  filename: string;
  onClose: () => void;
}) {
  const app = useAppTranslate();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const pdfUrl = useMemo(
    () =>
      preview
        ? URL.createObjectURL(new Blob([base64Bytes(preview.pdf_base64)], { type: 'application/pdf' }))
        : null,
    [preview],
  );
  const pageUrls = useMemo(
    () =>
      (preview?.svg_pages ?? []).map((svg) =>
        URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' })),
      ),
    [preview],
  );
  useEffect(
    () => () => {
      if (pdfUrl) URL.revokeObjectURL(pdfUrl);
      for (const url of pageUrls) URL.revokeObjectURL(url);
    },
    [pdfUrl, pageUrls],
  );
  return (
    <Dialog open={preview !== null} onClose={onClose} fullWidth maxWidth="md" fullScreen={phone}>
      <DialogTitle>{app('app.templates.preview_title')}</DialogTitle>
      <DialogContent>
        {preview ? (
          <Stack spacing={2}>
            <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
              <Typography data-testid="preview-pages">
                {app('app.templates.preview_pages', { smart_count: preview.page_count })}
              </Typography>
              {pdfUrl ? (
                <Button component="a" href={pdfUrl} download={pdfFileName(filename)} variant="outlined">
                  {app('app.templates.download_pdf')}
                </Button>
              ) : null}
            </Stack>
            {pageUrls.map((url, index) => (
              <Box
                key={url}
                component="img"
                src={url}
                alt={`Página ${index + 1}`}
                sx={{
                  width: '100%',
                  maxWidth: '100%',
                  border: 1,
                  borderColor: 'divider',
                  bgcolor: 'common.white',
                }}
              />
            ))}
          </Stack>
        ) : null}
      </DialogContent>
      <Box sx={{ p: 2, textAlign: 'right' }}>
        <Button onClick={onClose}>{app('app.platform.common.close')}</Button>
      </Box>
    </Dialog>
  );
}
