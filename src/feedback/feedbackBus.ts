/**
 * What bespoke calls report to the interface while no React component is involved (the data
 * provider lives outside React): toasts a request asked for, the number of requests under way (the
 * loading indicator) and failures that were swallowed (so a 401 still logs out).
 */
export type ToastRequest = {
  type: 'success' | 'error';
  /** The server's `message`; without one the toast shows the default title (SPEC §8). */
  message?: string | null;
};

type Listener<T> = (value: T) => void;

export type FeedbackBus = {
  showToast: (toast: ToastRequest) => void;
  onToast: (listener: Listener<ToastRequest>) => () => void;
  requestStarted: () => void;
  /** Called on every reply, success or failure: the loading indicator never stays on (SPEC §7.3). */
  requestEnded: () => void;
  pendingRequests: () => number;
  onPendingChange: (listener: () => void) => () => void;
  reportSwallowedFailure: (error: unknown) => void;
  onSwallowedFailure: (listener: Listener<unknown>) => () => void;
};

function listeners<T>() {
  const set = new Set<Listener<T>>();
  return {
    add(listener: Listener<T>) {
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
    emit(value: T) {
      for (const listener of set) listener(value);
    },
  };
}

export function createFeedbackBus(): FeedbackBus {
  const toasts = listeners<ToastRequest>();
  const pending = listeners<undefined>();
  const failures = listeners<unknown>();
  let count = 0;
  return {
    showToast: (toast) => toasts.emit(toast),
    onToast: (listener) => toasts.add(listener),
    requestStarted: () => {
      count += 1;
      pending.emit(undefined);
    },
    requestEnded: () => {
      count = Math.max(0, count - 1);
      pending.emit(undefined);
    },
    pendingRequests: () => count,
    onPendingChange: (listener) => pending.add(() => listener()),
    reportSwallowedFailure: (error) => failures.emit(error),
    onSwallowedFailure: (listener) => failures.add(listener),
  };
}
