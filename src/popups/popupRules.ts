/**
 * SPEC §4 expiry pop-ups as pure rules over an injected clock and storage, so the day boundaries can
 * be tested with a fixed clock. Each notification has three browser-storage keys, under the prefix
 * `notification_` ("Recordatorio") or `expired_notification_` ("Importante").
 */

/** "Recordatorio" (check_packages) or "Importante" (check_expired_packages). */
export type PopupKind = 'reminder' | 'expired';

/** The part of `Storage` the rules use (localStorage in the app, a fake in tests). */
export type PopupStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export type PopupEnvironment = { storage: PopupStorage; now: () => Date };

export const KEY_PREFIX: Record<PopupKind, string> = {
  reminder: 'notification_',
  expired: 'expired_notification_',
};

/** The three keys of notification `id`: `<prefix><id>_nextShowTime`, `_lastShowDate`, `_remindLater`. */
export function popupStorageKeys(kind: PopupKind, id: string) {
  const base = `${KEY_PREFIX[kind]}${id}_`;
  return {
    nextShowTime: `${base}nextShowTime`,
    lastShowDate: `${base}lastShowDate`,
    remindLater: `${base}remindLater`,
  };
}

/** Local midnight at the start of `date`'s day. */
export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** Local midnight at the start of the day after `date` (DST-safe: built from the calendar date). */
export function startOfNextDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1);
}

function readDate(storage: PopupStorage, key: string): Date | null {
  const raw = storage.getItem(key);
  if (!raw) return null;
  const time = Date.parse(raw);
  // A value edited by hand or left by another version counts as absent.
  return Number.isNaN(time) ? null : new Date(time);
}

/**
 * SPEC §4: shown only if there is no stored next-show time or now is after it, and it was not
 * already shown today.
 */
export function shouldShowPopup(kind: PopupKind, id: string, { storage, now }: PopupEnvironment): boolean {
  const keys = popupStorageKeys(kind, id);
  const current = now();
  const nextShowTime = readDate(storage, keys.nextShowTime);
  if (nextShowTime && current.getTime() <= nextShowTime.getTime()) return false;
  const lastShowDate = readDate(storage, keys.lastShowDate);
  return !lastShowDate || startOfDay(lastShowDate).getTime() !== startOfDay(current).getTime();
}

/** Records that the pop-up was shown today (SPEC §9: at most one display per notification per day). */
export function recordPopupShown(kind: PopupKind, id: string, { storage, now }: PopupEnvironment): void {
  storage.setItem(popupStorageKeys(kind, id).lastShowDate, startOfDay(now()).toISOString());
}

/** "Recordar más tarde": remindLater true, next-show time = start of tomorrow, last-shown = start of today. */
export function remindLater(kind: PopupKind, id: string, { storage, now }: PopupEnvironment): void {
  const keys = popupStorageKeys(kind, id);
  const current = now();
  storage.setItem(keys.remindLater, 'true');
  storage.setItem(keys.nextShowTime, startOfNextDay(current).toISOString());
  storage.setItem(keys.lastShowDate, startOfDay(current).toISOString());
}

/** "No recordar": remindLater false, and the next-show time and last-shown date are cleared. */
export function doNotRemind(kind: PopupKind, id: string, { storage }: PopupEnvironment): void {
  const keys = popupStorageKeys(kind, id);
  storage.setItem(keys.remindLater, 'false');
  storage.removeItem(keys.nextShowTime);
  storage.removeItem(keys.lastShowDate);
}

/** SPEC §4: every key of the expired-package pop-up, cleared at once. Returns how many were removed. */
export function clearExpiredPopupKeys(storage: PopupStorage): number {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith(KEY_PREFIX.expired)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
  return keys.length;
}

/** SPEC §4: the checks run while authenticated, on any path except the signing view. */
export function isCheckedPath(pathname: string): boolean {
  return !pathname.includes('/signature-request');
}
