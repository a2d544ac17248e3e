import { Avatar, Box, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { type RaRecord, useRecordContext, useTranslate } from 'react-admin';
import { formatDate, formatDateTime, formatNumber } from '../../format';
import { useAppTranslate } from '../../i18n/useAppTranslate';

/** A company or branch as the API answers it (contract `companyRecord`). */
export type CompanyRecord = RaRecord & {
  fiscal_name: string;
  tax_id: string;
  parent_id: number | null;
  parent_name: string | null;
  is_branch: boolean;
  branch_count: number;
  status: 'active' | 'inactive';
  api_key_prefix: string | null;
  api_key_created_at: string | null;
  logo_url: string | null;
  storage_capacity_gb: number;
  storage_used_gb: number;
  support_phone: string | null;
  support_whatsapp: string | null;
  support_email: string | null;
  department_name: string | null;
  city_name: string | null;
  postal_code: string | null;
  address: string | null;
  created_at: string;
  updated_at: string;
};

/** "Activa" (green) or "Inactiva" (grey). */
export function CompanyStatusChip({ record: given }: { record?: CompanyRecord }) {
  const record = useRecordContext<CompanyRecord>({ record: given });
  const translate = useAppTranslate();
  if (!record) return null;
  const active = record.status === 'active';
  return (
    <Chip
      size="small"
      color={active ? 'success' : 'default'}
      variant={active ? 'filled' : 'outlined'}
      label={translate(active ? 'app.companies.status_active' : 'app.companies.status_inactive')}
    />
  );
}

/** "Empresa" or "Sucursal de <parent>". */
export function CompanyKindField() {
  const record = useRecordContext<CompanyRecord>();
  const translate = useAppTranslate();
  if (!record) return null;
  if (!record.is_branch) return <>{translate('app.companies.kind_company')}</>;
  return (
    <Stack>
      <span>{translate('app.companies.kind_branch')}</span>
      {record.parent_name ? (
        <Typography variant="caption" color="text.secondary">
          {record.parent_name}
        </Typography>
      ) : null}
    </Stack>
  );
}

/** Used of capacity GB with a thin bar (0 % when there is no capacity). */
export function CompanyStorageField() {
  const record = useRecordContext<CompanyRecord>();
  const translate = useAppTranslate();
  if (!record) return null;
  const percent =
    record.storage_capacity_gb > 0
      ? Math.min(100, (record.storage_used_gb / record.storage_capacity_gb) * 100)
      : 0;
  return (
    <Box sx={{ minWidth: 120 }}>
      <Typography variant="body2">
        {translate('app.companies.storage_usage', {
          used: formatNumber(record.storage_used_gb),
          total: formatNumber(record.storage_capacity_gb),
        })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={percent >= 80 ? 'warning' : 'primary'}
        sx={{ mt: 0.5, height: 4, borderRadius: 2 }}
        aria-hidden
      />
    </Box>
  );
}

/** The company's name with its logo (or initials). */
export function CompanyNameField() {
  const record = useRecordContext<CompanyRecord>();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      <Avatar
        src={record.logo_url ?? undefined}
        alt=""
        variant="rounded"
        sx={{ width: 32, height: 32, bgcolor: 'primary.light', fontSize: 14 }}
      >
        {record.fiscal_name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {record.fiscal_name}
      </Typography>
    </Stack>
  );
}

export function CompanyCreatedField() {
  const record = useRecordContext<CompanyRecord>();
  return record ? <>{formatDate(record.created_at)}</> : null;
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0 }}>
        {children || '—'}
      </Typography>
    </Box>
  );
}

/** The show dialog's content: every field of the record, labelled in Spanish. */
export function CompanyDetails() {
  const record = useRecordContext<CompanyRecord>();
  const translate = useTranslate();
  const app = useAppTranslate();
  if (!record) return null;
  const label = (field: string) => translate(`resources.companies.fields.${field}`);
  const location = [record.city_name, record.department_name].filter(Boolean).join(', ');
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar
          src={record.logo_url ?? undefined}
          alt={app('app.companies.logo_preview')}
          variant="rounded"
          sx={{ width: 56, height: 56 }}
        >
          {record.fiscal_name.slice(0, 1)}
        </Avatar>
        <Box>
          <Typography variant="h6">{record.fiscal_name}</Typography>
          <CompanyStatusChip />
        </Box>
      </Stack>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, m: 0 }}
      >
        <Item label={label('tax_id')}>{record.tax_id}</Item>
        <Item label={label('kind')}>
          <CompanyKindField />
        </Item>
        <Item label={label('branch_count')}>{formatNumber(record.branch_count)}</Item>
        <Item label={label('storage')}>
          <CompanyStorageField />
        </Item>
        <Item label={label('department_id')}>{location}</Item>
        <Item label={label('postal_code')}>{record.postal_code}</Item>
        <Item label={label('address')}>{record.address}</Item>
        <Item label={label('support_phone')}>{record.support_phone}</Item>
        <Item label={label('support_whatsapp')}>{record.support_whatsapp}</Item>
        <Item label={label('support_email')}>{record.support_email}</Item>
        <Item label={label('api_key_prefix')}>
          {record.api_key_prefix ? `${record.api_key_prefix}…` : ''}
        </Item>
        <Item label={label('created_at')}>{formatDateTime(record.created_at)}</Item>
      </Box>
    </Stack>
  );
}
