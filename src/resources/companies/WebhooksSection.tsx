import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useState } from 'react';
import { useRecordContext } from 'react-admin';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../../contract/endpoints/webhooks';
import { ApiKeyDialog } from './ApiKeyDialog';
import type { CompanyRecord } from './CompanyFields';
import { usePendingCall } from './usePendingCall';
import { useSectionTools } from './useSectionTools';
import { WebhookDeliveryLog } from './WebhookDeliveryLog';
import { deliveriesQueryKey, WEBHOOK_EVENT_LABELS, webhooksQueryKey } from './webhookLabels';

/**
 * The company's webhooks: its endpoints (address and events, deletable after a confirmation), a form
 * that adds one and shows its signing secret once, and the delivery log.
 */
export function WebhooksSection() {
  const record = useRecordContext<CompanyRecord>();
  const companyId = Number(record?.id);
  const { dataProvider, translate, notify, queryClient } = useSectionTools();
  const endpoints = useQuery({
    queryKey: webhooksQueryKey(companyId),
    queryFn: ({ signal }) => dataProvider.callEndpoint('listCompanyWebhooks', { companyId }, { signal }),
    enabled: companyId > 0,
  });
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['request.sent', 'request.completed']);
  const [problem, setProblem] = useState<string | null>(null);
  const { pending, run } = usePendingCall();
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ id: number; url: string } | null>(null);
  if (!record) return null;

  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: webhooksQueryKey(companyId) }),
      queryClient.invalidateQueries({ queryKey: deliveriesQueryKey(companyId) }),
    ]);

  const add = async () => {
    if (!url.trim()) return setProblem(translate('app.companies.webhooks.url_required'));
    if (events.length === 0) return setProblem(translate('app.companies.webhooks.choose_event'));
    setProblem(null);
    await run(async () => {
      const added = await dataProvider.callEndpoint('addCompanyWebhook', {
        companyId,
        body: { url: url.trim(), events },
      });
      setSecret(added.secret);
      setUrl('');
      await reload();
    }, setProblem);
  };

  const remove = async () => {
    if (!deleting) return;
    await run(
      async () => {
        await dataProvider.callEndpoint('deleteCompanyWebhook', { id: deleting.id });
        notify(translate('app.companies.webhooks.deleted'), { type: 'success' });
        await reload();
      },
      (message) => notify(message, { type: 'error' }),
    );
    setDeleting(null);
  };

  // The section sits inside the company form: Enter adds the webhook instead of saving the company.
  const addOnEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void add();
  };
  const toggle = (event: WebhookEventType, checked: boolean) =>
    setEvents((current) =>
      checked
        ? WEBHOOK_EVENT_TYPES.filter((each) => each === event || current.includes(each))
        : current.filter((each) => each !== event),
    );

  return (
    <Stack spacing={2} sx={{ py: 1, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {translate('app.companies.webhooks.intro')}
      </Typography>
      {endpoints.data === undefined ? null : endpoints.data.length === 0 ? (
        <Typography variant="body2">{translate('app.companies.webhooks.none')}</Typography>
      ) : (
        <List dense disablePadding aria-label={translate('app.companies.sections.webhooks')}>
          {endpoints.data.map((endpoint) => (
            <ListItem
              key={endpoint.id}
              disableGutters
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={translate('app.companies.webhooks.delete', { url: endpoint.url })}
                  onClick={() => setDeleting({ id: endpoint.id, url: endpoint.url })}
                >
                  <DeleteIcon />
                </IconButton>
              }
            >
              <ListItemText
                primary={endpoint.url}
                secondary={endpoint.events.map((event) => translate(WEBHOOK_EVENT_LABELS[event])).join(' · ')}
                slotProps={{ primary: { sx: { wordBreak: 'break-all' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Stack spacing={1} role="group" aria-label={translate('app.companies.webhooks.add')}>
        <TextField
          label={translate('app.companies.webhooks.url')}
          helperText={translate('app.companies.webhooks.url_help')}
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          onKeyDown={addOnEnter}
          placeholder="https://"
          type="url"
          size="small"
          fullWidth
        />
        <FormControl component="fieldset">
          <FormLabel component="legend">{translate('app.companies.webhooks.events')}</FormLabel>
          <FormGroup>
            {WEBHOOK_EVENT_TYPES.map((event) => (
              <FormControlLabel
                key={event}
                control={
                  <Checkbox
                    size="small"
                    checked={events.includes(event)}
                    onChange={(_, checked) => toggle(event, checked)}
                  />
                }
                label={translate(WEBHOOK_EVENT_LABELS[event])}
              />
            ))}
          </FormGroup>
          {problem ? (
            <FormHelperText error role="alert">
              {problem}
            </FormHelperText>
          ) : null}
        </FormControl>
        <div>
          <Button variant="outlined" startIcon={<AddIcon />} onClick={add} disabled={pending}>
            {translate('app.companies.webhooks.add')}
          </Button>
        </div>
      </Stack>
      <WebhookDeliveryLog companyId={companyId} />
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} maxWidth="xs">
        <DialogContent>
          <DialogContentText sx={{ wordBreak: 'break-word' }}>
            {translate('app.companies.webhooks.delete_confirm', { url: deleting?.url ?? '' })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={() => setDeleting(null)} disabled={pending}>
            {translate('app.list.cancel')}
          </Button>
          <Button color="error" variant="contained" onClick={remove} disabled={pending}>
            {translate('app.list.actions.delete')}
          </Button>
        </DialogActions>
      </Dialog>
      <ApiKeyDialog
        apiKey={secret}
        onClose={() => setSecret(null)}
        title={translate('app.companies.webhooks.secret_title')}
      />
    </Stack>
  );
}
