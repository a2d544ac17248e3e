import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import { useLoading, useLogoutIfAccessDenied, useNotify, useTranslate } from 'react-admin';
import { statusOf } from '../dataProvider/httpClient';
import { createFeedbackBus, type FeedbackBus } from './feedbackBus';
import { TOAST_DURATION_MS, toastTitle } from './toast';

/** The bus the data provider reports to; `AdminApp` provides the app's one. */
export const FeedbackBusContext = createContext<FeedbackBus>(createFeedbackBus());

export const useFeedbackBus = () => useContext(FeedbackBusContext);

/**
 * Turns what bespoke calls report into interface feedback: the toasts they asked for (title = the
 * server's message or the default of SPEC §8, 5 seconds, close button) and a logout when a swallowed
 * failure was a 401 (SPEC: a 401 from any call logs out). Renders nothing.
 */
export function FeedbackBridge() {
  const bus = useFeedbackBus();
  const notify = useNotify();
  const translate = useTranslate();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();

  useEffect(
    () =>
      bus.onToast((toast) => {
        const title = toastTitle(toast, {
          success: translate('app.feedback.success'),
          error: translate('app.feedback.error'),
        });
        notify(title, { type: toast.type, autoHideDuration: TOAST_DURATION_MS });
      }),
    [bus, notify, translate],
  );

  useEffect(
    () =>
      bus.onSwallowedFailure((error) => {
        // Only a dead session matters here: a swallowed 403 stays silent (no "not authorized" toast).
        if (statusOf(error) === 401) void logoutIfAccessDenied(error);
      }),
    [bus, logoutIfAccessDenied],
  );

  return null;
}

/** True while react-admin queries or bespoke calls are under way; any reply turns it off. */
export function useIsLoading(): boolean {
  const bus = useFeedbackBus();
  const pending = useSyncExternalStore(bus.onPendingChange, bus.pendingRequests, bus.pendingRequests);
  return useLoading() || pending > 0;
}
