import RefreshIcon from '@mui/icons-material/Refresh';
import ReplayIcon from '@mui/icons-material/Replay';
import { Button, Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { AppDataProvider, EndpointReply } from '../../dataProvider';

import { formatDateTime } from '../../format';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { deliveriesQueryKey, WEBHOOK_EVENT_LABELS, WEBHOOK_STATUS_LABELS } from './webhookLabels';

const STATUS_COLOR = { delivered: 'success', pending: 'warning', failed: 'error' } as const;
/** While a delivery is pending the log refreshes itself: retries land without a reload. */
const PENDING_REFRESH_MS = 5000;
const SHOWN = 20;

/**
 * The newest deliveries: event, status, attempts, the last HTTP answer and when (es-CO); a finished
 * one can be sent again (same body and event id).
 */
export function WebhookDeliveryLog({ companyId }: { companyId: number }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const translate = useAppTranslate();
  const notify = useNotify();
  const [replaying, setReplaying] = useState<number | null>(null);
  const deliveries = useQuery<EndpointReply<'listCompanyWebhookDeliveries'>>({
    queryKey: deliveriesQueryKey(companyId),
    queryFn: ({ signal }) =>
      dataProvider.callEndpoint('listCompanyWebhookDeliveries', { companyId, limit: SHOWN }, { signal }),
    enabled: companyId > 0,
    refetchInterval: (query) =>
      query.state.data?.some((delivery) => delivery.status === 'pending') ? PENDING_REFRESH_MS : false,
  });

  const replay = async (id: number) => {
    setReplaying(id);
    try {
      await dataProvider.callEndpoint('replayCompanyWebhookDelivery', { companyId, id });
      notify(translate('app.companies.webhooks.replayed'), { type: 'success' });
      await deliveries.refetch();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Error del servidor', { type: 'error' });
    } finally {
      setReplaying(null);
    }
  };

  return (
    <Stack spacing={1} component="section" aria-labelledby={`webhook-log-${companyId}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography id={`webhook-log-${companyId}`} variant="subtitle1" component="h3">
          {translate('app.companies.webhooks.log')}
        </Typography>
        <Button
          size="small"
          startIcon={<RefreshIcon />}
          onClick={() => deliveries.refetch()}
          disabled={deliveries.isFetching}
        >
          {translate('app.companies.webhooks.refresh')}
        </Button>
      </Stack>
      {deliveries.data === undefined ? null : deliveries.data.length === 0 ? (
        <Typography variant="body2">{translate('app.companies.webhooks.log_empty')}</Typography>
      ) : (
        <List dense disablePadding aria-label={translate('app.companies.webhooks.log')}>
          {deliveries.data.map((delivery) => {
            const last = delivery.attempts.at(-1);
            const details = [
              `${translate('app.companies.webhooks.log_attempts')}: ${delivery.attempts.length}`,
              `${translate('app.companies.webhooks.log_last_status')}: ${last?.status_code ?? '—'}`,
              `${translate('app.companies.webhooks.log_date')}: ${formatDateTime(delivery.created_at)}`,
              delivery.next_attempt_at
                ? translate('app.companies.webhooks.log_next', {
                    date: formatDateTime(delivery.next_attempt_at),
                  })
                : null,
              last?.error ?? null,
            ].filter(Boolean);
            const event = translate(WEBHOOK_EVENT_LABELS[delivery.event]);
            return (
              <ListItem key={delivery.id} disableGutters divider sx={{ alignItems: 'flex-start', gap: 1 }}>
                <ListItemText
                  primary={event}
                  secondary={details.join(' · ')}
                  slotProps={{ secondary: { sx: { wordBreak: 'break-word' } } }}
                />
                <Chip
                  size="small"
                  label={translate(WEBHOOK_STATUS_LABELS[delivery.status])}
                  color={STATUS_COLOR[delivery.status]}
                  variant="outlined"
                />
                {delivery.status === 'pending' ? null : (
                  <Button
                    size="small"
                    startIcon={<ReplayIcon />}
                    onClick={() => replay(delivery.id)}
                    disabled={replaying !== null}
                    aria-label={translate('app.companies.webhooks.replay_label', {
                      event,
                      date: formatDateTime(delivery.created_at),
                    })}
                  >
                    {translate('app.companies.webhooks.replay')}
                  </Button>
                )}
              </ListItem>
            );
          })}
        </List>
      )}
    </Stack>
  );
}
