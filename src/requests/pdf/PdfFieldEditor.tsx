import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  Box,
  Button,
  MenuItem,
  Paper,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useId, useState } from 'react';
import { PDF_FIELD_KINDS, type PdfField } from '../../../contract/endpoints/pdfRequests';
import { signerColour } from './FieldBox';
import { type FieldKind, type PageSize, placeField } from './fieldGeometry';
import { PdfPage } from './PdfPage';
import { openPdf } from './pdfDocument';
import { usePdfTranslate } from './usePdfTranslate';

export type SignerSlot = { number: number; label: string };

/** The pdf.js document of the picked file, or null while loading, without a file, or if it fails. */
function usePdfDocument(file: Blob | null) {
  const [document, setDocument] = useState<PDFDocumentProxy | null>(null);
  useEffect(() => {
    if (!file) return;
    let cancelled = false;
    let opened: PDFDocumentProxy | undefined;
    openPdf(file)
      .then((loaded) => {
        opened = loaded;
        if (!cancelled) setDocument(loaded);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      setDocument(null);
      void opened?.destroy();
    };
  }, [file]);
  return document;
}

/**
 * The visual field editor of one PDF: choose a kind and a signer, click on a page to place the
 * field, then drag, resize, reassign or remove it (all of it with the keyboard too).
 */
export function PdfFieldEditor({
  pages,
  file,
  fields,
  signers,
  onChange,
}: {
  pages: readonly PageSize[];
  file: Blob | null;
  fields: readonly PdfField[];
  signers: readonly SignerSlot[];
  onChange: (fields: PdfField[]) => void;
}) {
  const translate = usePdfTranslate();
  const helpId = useId();
  const document = usePdfDocument(file);
  const [tool, setTool] = useState<FieldKind>('signature');
  const [signer, setSigner] = useState(signers[0]?.number ?? 1);
  const [selected, setSelected] = useState<string | null>(null);
  const activeSigner = signers.some((slot) => slot.number === signer) ? signer : (signers[0]?.number ?? 1);
  const labelOf = (number: number) =>
    signers.find((slot) => slot.number === number)?.label ?? translate('signer_default', { number });
  const selectedField = fields.find((field) => field.field === selected) ?? null;

  const replace = (next: PdfField) =>
    onChange(fields.map((field) => (field.field === next.field ? next : field)));
  const remove = (name: string) => {
    onChange(fields.filter((field) => field.field !== name));
    setSelected(null);
  };
  const place = (page: number) => (point: { left: number; top: number }) => {
    const field = placeField({
      fields,
      kind: tool,
      signer: activeSigner,
      page,
      size: pages[page - 1]!,
      point,
    });
    onChange([...fields, field]);
    setSelected(field.field);
  };

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={1.5}>
          <Typography id={`${helpId}-tools`} variant="subtitle2">
            {translate('tools')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={tool}
            onChange={(_, value: FieldKind | null) => value && setTool(value)}
            aria-labelledby={`${helpId}-tools`}
            sx={{ flexWrap: 'wrap' }}
          >
            {PDF_FIELD_KINDS.map((kind) => (
              <ToggleButton key={kind} value={kind}>
                {translate(`kinds.${kind}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <TextField
            select
            size="small"
            label={translate('for_signer')}
            value={activeSigner}
            onChange={(event) => setSigner(Number(event.target.value))}
            slotProps={{ select: { SelectDisplayProps: { title: labelOf(activeSigner) } } }}
            sx={{ maxWidth: 320, minWidth: 0 }}
          >
            {signers.map((slot) => (
              <MenuItem key={slot.number} value={slot.number}>
                <Box
                  component="span"
                  aria-hidden="true"
                  sx={{
                    width: 12,
                    height: 12,
                    mr: 1,
                    display: 'inline-block',
                    bgcolor: signerColour(slot.number),
                  }}
                />
                {slot.label}
              </MenuItem>
            ))}
          </TextField>
          <Typography variant="body2" color="text.secondary">
            {translate('tool_hint')}
          </Typography>
          <Typography id={helpId} variant="body2" color="text.secondary">
            {translate('field_help')}
          </Typography>
        </Stack>
      </Paper>

      {selectedField ? (
        <Paper variant="outlined" sx={{ p: 2 }} aria-label={translate('selected_field')} component="section">
          {/* The description has a line of its own: beside the controls it was squeezed to a word per line. */}
          <Stack spacing={1.5}>
            <Typography sx={{ overflowWrap: 'anywhere' }}>
              {translate('field_label', {
                kind: translate(`kinds.${selectedField.kind}`),
                signer: labelOf(selectedField.signer),
                page: selectedField.page,
              })}
            </Typography>
            <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <TextField
                select
                size="small"
                label={translate('assigned_to')}
                value={selectedField.signer}
                onChange={(event) => replace({ ...selectedField, signer: Number(event.target.value) })}
                slotProps={{ select: { SelectDisplayProps: { title: labelOf(selectedField.signer) } } }}
                sx={{ flex: '1 1 220px', minWidth: 0, maxWidth: 360 }}
              >
                {signers.map((slot) => (
                  <MenuItem key={slot.number} value={slot.number}>
                    {slot.label}
                  </MenuItem>
                ))}
              </TextField>
              <Button
                color="error"
                startIcon={<DeleteOutlineIcon />}
                onClick={() => remove(selectedField.field)}
              >
                {translate('remove_field')}
              </Button>
            </Stack>
          </Stack>
        </Paper>
      ) : null}

      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {fields.length === 0
          ? translate('no_fields')
          : translate('fields_count', { smart_count: fields.length })}
      </Typography>

      <Stack spacing={3} sx={{ alignItems: 'center' }}>
        {pages
          .map((size, index) => ({ size, number: index + 1 }))
          .map(({ size, number }) => (
            <PdfPage
              key={number}
              document={document}
              pageNumber={number}
              pageCount={pages.length}
              size={size}
              fields={fields.filter((field) => field.page === number)}
              tool={tool}
              signerLabel={labelOf}
              selected={selected}
              helpId={helpId}
              onPlace={place(number)}
              onSelect={setSelected}
              onChange={replace}
              onRemove={remove}
            />
          ))}
      </Stack>
    </Stack>
  );
}
