import { Chip, type ChipProps } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { AppMessageKey } from '../../i18n/en';
import { useAppTranslate } from '../../i18n/useAppTranslate';

/** How each value of an enumerated field shows: its Spanish label and the chip's colour. */
export type ValueChipStyles = Record<string, { label: AppMessageKey; color?: ChipProps['color'] }>;

export type ValueChipProps = {
  /** The record field to read (inside a DataTable row or a show dialog). */
  source: string;
  styles: ValueChipStyles;
  /** Shows this value instead of the record's. */
  value?: string | boolean | null;
};

/** A small coloured label for a status-like value (active, published, expired…). */
export function ValueChip({ source, styles, value }: ValueChipProps) {
  const record = useRecordContext();
  const translate = useAppTranslate();
  const raw = value !== undefined ? value : record?.[source];
  if (raw === undefined || raw === null) return null;
  const style = styles[String(raw)];
  if (!style) return <Chip size="small" label={String(raw)} variant="outlined" />;
  return (
    <Chip
      size="small"
      label={translate(style.label)}
      color={style.color ?? 'default'}
      variant={style.color ? 'filled' : 'outlined'}
    />
  );
}

/** Styles shared by several resources. */
export const ACTIVE_STATUS_STYLES: ValueChipStyles = {
  active: { label: 'app.platform.common.active', color: 'success' },
  inactive: { label: 'app.platform.common.inactive' },
};

export const PUBLICATION_STATUS_STYLES: ValueChipStyles = {
  draft: { label: 'app.platform.common.draft' },
  published: { label: 'app.platform.common.published', color: 'success' },
};
