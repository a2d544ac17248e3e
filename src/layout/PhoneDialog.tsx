import PhoneInTalkOutlinedIcon from '@mui/icons-material/PhoneInTalkOutlined';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { useAppTranslate } from '../i18n/useAppTranslate';

/** SPEC §2.5 "Llámanos": the support phone number and the support hours, at most 300 px wide. */
export const PHONE_DIALOG_MAX_WIDTH = 300;

export type PhoneDialogProps = { open: boolean; phone: string | null; onClose: () => void };

export function PhoneDialog({ open, phone, onClose }: PhoneDialogProps) {
  const translate = useAppTranslate();
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      slotProps={{
        paper: {
          sx: { maxWidth: PHONE_DIALOG_MAX_WIDTH, width: '100%', m: 2 },
          'data-testid': 'phone-dialog',
        } as object,
      }}
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <PhoneInTalkOutlinedIcon color="primary" aria-hidden />
        {translate('app.help.phone_title')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>
          {phone ? (
            <Link
              href={`tel:${phone.replace(/[^\d+]/g, '')}`}
              variant="h6"
              underline="hover"
              data-testid="support-phone"
              sx={{ fontWeight: 700 }}
            >
              {phone}
            </Link>
          ) : (
            <Typography color="text.secondary">{translate('app.help.phone_unavailable')}</Typography>
          )}
          <Typography variant="body2">{translate('app.help.phone_hours')}</Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.help.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
