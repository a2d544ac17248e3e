import DoneAllIcon from '@mui/icons-material/DoneAll';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Badge,
  Button,
  Chip,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { formatDateTime } from '../../format';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { RichText } from './NotificationDetails';

const QUERY_KEY = ['home', 'my_notifications'] as const;

/**
 * "Mis notificaciones" on the home screen: the notifications published for the signed-in user
 * (everyone, their company or them), newest first; opening an unread one marks it as read.
 */
export function MyNotifications() {
  const translate = useAppTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () => dataProvider.tryCallEndpoint('listMyNotifications', { page: 1, itemsPerPage: 15 }),
  });
  const items = data?.items ?? [];
  const unread = data?.unread ?? 0;

  const markRead = async (id: number) => {
    const reply = await dataProvider.tryCallEndpoint('markNotificationRead', { id });
    if (reply) await queryClient.invalidateQueries({ queryKey: QUERY_KEY });
  };

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="my-notifications-title"
      sx={{ p: { xs: 2, md: 3 }, borderRadius: 3 }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
        <Badge badgeContent={unread} color="error">
          <NotificationsNoneOutlinedIcon color="primary" aria-hidden />
        </Badge>
        <Typography id="my-notifications-title" component="h2" variant="h6" sx={{ flexGrow: 1 }}>
          {translate('app.platform.notifications.mine_title')}
        </Typography>
        {unread ? (
          <Typography variant="body2" color="text.secondary">
            {translate('app.platform.notifications.mine_unread', { count: unread })}
          </Typography>
        ) : null}
      </Stack>
      {items.length === 0 ? (
        <Typography color="text.secondary">{translate('app.platform.notifications.mine_empty')}</Typography>
      ) : (
        <Stack spacing={1}>
          {items.map((item) => (
            <Accordion
              key={item.id}
              disableGutters
              variant="outlined"
              sx={{ borderRadius: 2, '&::before': { display: 'none' } }}
            >
              <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0, flexGrow: 1 }}>
                  <Typography sx={{ fontWeight: item.read ? 400 : 700, flexGrow: 1 }} noWrap>
                    {item.title}
                  </Typography>
                  {item.read ? null : (
                    <Chip
                      size="small"
                      color="primary"
                      label={translate('app.platform.notifications.new_badge')}
                    />
                  )}
                  <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(item.published_at)}
                  </Typography>
                </Stack>
              </AccordionSummary>
              <AccordionDetails>
                <RichText html={item.body} />
                {item.read ? null : (
                  <Button
                    size="small"
                    startIcon={<DoneAllIcon />}
                    onClick={() => markRead(item.id)}
                    sx={{ mt: 1 }}
                  >
                    {translate('app.platform.notifications.mark_read')}
                  </Button>
                )}
              </AccordionDetails>
            </Accordion>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
