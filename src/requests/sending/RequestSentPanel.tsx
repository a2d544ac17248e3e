import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { pathOf } from '../../access/routes';
import { useSessionUser } from '../../layout/useSessionUser';

/**
 * What a send did, in place of the form it came from: the request's number and link, and the way
 * to another. It takes the focus and comes into view, so the outcome is where the user looks and
 * an emptied form does not invite the same send again.
 */
export function RequestSentPanel({
  requestId,
  repeated,
  onSendAnother,
}: {
  requestId: number;
  repeated: boolean;
  onSendAnother: () => void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`resources.requestSending.${key}`, options);
  const { user } = useSessionUser();
  const canOpen = user?.permissions.includes('signature_request.list') ?? false;
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.focus({ preventScroll: true });
    panel.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  return (
    <Paper
      ref={panel}
      component="section"
      aria-labelledby="request-sent-title"
      tabIndex={-1}
      variant="outlined"
      // Below the sticky top bar when it scrolls into view.
      sx={{
        p: { xs: 2, sm: 3 },
        scrollMarginTop: 96,
        scrollMarginBottom: 24,
        outline: 'none',
        borderColor: 'success.main',
      }}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <CheckCircleOutlineIcon color="success" fontSize="large" aria-hidden />
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <Typography id="request-sent-title" component="h2" variant="h5">
            {t('sent_title', { id: requestId })}
          </Typography>
          <Typography>{t(repeated ? 'sent_repeated' : 'sent_detail')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            {canOpen ? (
              <Button
                variant="contained"
                component={Link}
                to={pathOf('admin.update-signature-request.update', { id: requestId })}
              >
                {t('view_request')}
              </Button>
            ) : null}
            <Button variant={canOpen ? 'outlined' : 'contained'} onClick={onSendAnother}>
              {t('send_another')}
            </Button>
          </Stack>
        </Stack>
      </Stack>
    </Paper>
  );
}
