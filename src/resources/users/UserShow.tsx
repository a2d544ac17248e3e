import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime } from '../../format';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { UserStatusChip } from './UserStatusChip';

/** One labelled value of a details view (a definition list entry). */
export function DetailItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** A definition list in two columns (one on phones). */
export function DetailGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}

/** The details of a user, in the show dialog of the users list. */
export function UserShow() {
  const record = useRecordContext();
  const translate = useTranslate();
  const app = useAppTranslate();
  if (!record) return null;
  const label = (field: string) => translate(`resources.users.fields.${field}`);
  const when = (value: unknown) =>
    typeof value === 'string' ? formatDateTime(value) : app('app.users.never');
  const document = [record.id_type, record.id_number].filter(Boolean).join(' ');
  return (
    <DetailGrid>
      <DetailItem label={label('full_name')}>{record.full_name}</DetailItem>
      <DetailItem label={label('email')}>{record.email}</DetailItem>
      <DetailItem label={label('phone')}>{record.phone ?? '—'}</DetailItem>
      <DetailItem label={label('id_number')}>{document || '—'}</DetailItem>
      <DetailItem label={label('role_name')}>{record.role_name}</DetailItem>
      <DetailItem label={label('company_name')}>{record.company_name}</DetailItem>
      <DetailItem label={label('status')}>
        <UserStatusChip record={record} />
      </DetailItem>
      <DetailItem label={label('last_login_at')}>{when(record.last_login_at)}</DetailItem>
      <DetailItem label={label('invited_at')}>{when(record.invited_at)}</DetailItem>
      <DetailItem label={label('created_at')}>{when(record.created_at)}</DetailItem>
    </DetailGrid>
  );
}
