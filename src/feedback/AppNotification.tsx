import CloseIcon from '@mui/icons-material/Close';
import { Alert, Button, IconButton, Snackbar } from '@mui/material';
import { isValidElement, useCallback, useEffect, useRef, useState } from 'react';
import {
  CloseNotificationContext,
  type NotificationPayload,
  useNotificationContext,
  useTakeUndoableMutation,
  useTranslate,
} from 'react-admin';
import { TOAST_DURATION_MS } from './toast';

/** The toast on screen; `settled` once its undoable change (if any) was committed or undone. */
type ShownToast = { payload: NotificationPayload; id: number; settled: boolean };

/**
 * react-admin's notification area, as the product wants it (SPEC §8, §9): every toast stays
 * 5 seconds and has a close button; a toast for an undoable change keeps its undo button. The
 * newest toast shows at once: one still on screen gives way to it instead of making it wait.
 * Mounted through `<Admin notification>`, so `useNotify` anywhere lands here.
 */
export function AppNotification() {
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();
  const [shown, setShown] = useState<ShownToast | undefined>(undefined);
  const [open, setOpen] = useState(false);
  const shownRef = useRef<ShownToast | undefined>(undefined);

  // An undoable change is committed once its toast is gone (hidden or replaced) without an undo.
  const settle = useCallback(
    (toast: ShownToast | undefined) => {
      if (!toast || toast.settled) return;
      toast.settled = true;
      if (toast.payload.notificationOptions?.undoable === true) takeMutation()?.({ isUndo: false });
    },
    [takeMutation],
  );

  // Each new notification replaces the toast on screen right away (a new key: a fresh 5 seconds).
  useEffect(() => {
    if (notifications.length === 0) return;
    const next = takeNotification();
    if (!next) return;
    settle(shownRef.current);
    const toast = { payload: next, id: (shownRef.current?.id ?? 0) + 1, settled: false };
    shownRef.current = toast;
    setShown(toast);
    setOpen(true);
  }, [notifications, takeNotification, settle]);

  const current = shown?.payload;
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
    settle(shownRef.current);
    shownRef.current = undefined;
    setShown(undefined);
  }, [settle]);

  const undo = useCallback(() => {
    const toast = shownRef.current;
    if (toast && !toast.settled) {
      toast.settled = true;
      takeMutation()?.({ isUndo: true });
    }
    setOpen(false);
  }, [takeMutation]);

  if (!shown || !current) return null;
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
        key={shown.id}
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
