import { Box, Stack, Typography } from '@mui/material';
import type { FieldBox, SigningView } from './api';

/**
 * The documents as they will be sealed: each page is the server's SVG of the stored PDF, shown
 * as an image (lazy below the fold), with this signer's boxes outlined where their values go.
 */

const svgUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

const BOX_LABELS: Record<string, string> = {
  signature: 'Su firma',
  initials: 'Sus iniciales',
  signing_date: 'Fecha de firma',
  text: 'Texto',
  checkbox: 'Casilla',
  date: 'Fecha',
};

function BoxOutline({ box, page }: { box: FieldBox; page: { width: number; height: number } }) {
  return (
    <Box
      aria-hidden="true"
      sx={{
        position: 'absolute',
        left: `${(box.x / page.width) * 100}%`,
        top: `${((page.height - box.y - box.height) / page.height) * 100}%`,
        width: `${(box.width / page.width) * 100}%`,
        height: `${(box.height / page.height) * 100}%`,
        border: '2px solid',
        borderColor: 'primary.main',
        bgcolor: 'rgba(255, 193, 7, 0.15)',
        fontSize: 10,
        color: 'text.primary',
        overflow: 'hidden',
      }}
    >
      {BOX_LABELS[box.kind] ?? box.kind}
    </Box>
  );
}

export function DocumentPages({ documents }: { documents: SigningView['documents'] }) {
  return (
    <Stack spacing={3} component="section" aria-label="Documentos">
      {documents.map((document) => (
        <Stack key={document.id} spacing={1}>
          <Typography component="h2" variant="h6">
            {document.name}
          </Typography>
          {document.pages.length === 0 && (
            <Typography role="note" color="text.secondary">
              La vista previa de este documento no está disponible por ahora ({document.page_count}{' '}
              {document.page_count === 1 ? 'página' : 'páginas'}).
            </Typography>
          )}
          {document.pages
            .map((page, index) => ({ page, number: index + 1 }))
            .map(({ page, number }) => (
              <Box key={number} sx={{ position: 'relative', width: '100%', boxShadow: 1, bgcolor: '#fff' }}>
                <Box
                  component="img"
                  src={svgUrl(page.svg)}
                  alt={`${document.name}, página ${number} de ${document.page_count}`}
                  loading={number === 1 ? 'eager' : 'lazy'}
                  width={page.width}
                  height={page.height}
                  sx={{ display: 'block', width: '100%', height: 'auto' }}
                />
                {document.boxes
                  .filter((box) => box.page === number)
                  .map((box) => (
                    <BoxOutline key={box.field} box={box} page={page} />
                  ))}
              </Box>
            ))}
        </Stack>
      ))}
    </Stack>
  );
}
