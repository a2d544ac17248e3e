import AddIcon from '@mui/icons-material/Add';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../format';
import { ApiKeyDialog } from './ApiKeyDialog';
import { usePendingCall } from './usePendingCall';
import { useSectionTools } from './useSectionTools';

export const apiKeysQueryKey = (companyId: number) => ['company-api-keys', companyId] as const;

/**
 * The company's named API keys: each with its prefix, creation and last use, revocable after a
 * confirmation; «Crear clave» asks a name and shows the new key once.
 */
export function NamedApiKeys({ companyId }: { companyId: number }) {
  const { dataProvider, translate, notify, queryClient } = useSectionTools();
  const keys = useQuery({
    queryKey: apiKeysQueryKey(companyId),
    queryFn: ({ signal }) => dataProvider.callEndpoint('listCompanyApiKeys', { companyId }, { signal }),
    enabled: companyId > 0,
  });
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { pending, run } = usePendingCall();
  const [newKey, setNewKey] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<{ id: number; name: string } | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey(companyId) });

  const create = async () => {
    if (!name.trim()) return setProblem(translate('app.companies.api_keys.name_required'));
    setProblem(null);
    await run(async () => {
      const created = await dataProvider.callEndpoint('createCompanyApiKey', {
        companyId,
        body: { name: name.trim() },
      });
      setNaming(false);
      setName('');
      setNewKey(created.api_key);
      await reload();
    }, setProblem);
  };

  const revoke = async () => {
    if (!revoking) return;
    await run(
      async () => {
        await dataProvider.callEndpoint('revokeCompanyApiKey', { id: revoking.id });
        notify(translate('app.companies.api_keys.revoked_done'), { type: 'success' });
        await reload();
      },
      (message) => notify(message, { type: 'error' }),
    );
    setRevoking(null);
  };

  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">
        {translate('app.companies.api_keys.intro')}
      </Typography>
      {keys.data === undefined ? null : keys.data.length === 0 ? (
        <Typography variant="body2">{translate('app.companies.api_keys.none')}</Typography>
      ) : (
        <List dense disablePadding aria-label={translate('app.companies.sections.api_key')}>
          {keys.data.map((key) => (
            <ListItem
              key={key.id}
              disableGutters
              secondaryAction={
                key.revoked_at ? null : (
                  <Button
                    size="small"
                    color="error"
                    aria-label={translate('app.companies.api_keys.revoke_label', { name: key.name })}
                    onClick={() => setRevoking({ id: key.id, name: key.name })}
                  >
                    {translate('app.companies.api_keys.revoke')}
                  </Button>
                )
              }
            >
              <ListItemText
                primary={key.name}
                secondary={
                  key.revoked_at
                    ? translate('app.companies.api_keys.revoked', { at: formatDateTime(key.revoked_at) })
                    : translate('app.companies.api_keys.details', {
                        prefix: key.prefix,
                        created: formatDateTime(key.created_at),
                        used: key.last_used_at
                          ? formatDateTime(key.last_used_at)
                          : translate('app.companies.api_keys.never_used'),
                      })
                }
                slotProps={{ primary: { sx: { wordBreak: 'break-word' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <div>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setNaming(true)}>
          {translate('app.companies.api_keys.create')}
        </Button>
      </div>
      <Dialog open={naming} onClose={() => setNaming(false)} maxWidth="xs" fullWidth>
        <DialogTitle>{translate('app.companies.api_keys.create')}</DialogTitle>
        <DialogContent>
          <TextField
            label={translate('app.companies.api_keys.name')}
            helperText={problem ?? translate('app.companies.api_keys.name_help')}
            error={problem !== null}
            value={name}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              // Inside the company form: Enter creates the key instead of saving the company.
              if (event.key !== 'Enter') return;
              event.preventDefault();
              void create();
            }}
            size="small"
            fullWidth
            autoFocus
            margin="dense"
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={() => setNaming(false)} disabled={pending}>
            {translate('app.list.cancel')}
          </Button>
          <Button variant="contained" onClick={create} disabled={pending}>
            {translate('app.companies.api_keys.create')}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={revoking !== null} onClose={() => setRevoking(null)} maxWidth="xs">
        <DialogContent>
          <DialogContentText sx={{ wordBreak: 'break-word' }}>
            {translate('app.companies.api_keys.revoke_confirm', { name: revoking?.name ?? '' })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={() => setRevoking(null)} disabled={pending}>
            {translate('app.list.cancel')}
          </Button>
          <Button color="error" variant="contained" onClick={revoke} disabled={pending}>
            {translate('app.companies.api_keys.revoke')}
          </Button>
        </DialogActions>
      </Dialog>
      <ApiKeyDialog apiKey={newKey} onClose={() => setNewKey(null)} />
    </Stack>
  );
}
