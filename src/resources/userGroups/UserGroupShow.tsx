import { Chip, Stack, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime } from '../../format';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { DetailGrid, DetailItem } from '../users/UserShow';

type Member = { id: number; full_name: string; email: string };

/** The details of a user group and its members. */
export function UserGroupShow() {
  const record = useRecordContext();
  const translate = useTranslate();
  const app = useAppTranslate();
  if (!record) return null;
  const label = (field: string) => translate(`resources.user_groups.fields.${field}`);
  const members: Member[] = Array.isArray(record.members) ? record.members : [];
  return (
    <Stack spacing={3}>
      <DetailGrid>
        <DetailItem label={label('name')}>{record.name}</DetailItem>
        <DetailItem label={label('company_name')}>{record.company_name}</DetailItem>
        <DetailItem label={label('description')}>{record.description ?? '—'}</DetailItem>
        <DetailItem label={label('created_at')}>{formatDateTime(record.created_at)}</DetailItem>
      </DetailGrid>
      <Stack spacing={1}>
        <Typography variant="subtitle2">
          {app('app.user_groups.member_count', { smart_count: members.length })}
        </Typography>
        {members.length ? (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {members.map((member) => (
              <Chip key={member.id} label={member.full_name} title={member.email} variant="outlined" />
            ))}
          </Stack>
        ) : (
          <Typography color="text.secondary">{app('app.user_groups.no_members')}</Typography>
        )}
      </Stack>
    </Stack>
  );
}
