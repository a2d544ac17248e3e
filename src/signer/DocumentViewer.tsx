import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import { Box, IconButton, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import type { SigningView } from './api';
import { DocumentPages, documentSheets } from './DocumentPages';

/**
 * The documents with their controls: zoom (the page grows inside its frame, which scrolls
 * sideways) and, on a phone (`paged`), one page at a time with «Página N de M» and buttons to the
 * previous and next page across the documents. The first screen shows DocumentPages alone until
 * this loads.
 */

export const ZOOM_LEVELS = [1, 1.5, 2, 3] as const;

export function DocumentViewer({
  documents,
  paged,
}: {
  documents: SigningView['documents'];
  paged: boolean;
}) {
  const [zoomIndex, setZoomIndex] = useState(0);
  const [sheet, setSheet] = useState(0);
  const top = useRef<HTMLDivElement>(null);
  const shownSheet = useRef(sheet);
  const sheets = documentSheets(documents);
  const shown = sheets[sheet];
  const several = sheets.length > 1;
  const zoom = ZOOM_LEVELS[zoomIndex] ?? 1;

  // A new page is read from its top (not on the first render: the page opens at its start).
  useEffect(() => {
    if (shownSheet.current === sheet) return;
    shownSheet.current = sheet;
    top.current?.scrollIntoView?.({ block: 'start' });
  }, [sheet]);

  return (
    <Stack spacing={1} ref={top}>
      <Stack
        direction="row"
        role="group"
        aria-label="Tamaño del documento"
        sx={{ alignItems: 'center', alignSelf: 'flex-end' }}
      >
        <IconButton
          aria-label="Alejar"
          disabled={zoomIndex === 0}
          onClick={() => setZoomIndex(zoomIndex - 1)}
        >
          <ZoomOutIcon />
        </IconButton>
        <Typography aria-live="polite" sx={{ minWidth: 56, textAlign: 'center' }}>
          {`${Math.round(zoom * 100)} %`}
        </Typography>
        <IconButton
          aria-label="Acercar"
          disabled={zoomIndex === ZOOM_LEVELS.length - 1}
          onClick={() => setZoomIndex(zoomIndex + 1)}
        >
          <ZoomInIcon />
        </IconButton>
      </Stack>
      <DocumentPages documents={documents} zoom={zoom} sheet={paged ? sheet : undefined} />
      {paged && shown && (shown.page || several) && (
        <Box
          role="group"
          aria-label="Páginas del documento"
          sx={{ display: 'flex', alignItems: 'center', justifyContent: several ? 'space-between' : 'center' }}
        >
          {several && (
            <IconButton
              aria-label="Página anterior"
              disabled={sheet === 0}
              onClick={() => setSheet(sheet - 1)}
            >
              <NavigateBeforeIcon />
            </IconButton>
          )}
          <Typography>
            {shown.page ? `Página ${shown.number} de ${shown.document.page_count}` : ''}
          </Typography>
          {several && (
            <IconButton
              aria-label="Página siguiente"
              disabled={sheet === sheets.length - 1}
              onClick={() => setSheet(sheet + 1)}
            >
              <NavigateNextIcon />
            </IconButton>
          )}
        </Box>
      )}
    </Stack>
  );
}
