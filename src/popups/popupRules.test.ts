import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearExpiredPopupKeys,
  doNotRemind,
  isCheckedPath,
  type PopupEnvironment,
  type PopupKind,
  popupStorageKeys,
  recordPopupShown,
  remindLater,
  shouldShowPopup,
  startOfDay,
  startOfNextDay,
} from './popupRules';

/** A clock the test moves by hand; dates are local time, like the browser's. */
function fixedClock(start: Date) {
  let current = start;
  return {
    now: () => current,
    set: (next: Date) => {
      current = next;
    },
  };
}

// 10 March 2026, local time.
const at = (day: number, hours: number, minutes: number, seconds = 0) =>
  new Date(2026, 2, day, hours, minutes, seconds);

let storage: Storage;
let clock: ReturnType<typeof fixedClock>;
let env: PopupEnvironment;

beforeEach(() => {
  localStorage.clear();
  storage = localStorage;
  clock = fixedClock(at(10, 9, 30));
  env = { storage, now: clock.now };
});

describe.each<[PopupKind, string]>([
  ['reminder', 'notification_'],
  ['expired', 'expired_notification_'],
])('%s pop-up rules', (kind, prefix) => {
  const id = 'plan-12';

  it(`uses the three keys ${prefix}{id}_nextShowTime, _lastShowDate and _remindLater`, () => {
    expect(popupStorageKeys(kind, id)).toEqual({
      nextShowTime: `${prefix}plan-12_nextShowTime`,
      lastShowDate: `${prefix}plan-12_lastShowDate`,
      remindLater: `${prefix}plan-12_remindLater`,
    });
  });

  it('shows a notification never seen before', () => {
    expect(shouldShowPopup(kind, id, env)).toBe(true);
  });

  it('shows it at most once a day: not again the same day, again after midnight', () => {
    recordPopupShown(kind, id, env);
    expect(storage.getItem(`${prefix}${id}_lastShowDate`)).toBe(at(10, 0, 0).toISOString());
    clock.set(at(10, 23, 59, 59));
    expect(shouldShowPopup(kind, id, env)).toBe(false);
    clock.set(at(11, 0, 0, 1));
    expect(shouldShowPopup(kind, id, env)).toBe(true);
  });

  it('"Recordar más tarde" at 23:59 hides it until the start of the next day (00:01 shows it)', () => {
    clock.set(at(10, 23, 59));
    remindLater(kind, id, env);
    expect(storage.getItem(`${prefix}${id}_remindLater`)).toBe('true');
    expect(storage.getItem(`${prefix}${id}_nextShowTime`)).toBe(at(11, 0, 0).toISOString());
    expect(storage.getItem(`${prefix}${id}_lastShowDate`)).toBe(at(10, 0, 0).toISOString());

    expect(shouldShowPopup(kind, id, env)).toBe(false);
    clock.set(at(11, 0, 0)); // exactly the next-show time is not "after" it
    expect(shouldShowPopup(kind, id, env)).toBe(false);
    clock.set(at(11, 0, 1));
    expect(shouldShowPopup(kind, id, env)).toBe(true);
  });

  it('"Recordar más tarde" in the morning keeps it hidden all day and shows it the next day', () => {
    remindLater(kind, id, env);
    for (const time of [at(10, 12, 0), at(10, 18, 45), at(10, 23, 59, 59)]) {
      clock.set(time);
      expect(shouldShowPopup(kind, id, env)).toBe(false);
    }
    clock.set(at(11, 8, 0));
    expect(shouldShowPopup(kind, id, env)).toBe(true);
    // Shown that day, it is not shown again until the day after.
    recordPopupShown(kind, id, env);
    clock.set(at(11, 17, 0));
    expect(shouldShowPopup(kind, id, env)).toBe(false);
    clock.set(at(12, 7, 0));
    expect(shouldShowPopup(kind, id, env)).toBe(true);
  });

  it('"No recordar" sets remindLater false and clears the next-show time and last-shown date', () => {
    remindLater(kind, id, env);
    doNotRemind(kind, id, env);
    expect(storage.getItem(`${prefix}${id}_remindLater`)).toBe('false');
    expect(storage.getItem(`${prefix}${id}_nextShowTime`)).toBeNull();
    expect(storage.getItem(`${prefix}${id}_lastShowDate`)).toBeNull();
    // Nothing stored blocks it any more (the running tab's once-a-day guard lives in the component).
    expect(shouldShowPopup(kind, id, env)).toBe(true);
  });

  it('treats unreadable stored dates as absent', () => {
    storage.setItem(`${prefix}${id}_nextShowTime`, 'mañana');
    storage.setItem(`${prefix}${id}_lastShowDate`, '');
    expect(shouldShowPopup(kind, id, env)).toBe(true);
  });

  it('keeps notifications apart by id', () => {
    remindLater(kind, 'a', env);
    expect(shouldShowPopup(kind, 'a', env)).toBe(false);
    expect(shouldShowPopup(kind, 'b', env)).toBe(true);
  });
});

describe('the two kinds are independent', () => {
  it('a reminder postponed does not hide the expired pop-up of the same id', () => {
    remindLater('reminder', 'x', env);
    expect(shouldShowPopup('reminder', 'x', env)).toBe(false);
    expect(shouldShowPopup('expired', 'x', env)).toBe(true);
  });
});

describe('clearExpiredPopupKeys', () => {
  it('removes every expired_notification_ key at once and nothing else', () => {
    remindLater('expired', 'a', env);
    remindLater('expired', 'b', env);
    remindLater('reminder', 'a', env);
    storage.setItem('access_token', 't');
    expect(clearExpiredPopupKeys(storage)).toBe(6);
    expect(Object.keys(storage).sort()).toEqual([
      'access_token',
      'notification_a_lastShowDate',
      'notification_a_nextShowTime',
      'notification_a_remindLater',
    ]);
  });
});

describe('day helpers and paths', () => {
  it('start of day and start of next day are local midnights, also at month ends', () => {
    expect(startOfDay(at(10, 23, 59))).toEqual(at(10, 0, 0));
    expect(startOfNextDay(at(10, 23, 59))).toEqual(at(11, 0, 0));
    expect(startOfNextDay(new Date(2026, 11, 31, 12, 0))).toEqual(new Date(2027, 0, 1));
  });

  it('checks every path except the signing view', () => {
    expect(isCheckedPath('/home')).toBe(true);
    expect(isCheckedPath('/list-signature-request')).toBe(true);
    expect(isCheckedPath('/single-signature-request')).toBe(true);
    expect(isCheckedPath('/signature-request/abc123')).toBe(false);
  });
});
