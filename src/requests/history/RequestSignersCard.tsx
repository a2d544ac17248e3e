import { Button, Card, CardContent, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import type { EndpointReply } from '../../dataProvider/callEndpoint';
import { HISTORY_TEXT } from './requestHistoryText';
import { SignerStatusChip } from './StatusChips';

type Signer = EndpointReply<'viewSignatureRequestHistory'>['signer_details'][number];

/**
 * The signers in order, each with their status (and the reason of the one who rejected); those
 * holding a live link can be resent to.
 */
export function RequestSignersCard({
  signers,
  canResend,
  onResend,
}: {
  signers: readonly Signer[];
  canResend: boolean;
  onResend: (signer: Signer) => void;
}) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography component="h2" variant="h6">
          {HISTORY_TEXT.signers}
        </Typography>
        <List dense>
          {signers.map((signer) => (
            <ListItem key={signer.id} disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
              <ListItemText
                primary={`${signer.number}. ${signer.name}`}
                secondary={[signer.email, signer.phone].filter(Boolean).join(' · ')}
                sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
              />
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <SignerStatusChip status={signer.status} />
                {canResend &&
                  signer.kind !== 'copy' &&
                  (signer.status === 'invited' || signer.status === 'viewed') && (
                    <Button
                      size="small"
                      onClick={() => onResend(signer)}
                      aria-label={`${HISTORY_TEXT.resend} a ${signer.name}`}
                    >
                      {HISTORY_TEXT.resend}
                    </Button>
                  )}
              </Stack>
              {signer.status === 'rejected' && signer.rejection_reason && (
                <Typography variant="body2" sx={{ flexBasis: '100%', overflowWrap: 'anywhere' }}>
                  {HISTORY_TEXT.rejectionReason}: {signer.rejection_reason}
                </Typography>
              )}
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
