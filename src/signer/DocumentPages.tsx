import { Box, Stack, Typography } from '@mui/material';
import type { FieldBox, SigningView } from './api';

/**
 * The documents as they will be sealed: each page is the server's SVG of the stored PDF, shown
 * as an image (lazy below the fold), with this signer's boxes outlined where their values go.
 * Vectors stay sharp at any zoom, pinched or through `zoom` (the page grows inside its own frame,
 * which scrolls sideways; the screen never does). This part is on the signer's first screen, so it
 * carries no controls: DocumentViewer, loaded right after, adds zoom and page buttons.
 */

type SigningDocument = SigningView['documents'][number];
type Page = SigningDocument['pages'][number];

/** One page of one document, or a document whose preview is missing. */
export type Sheet = { document: SigningDocument; documentIndex: number; number: number; page: Page | null };

/** Every page of every document, in reading order. */
export function documentSheets(documents: SigningView['documents']): Sheet[] {
  return documents.flatMap((document, documentIndex): Sheet[] =>
    document.pages.length === 0
      ? [{ document, documentIndex, number: 1, page: null }]
      : document.pages.map((page, index) => ({ document, documentIndex, number: index + 1, page })),
  );
}

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

function PageImage({ sheet, page, zoom }: { sheet: Sheet; page: Page; zoom: number }) {
  const { document, number } = sheet;
  const zoomed = zoom > 1;
  return (
    <Box
      data-page-frame
      // A zoomed page scrolls sideways in its frame: keyboard users reach it too.
      {...(zoomed && {
        tabIndex: 0,
        role: 'group',
        'aria-label': `${document.name}, página ${number} ampliada`,
      })}
      sx={{ width: '100%', overflowX: zoomed ? 'auto' : 'hidden', boxShadow: 1, bgcolor: '#fff' }}
    >
      <Box sx={{ position: 'relative', width: `${zoom * 100}%` }}>
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
    </Box>
  );
}

function MissingPreview({ document }: { document: SigningDocument }) {
  return (
    <Typography role="note" color="text.secondary">
      La vista previa de este documento no está disponible por ahora ({document.page_count}{' '}
      {document.page_count === 1 ? 'página' : 'páginas'}).
    </Typography>
  );
}

/**
 * All pages of all documents, or only the sheet numbered `sheet` of `documentSheets` (a phone
 * reads one page at a time), `zoom` times the width of the column.
 */
export function DocumentPages({
  documents,
  zoom = 1,
  sheet,
}: {
  documents: SigningView['documents'];
  zoom?: number;
  sheet?: number;
}) {
  if (sheet !== undefined) {
    const sheets = documentSheets(documents);
    const shown = sheets[Math.min(sheet, sheets.length - 1)];
    if (!shown) return null;
    return (
      <Stack spacing={1} component="section" aria-label="Documentos">
        <Typography component="h2" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
          {shown.document.name}
        </Typography>
        {documents.length > 1 && (
          <Typography variant="body2" color="text.secondary">
            Documento {shown.documentIndex + 1} de {documents.length}
          </Typography>
        )}
        {shown.page ? (
          <PageImage key={sheet} sheet={shown} page={shown.page} zoom={zoom} />
        ) : (
          <MissingPreview document={shown.document} />
        )}
      </Stack>
    );
  }
  return (
    <Stack spacing={3} component="section" aria-label="Documentos">
      {documents.map((document, documentIndex) => (
        <Stack key={document.id} spacing={1}>
          <Typography component="h2" variant="h6">
            {document.name}
          </Typography>
          {document.pages.length === 0 && <MissingPreview document={document} />}
          {document.pages
            .map((page, index) => ({ page, number: index + 1 }))
            .map(({ page, number }) => (
              <PageImage
                key={number}
                sheet={{ document, documentIndex, number, page }}
                page={page}
                zoom={zoom}
              />
            ))}
        </Stack>
      ))}
    </Stack>
  );
}
