import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Stack, Typography } from '@mui/material';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { type MouseEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { PdfField } from '../../../contract/endpoints/pdfRequests';
import { FieldBox } from './FieldBox';
import type { FieldKind, PageSize } from './fieldGeometry';
import { drawPage } from './pdfDocument';
import { usePdfTranslate } from './usePdfTranslate';

/** The width a page can take in its column (a page is never drawn wider than 1.5× its size). */
function useAvailableWidth(page: PageSize) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(Math.min(page.width, 600));
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => element.clientWidth > 0 && setWidth(element.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, scale: Math.min(width / page.width, 1.5) };
}

/**
 * One page: drawn by pdf.js under its fields; a click places the chosen kind of field there, and
 * the button under it places one in the middle of the page (the keyboard's way).
 */
export function PdfPage({
  document,
  pageNumber,
  pageCount,
  size,
  fields,
  tool,
  signerLabel,
  selected,
  helpId,
  onPlace,
  onSelect,
  onChange,
  onRemove,
}: {
  document: PDFDocumentProxy | null;
  pageNumber: number;
  pageCount: number;
  size: PageSize;
  fields: readonly PdfField[];
  tool: FieldKind;
  signerLabel: (number: number) => string;
  selected: string | null;
  helpId: string;
  onPlace: (point: { left: number; top: number }) => void;
  onSelect: (name: string) => void;
  onChange: (field: PdfField) => void;
  onRemove: (name: string) => void;
}) {
  const translate = usePdfTranslate();
  const { ref, scale } = useAvailableWidth(size);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!document || !canvas.current) return;
    let cancelled = false;
    let task: Awaited<ReturnType<typeof drawPage>> | undefined;
    drawPage(document, pageNumber, canvas.current, scale)
      .then((drawn) => {
        task = drawn;
        if (!cancelled) setFailed(false);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [document, pageNumber, scale]);

  const place = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget && event.target !== canvas.current) return;
    const bounds = event.currentTarget.getBoundingClientRect();
    onPlace({ left: (event.clientX - bounds.left) / scale, top: (event.clientY - bounds.top) / scale });
  };

  const title = translate('page', { page: pageNumber, pages: pageCount });
  return (
    <Stack component="section" aria-label={title} spacing={1} ref={ref} sx={{ width: '100%', minWidth: 0 }}>
      <Typography variant="subtitle2" color="text.secondary">
        {title}
      </Typography>
      <Box
        data-page={pageNumber}
        onClick={place}
        sx={{
          position: 'relative',
          width: size.width * scale,
          height: size.height * scale,
          bgcolor: 'common.white',
          boxShadow: 2,
          cursor: 'crosshair',
        }}
      >
        <Box
          component="canvas"
          ref={canvas}
          aria-hidden="true"
          sx={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            display: document ? 'block' : 'none',
          }}
        />
        {fields.map((field) => (
          <FieldBox
            key={field.field}
            field={field}
            page={size}
            scale={scale}
            signerLabel={signerLabel(field.signer)}
            selected={selected === field.field}
            helpId={helpId}
            onSelect={() => onSelect(field.field)}
            onChange={onChange}
            onRemove={() => onRemove(field.field)}
          />
        ))}
      </Box>
      {failed ? (
        <Typography variant="caption" color="text.secondary">
          {translate('page_not_rendered')}
        </Typography>
      ) : null}
      <Box>
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={() => onPlace({ left: size.width / 2, top: size.height / 2 })}
        >
          {`${translate(`kinds.${tool}`)} · ${title}`}
        </Button>
      </Box>
    </Stack>
  );
}
