import { Box, Button, Stack, Typography } from '@mui/material';
import { useEffect, useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type { EndpointReply } from '../../dataProvider/callEndpoint';

type Preview = EndpointReply<'previewSignatureRequest'>;

const base64Bytes = (base64: string) => Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));

/** The exact documents to sign: template pages as SVG images, every document as a PDF to open. */
export function RequestPreview({ preview }: { preview: Preview }) {
  const translate = useTranslate();
  const urls = useMemo(
    () =>
      preview.documents.map((document) => ({
        pdf: URL.createObjectURL(new Blob([base64Bytes(document.pdf_base64)], { type: 'application/pdf' })),
        pages: (document.svg_pages ?? []).map((svg) =>
          URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' })),
        ),
      })),
    [preview],
  );
  useEffect(
    () => () => {
      for (const each of urls) for (const url of [each.pdf, ...each.pages]) URL.revokeObjectURL(url);
    },
    [urls],
  );
  return (
    <Stack spacing={2} component="section" aria-label={translate('resources.requestSending.preview_title')}>
      {preview.documents.map((document, index) => (
        <Box key={`${document.name}-${document.sha256}`}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {document.name}
            </Typography>
            <Button
              component="a"
              href={urls[index]!.pdf}
              target="_blank"
              rel="noopener"
              size="small"
              variant="outlined"
            >
              {translate('resources.requestSending.open_pdf')}
            </Button>
          </Stack>
          {urls[index]!.pages.map((url, page) => (
            <Box
              key={url}
              component="img"
              src={url}
              alt={translate('resources.requestSending.page', {
                page: page + 1,
                pages: document.page_count,
                name: document.name,
              })}
              sx={{
                width: '100%',
                maxWidth: 720,
                display: 'block',
                border: 1,
                borderColor: 'divider',
                mb: 1,
                bgcolor: '#fff',
              }}
            />
          ))}
        </Box>
      ))}
    </Stack>
  );
}
