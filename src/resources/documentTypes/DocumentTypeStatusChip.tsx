import { Chip } from '@mui/material';
import { useAppTranslate } from '../../i18n/useAppTranslate';

/** Activo / Inactivo. */
export function DocumentTypeStatusChip({ status }: { status: unknown }) {
  const translate = useAppTranslate();
  if (status !== 'active' && status !== 'inactive') return null;
  return (
    <Chip
      size="small"
      color={status === 'active' ? 'success' : 'default'}
      label={translate(`app.document_types.status.${status}`)}
    />
  );
}
