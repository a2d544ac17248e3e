import { Box } from '@mui/material';
import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import type { PdfField } from '../../../contract/endpoints/pdfRequests';
import { boxStyle, fieldAfterKey, moveField, type PageSize, resizeField } from './fieldGeometry';
import { usePdfTranslate } from './usePdfTranslate';

/** One colour per signer number, readable on white with dark text. */
export const SIGNER_COLOURS = ['#f4c542', '#7cc6f2', '#9bd88a', '#f29b9b', '#c7a4f2', '#f2b77c'] as const;
export const signerColour = (number: number) => SIGNER_COLOURS[(number - 1) % SIGNER_COLOURS.length]!;

type Drag = { mode: 'move' | 'resize'; startX: number; startY: number; start: PdfField };

/**
 * A placed field on a page: dragged to move, dragged by its corner to resize, and the same with the
 * keyboard (arrows move, Shift+arrows resize, Delete removes) once focused.
 */
export function FieldBox({
  field,
  page,
  scale,
  signerLabel,
  selected,
  helpId,
  onSelect,
  onChange,
  onRemove,
}: {
  field: PdfField;
  page: PageSize;
  scale: number;
  signerLabel: string;
  selected: boolean;
  helpId: string;
  onSelect: () => void;
  onChange: (field: PdfField) => void;
  onRemove: () => void;
}) {
  const translate = usePdfTranslate();
  const drag = useRef<Drag | null>(null);
  const label = translate('field_label', {
    kind: translate(`kinds.${field.kind}`),
    signer: signerLabel,
    page: field.page,
  });

  const begin = (mode: Drag['mode']) => (event: PointerEvent<HTMLElement>) => {
    event.stopPropagation();
    event.preventDefault();
    onSelect();
    (event.currentTarget as HTMLElement).setPointerCapture?.(event.pointerId);
    drag.current = { mode, startX: event.clientX, startY: event.clientY, start: field };
  };
  const follow = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current) return;
    const dx = (event.clientX - current.startX) / scale;
    const dy = (event.clientY - current.startY) / scale;
    onChange(
      current.mode === 'move'
        ? moveField(current.start, page, dx, dy)
        : resizeField(current.start, page, dx, dy),
    );
  };
  const end = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      onRemove();
      return;
    }
    const next = fieldAfterKey(field, page, event);
    if (!next) return;
    event.preventDefault();
    onChange(next);
  };

  return (
    <Box
      role="button"
      tabIndex={0}
      aria-label={label}
      // The box may be too small for its text: the whole of it on hover.
      title={label}
      aria-describedby={helpId}
      aria-pressed={selected}
      data-field={field.field}
      onFocus={onSelect}
      onKeyDown={onKeyDown}
      onPointerDown={begin('move')}
      onPointerMove={follow}
      onPointerUp={end}
      onPointerCancel={end}
      sx={{
        position: 'absolute',
        ...boxStyle(field, page, scale),
        bgcolor: `${signerColour(field.signer)}b3`,
        border: '2px solid',
        borderColor: selected ? 'text.primary' : signerColour(field.signer),
        borderRadius: 0.5,
        cursor: 'move',
        touchAction: 'none',
        overflow: 'hidden',
        fontSize: 11,
        lineHeight: 1.1,
        color: '#1f1a0e',
        px: 0.25,
        userSelect: 'none',
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.dark', outlineOffset: 1 },
      }}
    >
      {translate(`kinds.${field.kind}`)} · {signerLabel}
      <Box
        aria-hidden="true"
        title={translate('resize')}
        onPointerDown={begin('resize')}
        onPointerMove={follow}
        onPointerUp={end}
        onPointerCancel={end}
        sx={{
          position: 'absolute',
          right: 0,
          bottom: 0,
          width: 12,
          height: 12,
          bgcolor: 'text.primary',
          cursor: 'nwse-resize',
          touchAction: 'none',
        }}
      />
    </Box>
  );
}
