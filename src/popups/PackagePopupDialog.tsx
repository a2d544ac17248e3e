import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import {
  Avatar,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import type { KeyboardEvent } from 'react';
import type { AuthenticatedUser } from '../../contract';
import { useAppTranslate } from '../i18n/useAppTranslate';
import { stackedOnPhones } from '../session/dialogActions';
import type { PopupKind } from './popupRules';

export type PackagePopup = {
  kind: PopupKind;
  id: string;
  message: string;
  support: AuthenticatedUser['support'];
};

export type PackagePopupDialogProps = {
  popup: PackagePopup;
  onDoNotRemind: () => void;
  onRemindLater: () => void;
  /** Escape on "Recordatorio" only; "Importante" cannot be closed without a choice. */
  onClose: () => void;
};

/** SPEC §4: "Importante" also blocks Enter, so a stray key press cannot dismiss it. */
function blockEnter(event: KeyboardEvent) {
  if (event.key === 'Enter') {
    event.preventDefault();
    event.stopPropagation();
  }
}

/**
 * One package notification: the server's message, how to renew, and the support channels.
 * Clicking outside never dismisses it; "Importante" also ignores Escape and Enter.
 */
export function PackagePopupDialog({
  popup,
  onDoNotRemind,
  onRemindLater,
  onClose,
}: PackagePopupDialogProps) {
  const translate = useAppTranslate();
  const expired = popup.kind === 'expired';
  const titleId = `package-popup-${popup.kind}-title`;
  const whatsapp = popup.support.whatsapp ?? popup.support.phone;

  return (
    <Dialog
      open
      maxWidth="xs"
      fullWidth
      aria-labelledby={titleId}
      aria-describedby={`${titleId}-message`}
      onClose={(_event, reason) => {
        if (reason === 'escapeKeyDown' && !expired) onClose();
        // backdropClick: SPEC §4, clicking outside does not dismiss it.
      }}
      onKeyDownCapture={expired ? blockEnter : undefined}
      data-testid={`package-popup-${popup.kind}`}
    >
      <DialogTitle id={titleId} component="h2" sx={{ pb: 1 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Avatar
            aria-hidden
            sx={{
              bgcolor: expired ? 'error.main' : 'primary.main',
              color: 'common.white',
              width: 40,
              height: 40,
            }}
          >
            {expired ? <EventBusyOutlinedIcon /> : <NotificationsActiveOutlinedIcon />}
          </Avatar>
          <Typography component="span" variant="h6" sx={{ fontWeight: 700 }}>
            {translate(expired ? 'app.popups.expired_title' : 'app.popups.reminder_title')}
          </Typography>
        </Stack>
      </DialogTitle>
      <DialogContent>
        <Typography id={`${titleId}-message`} sx={{ fontWeight: 500, mb: 1.5 }}>
          {popup.message}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {translate('app.popups.renew')}
        </Typography>
        {(whatsapp || popup.support.email) && (
          <>
            <Typography variant="subtitle2" component="p">
              {translate('app.popups.support')}
            </Typography>
            <List dense disablePadding>
              {whatsapp && (
                <ListItem disableGutters>
                  <ListItemIcon sx={{ minWidth: 32 }}>
                    <WhatsAppIcon fontSize="small" color="success" aria-hidden />
                  </ListItemIcon>
                  <ListItemText primary={translate('app.popups.whatsapp', { phone: whatsapp })} />
                </ListItem>
              )}
              {popup.support.email && (
                <ListItem disableGutters>
                  <ListItemIcon sx={{ minWidth: 32 }}>
                    <EmailOutlinedIcon fontSize="small" color="primary" aria-hidden />
                  </ListItemIcon>
                  <ListItemText primary={translate('app.popups.email', { email: popup.support.email })} />
                </ListItem>
              )}
            </List>
          </>
        )}
      </DialogContent>
      <DialogActions disableSpacing sx={stackedOnPhones}>
        <Button onClick={onDoNotRemind} color="inherit">
          {translate('app.popups.no_remind')}
        </Button>
        <Button onClick={onRemindLater} variant="contained">
          {translate('app.popups.remind_later')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
