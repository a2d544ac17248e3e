import CloseIcon from '@mui/icons-material/Close';
import { Alert, Button, IconButton, Snackbar } from '@mui/material';
import { isValidElement, useCallback, useEffect, useState } from 'react';
import {
  CloseNotificationContext,
  type NotificationPayload,
  useNotificationContext,
  useTakeUndoableMutation,
  useTranslate,
} from 'react-admin';
import { TOAST_DURATION_MS } from './toast';

/**
 * react-admin's notification area, as the product wants it (SPEC §8, §9): every toast stays
 * 5 seconds and has a close button; a toast for an undoable change keeps its undo button.
 * Mounted through `<Admin notification>`, so `useNotify` anywhere lands here.
 */
export function AppNotification() {
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();
  const [current, setCurrent] = useState<NotificationPayload | undefined>(undefined);
  const [open, setOpen] = useState(false);

  // One toast at a time: take the next once the previous one is gone.
  useEffect(() => {
    if (current || notifications.length === 0) return;
    const next = takeNotification();
    if (next) {
      setCurrent(next);
      setOpen(true);
    }
  }, [notifications, current, takeNotification]);

  const undoable = current?.notificationOptions?.undoable === true;

  // Leaving the page while a change waits for its undo window would lose it: ask first.
  useEffect(() => {
    if (!undoable) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [undoable]);

  const close = useCallback(() => setOpen(false), []);

  const exited = useCallback(() => {
    // An undoable change is committed once its toast is gone without an undo.
    if (undoable) takeMutation()?.({ isUndo: false });
    setCurrent(undefined);
  }, [undoable, takeMutation]);

  const undo = useCallback(() => {
    takeMutation()?.({ isUndo: true });
    setOpen(false);
  }, [takeMutation]);

  if (!current) return null;
  const { message, type, notificationOptions = {} } = current;
  const duration =
    notificationOptions.autoHideDuration === undefined
      ? TOAST_DURATION_MS
      : (notificationOptions.autoHideDuration ?? undefined);
  const text =
    typeof message === 'string'
      ? translate(message, { _: message, ...notificationOptions.messageArgs })
      : null;

  return (
    <CloseNotificationContext.Provider value={close}>
      <Snackbar
        open={open}
        autoHideDuration={duration}
        onClose={(_event, reason) => {
          // A click elsewhere on the page must not hide the toast before its 5 seconds.
          if (reason !== 'clickaway') close();
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        slotProps={{ transition: { onExited: exited } }}
        data-testid="toast"
      >
        <Alert
          variant="filled"
          severity={type}
          sx={{ minWidth: { sm: 320 }, maxWidth: 560, alignItems: 'center', boxShadow: 6 }}
          action={
            <>
              {undoable && (
                <Button color="inherit" size="small" onClick={undo}>
                  {translate('app.feedback.undo')}
                </Button>
              )}
              <IconButton
                color="inherit"
                size="small"
                aria-label={translate('app.feedback.close')}
                onClick={close}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </>
          }
        >
          {text ?? (isValidElement(message) ? message : null)}
        </Alert>
      </Snackbar>
    </CloseNotificationContext.Provider>
  );
}
