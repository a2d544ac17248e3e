import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useRecordContext, useRefresh } from 'react-admin';
import { formatDateTime } from '../../format';
import { ApiKeyDialog } from './ApiKeyDialog';
import type { CompanyRecord } from './CompanyFields';
import { apiKeysQueryKey, NamedApiKeys } from './NamedApiKeys';
import { usePendingCall } from './usePendingCall';
import { useSectionTools } from './useSectionTools';

/**
 * The «Principal» API key: only its prefix is known after creation (the server keeps a hash).
 * "Generar nueva clave" rotates it after a confirmation and shows the new key once. Below it, the
 * company's named keys (NamedApiKeys).
 */
export function ApiKeySection() {
  const record = useRecordContext<CompanyRecord>();
  const { dataProvider, translate, notify, queryClient } = useSectionTools();
  const refresh = useRefresh();
  const [confirming, setConfirming] = useState(false);
  const { pending, run } = usePendingCall();
  const [newKey, setNewKey] = useState<string | null>(null);
  if (!record) return null;

  const rotate = async () => {
    await run(
      async () => {
        const reply = await dataProvider.callEndpoint('rotateCompanyApiKey', {
          companyId: Number(record.id),
        });
        setNewKey(reply.api_key);
        refresh();
        await queryClient.invalidateQueries({ queryKey: apiKeysQueryKey(Number(record.id)) });
      },
      (message) => notify(message, { type: 'error' }),
    );
    setConfirming(false);
  };

  return (
    <Stack spacing={1} sx={{ py: 1 }}>
      <Typography variant="body2">
        {record.api_key_prefix ? (
          <>
            {translate('app.companies.api_key_prefix', { prefix: record.api_key_prefix })}
            {record.api_key_created_at ? ` (${formatDateTime(record.api_key_created_at)})` : ''}
          </>
        ) : (
          translate('app.companies.api_key_none')
        )}
      </Typography>
      <div>
        <Button variant="outlined" startIcon={<KeyOutlinedIcon />} onClick={() => setConfirming(true)}>
          {translate('app.companies.api_key_generate')}
        </Button>
      </div>
      <Dialog open={confirming} onClose={() => setConfirming(false)} maxWidth="xs">
        <DialogContent>
          <DialogContentText>{translate('app.companies.api_key_confirm')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={() => setConfirming(false)} disabled={pending}>
            {translate('app.list.cancel')}
          </Button>
          <Button color="warning" variant="contained" onClick={rotate} disabled={pending}>
            {translate('app.companies.api_key_generate')}
          </Button>
        </DialogActions>
      </Dialog>
      <ApiKeyDialog apiKey={newKey} onClose={() => setNewKey(null)} />
      <NamedApiKeys companyId={Number(record.id)} />
    </Stack>
  );
}
