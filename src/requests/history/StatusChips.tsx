import { Chip } from '@mui/material';
import {
  REQUEST_STATUS_CHIPS,
  REQUEST_STATUS_LABELS,
  SIGNER_STATUS_CHIPS,
  SIGNER_STATUS_LABELS,
} from './requestHistoryText';

export function RequestStatusChip({ status }: { status: keyof typeof REQUEST_STATUS_LABELS }) {
  return <Chip size="small" label={REQUEST_STATUS_LABELS[status]} color={REQUEST_STATUS_CHIPS[status]} />;
}

export function SignerStatusChip({ status }: { status: keyof typeof SIGNER_STATUS_LABELS }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={SIGNER_STATUS_LABELS[status]}
      color={SIGNER_STATUS_CHIPS[status]}
    />
  );
}
