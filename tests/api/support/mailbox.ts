import { desc, eq } from 'drizzle-orm';
import { mailOutbox } from '../../../server/db/schema/index.js';
import type { Clock } from '../../../server/deps.js';
import type { TestApp } from './testApp.js';

/** Runs the queued jobs, then returns the messages delivered to `to`, newest first. */
export async function mailsTo(t: TestApp, to: string) {
  await t.deps.queue.drain();
  return t.deps.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to.toLowerCase()))
    .orderBy(desc(mailOutbox.id));
}

/** The six-digit code of the newest message to `to`. */
export async function lastCodeTo(t: TestApp, to: string): Promise<string> {
  const [mail] = await mailsTo(t, to);
  const code = mail?.text.match(/^(\d{6})$/m)?.[1];
  if (!code) throw new Error(`No hay código en el último correo a ${to}`);
  return code;
}

/** A clock the test moves by hand. */
export function manualClock(start: Date) {
  let current = start.getTime();
  const clock: Clock & { advance(ms: number): void; set(date: Date): void } = {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
  return clock;
}

let nextAddress = 1;
/** A fresh client address per call, so per-IP limits of one test do not spill into the next. */
export const freshIp = () => {
  nextAddress += 1;
  return `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress & 255}`;
};

/** The payload of a session token. */
export const tokenPayload = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    id: number;
    sid: string;
    isImpersonating?: boolean;
  };
