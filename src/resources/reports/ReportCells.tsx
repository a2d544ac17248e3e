import { Box, Typography } from '@mui/material';
import { useAppTranslate } from '../../i18n/useAppTranslate';

type SignersRecord = { signed_count?: number; signer_count?: number; signers?: string };

/** «1 de 2 firmaron» over the signers' names and statuses (wrapped, never wider than its column). */
export function SignersCell({ record, resource }: { record: SignersRecord; resource: string }) {
  const translate = useAppTranslate();
  return (
    <Box sx={{ minWidth: 160, maxWidth: 280 }}>
      <Typography variant="body2">
        {translate(`resources.${resource}.signed_of` as 'resources.reports.signed_of', {
          signed: record.signed_count ?? 0,
          total: record.signer_count ?? 0,
        })}
      </Typography>
      {record.signers ? (
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {record.signers}
        </Typography>
      ) : null}
    </Box>
  );
}

/** The company, with the branch under it when the request belongs to one. */
export function CompanyCell({ record }: { record: { company_name?: string; branch_name?: string | null } }) {
  return (
    <Box sx={{ minWidth: { md: 150 } }}>
      <Typography variant="body2">{record.company_name}</Typography>
      {record.branch_name ? (
        <Typography variant="caption" color="text.secondary">
          {record.branch_name}
        </Typography>
      ) : null}
    </Box>
  );
}

/** The request's title, given room to read on a desktop. */
export function TitleCell({ title }: { title?: string }) {
  return (
    <Typography variant="body2" component="span" sx={{ display: 'block', minWidth: { md: 180 } }}>
      {title}
    </Typography>
  );
}
