import { useCallback, useEffect, useRef, useState } from 'react';
import { useDataProvider, useGetIdentity } from 'react-admin';
import { useLocation } from 'react-router-dom';
import type { AppDataProvider } from '../dataProvider';
import { type PackagePopup, PackagePopupDialog } from './PackagePopupDialog';
import {
  clearExpiredPopupKeys,
  doNotRemind,
  isCheckedPath,
  type PopupEnvironment,
  type PopupKind,
  recordPopupShown,
  remindLater,
  shouldShowPopup,
  startOfDay,
} from './popupRules';

/** The browser's clock and localStorage, read when used. */
const browserEnvironment: PopupEnvironment = {
  get storage() {
    return globalThis.localStorage;
  },
  now: () => new Date(),
};

const ENDPOINT = { reminder: 'checkPackages', expired: 'checkExpiredPackages' } as const;

export type PackagePopupsProps = {
  /** Clock and storage; the browser's unless a test injects its own. */
  environment?: PopupEnvironment;
};

const popupKey = (kind: PopupKind, id: string) => `${kind}:${id}`;

/**
 * SPEC §4 expiry pop-ups, mounted once in the authenticated layout. The expired check runs once at
 * start; both checks run on every later route change outside the signing view. Pop-ups are shown
 * one at a time, "Importante" first. A failed check is only logged (SPEC §8).
 */
export function PackagePopups({ environment = browserEnvironment }: PackagePopupsProps) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { identity } = useGetIdentity();
  const userId = typeof identity?.id === 'number' ? identity.id : undefined;
  const { pathname } = useLocation();
  const [queue, setQueue] = useState<PackagePopup[]>([]);
  // "No recordar" clears the stored last-shown date (SPEC §4); this keeps SPEC §9's "at most one
  // display per notification per day" for the running tab anyway.
  const shownToday = useRef(new Map<string, number>());
  const currentUser = useRef(userId);
  currentUser.current = userId;

  const wasShownToday = useCallback(
    (kind: PopupKind, id: string) =>
      shownToday.current.get(popupKey(kind, id)) === startOfDay(environment.now()).getTime(),
    [environment],
  );

  const runChecks = useCallback(
    /** `kinds` in display order: "Importante" before "Recordatorio". */
    async (forUser: number, kinds: readonly PopupKind[]) => {
      const found: PackagePopup[] = [];
      const replies = await Promise.allSettled(
        kinds.map((kind) => dataProvider.callEndpoint(ENDPOINT[kind], { body: { user_id: forUser } })),
      );
      replies.forEach((reply, index) => {
        const kind = kinds[index] as PopupKind;
        if (reply.status === 'rejected') {
          console.error('No se pudieron consultar los paquetes por vencer.', reply.reason);
          return;
        }
        // SPEC §7.1: the list may be absent or empty, and then nothing is shown.
        const notifications = reply.value?.notifications ?? [];
        if (kind === 'expired' && notifications.length === 0) clearExpiredPopupKeys(environment.storage);
        for (const { id, message } of notifications) {
          if (shouldShowPopup(kind, id, environment) && !wasShownToday(kind, id)) {
            found.push({ kind, id, message, support: reply.value.support });
          }
        }
      });
      // A reply for a user who is no longer the current one (impersonation switch) is dropped.
      if (currentUser.current !== forUser || found.length === 0) return;
      setQueue((queued) => {
        const known = new Set(queued.map((popup) => popupKey(popup.kind, popup.id)));
        return [...queued, ...found.filter((popup) => !known.has(popupKey(popup.kind, popup.id)))];
      });
    },
    [dataProvider, environment, wasShownToday],
  );

  const startedFor = useRef<number | undefined>(undefined);
  const lastPath = useRef(pathname);
  useEffect(() => {
    if (userId === undefined) return;
    if (startedFor.current !== userId) {
      // Start (or a new user after an impersonation switch): the expired check, once.
      startedFor.current = userId;
      lastPath.current = pathname;
      setQueue([]);
      void runChecks(userId, ['expired']);
      return;
    }
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    if (isCheckedPath(pathname)) void runChecks(userId, ['expired', 'reminder']);
  }, [userId, pathname, runChecks]);

  const current = queue[0];
  useEffect(() => {
    if (!current) return;
    recordPopupShown(current.kind, current.id, environment);
    shownToday.current.set(popupKey(current.kind, current.id), startOfDay(environment.now()).getTime());
  }, [current, environment]);

  if (!current) return null;
  const dismiss = (choice?: typeof doNotRemind) => {
    choice?.(current.kind, current.id, environment);
    setQueue((queued) => queued.slice(1));
  };
  return (
    <PackagePopupDialog
      key={popupKey(current.kind, current.id)}
      popup={current}
      onDoNotRemind={() => dismiss(doNotRemind)}
      onRemindLater={() => dismiss(remindLater)}
      onClose={() => dismiss()}
    />
  );
}
