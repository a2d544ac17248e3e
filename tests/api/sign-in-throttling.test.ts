import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser } from '../../server/db/factories.js';
import { users } from '../../server/db/schema/index.js';
import { mailsTo, manualClock } from './support/mailbox.js';
import { bearer, createTestApp, type TestApp } from './support/testApp.js';

// Time stands still unless a test moves it, so the delays do not depend on the machine's speed.
const clock = manualClock(new Date());
const PASSWORD = 'Propietaria-2026';
let t: TestApp;
let companyId: number;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { PUBLIC_URL: 'https://firma.rubrica.test' } });
  companyId = await createCompany(t.deps.database.db, {
    fiscalName: 'Cerrojos S.A.S.',
    taxId: '901000003-1',
  });
});
afterAll(() => t.close());

let userCount = 0;
async function newOwner(status: 'active' | 'locked' = 'active') {
  userCount += 1;
  const email = `duena${userCount}@cerrojos.test`;
  const id = await createUser(t.deps.database.db, {
    companyId,
    name: 'Dora',
    lastName: `Dueña ${userCount}`,
    email,
    password: PASSWORD,
    status,
  });
  return { id, email };
}

let addressCount = 0;
/** A loopback address no other test uses. */
const nextAddress = () => {
  addressCount += 1;
  return `127.0.${Math.floor(addressCount / 250) + 10}.${(addressCount % 250) + 1}`;
};

const signin = (email: string, password: string, remoteAddress: string, extra: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/signin',
    payload: { email, password, ...extra },
    remoteAddress,
  });

describe('failed sign-ins by someone else', () => {
  it('50 wrong passwords from 127.0.0.2 leave the owner signing in from 127.0.0.3 and keep their session', async () => {
    const owner = await newOwner();
    const first = await signin(owner.email, PASSWORD, '127.0.0.3');
    expect(first.statusCode).toBe(200);
    const openToken = first.json().data.token as string;

    const statuses: number[] = [];
    for (let attempt = 0; attempt < 50; attempt++) {
      statuses.push((await signin(owner.email, 'adivinanza-1', '127.0.0.2')).statusCode);
    }
    // The attacker's address is slowed down after its free failures...
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true);

    // ...while the account stays the owner's: not locked, session alive, and a sign-in elsewhere works.
    const [row] = await t.deps.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(row?.status).toBe('active');
    const me = await t.app.inject({ url: `/api/get_users/${owner.id}`, headers: bearer(openToken) });
    expect(me.statusCode).toBe(200);
    expect((await signin(owner.email, PASSWORD, '127.0.0.3')).statusCode).toBe(200);
  });

  it('grows the delay with each failure once the free ones are spent, answering 429 in Spanish with Retry-After', async () => {
    const owner = await newOwner();
    const address = nextAddress();
    for (let attempt = 0; attempt < 5; attempt++) await signin(owner.email, 'mala', address);
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      const refused = await signin(owner.email, 'mala', address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Demasiadas solicitudes\. Intente de nuevo en \d+ segundos?$/);
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      clock.advance(wait * 1000);
      expect((await signin(owner.email, 'mala', address)).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4]);
    // The right password waits like any other attempt; after the delay, it gets in.
    const refused = await signin(owner.email, PASSWORD, address);
    expect(refused.statusCode).toBe(429);
    clock.advance(Number(refused.headers['retry-after']) * 1000);
    expect((await signin(owner.email, PASSWORD, address)).statusCode).toBe(200);
  });

  it('caps the delay across addresses at one minute, so a distributed guess cannot keep the owner out', async () => {
    const owner = await newOwner();
    // ACCOUNT_ATTEMPTS_PER_15_MINUTES (10) failures, each from another address, then many more.
    for (let attempt = 0; attempt < 30; attempt++) {
      await signin(owner.email, 'mala', nextAddress());
      clock.advance(1000);
    }
    const refused = await signin(owner.email, PASSWORD, nextAddress());
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    clock.advance(60_000);
    expect((await signin(owner.email, PASSWORD, nextAddress())).statusCode).toBe(200);
  });
});

describe('an attempt without the password learns nothing', () => {
  it('answers an unknown e-mail exactly like a known one, throttled or not', async () => {
    const owner = await newOwner();
    const knownAddress = nextAddress();
    const unknownAddress = nextAddress();
    const replies = async (email: string, address: string) => {
      const seen: string[] = [];
      for (let attempt = 0; attempt < 8; attempt++) {
        const response = await signin(email, 'mala', address);
        seen.push(
          `${response.statusCode} ${response.json().message} ${response.headers['retry-after'] ?? ''}`,
        );
      }
      return seen;
    };
    const known = await replies(owner.email, knownAddress);
    const unknown = await replies('nadie-aqui@cerrojos.test', unknownAddress);
    expect(unknown).toEqual(known);
    expect(known[0]).toBe('401 Correo o contraseña incorrectos ');
  });

  it("tells an administrator's lock only to whoever has the right password", async () => {
    const locked = await newOwner('locked');
    const wrong = await signin(locked.email, 'mala', nextAddress());
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Correo o contraseña incorrectos' });
    const right = await signin(locked.email, PASSWORD, nextAddress());
    expect(right.statusCode).toBe(403);
    expect(right.json().message).toMatch(/bloqueado/);
  });

  it('slows down one address trying many e-mails, known or not', async () => {
    const address = nextAddress();
    for (let attempt = 0; attempt < 20; attempt++) {
      expect((await signin(`rastreo${attempt}@cerrojos.test`, 'mala', address)).statusCode).toBe(401);
    }
    expect((await signin('rastreo-final@cerrojos.test', 'mala', address)).statusCode).toBe(429);
    const owner = await newOwner();
    expect((await signin(owner.email, PASSWORD, address)).statusCode).toBe(429);
    // Other addresses are not affected.
    expect((await signin(owner.email, PASSWORD, nextAddress())).statusCode).toBe(200);
  });
});

describe('the e-mailed unlock link', () => {
  const unlockTokenOf = (text: string) => {
    const link = text.match(/https:\/\/\S+/)?.[0];
    expect(link).toMatch(/^https:\/\/firma\.rubrica\.test\/session\/login\?unlock=[\w-]{20,}$/);
    return new URL(link!).searchParams.get('unlock')!;
  };

  it('is sent once per window, lets the owner in at once, and only once', async () => {
    const owner = await newOwner();
    const address = nextAddress();
    for (let attempt = 0; attempt < 12; attempt++) await signin(owner.email, 'mala', address);
    const mails = await mailsTo(t, owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toMatch(/no está bloqueado/);
    const token = unlockTokenOf(mails[0]!.text);

    expect((await signin(owner.email, PASSWORD, address)).statusCode).toBe(429);
    const unlocked = await signin(owner.email, PASSWORD, address, { unlock_token: token });
    expect(unlocked.statusCode).toBe(200);
    // Spent: the same link does not open the door twice, and fresh failures are throttled again.
    for (let attempt = 0; attempt < 6; attempt++) await signin(owner.email, 'mala', address);
    expect((await signin(owner.email, PASSWORD, address, { unlock_token: token })).statusCode).toBe(429);
  });

  it('expires after 30 minutes, and an invented one does not help', async () => {
    const owner = await newOwner();
    const address = nextAddress();
    for (let attempt = 0; attempt < 6; attempt++) await signin(owner.email, 'mala', address);
    const [mail] = await mailsTo(t, owner.email);
    const token = unlockTokenOf(mail!.text);
    const invented = await signin(owner.email, PASSWORD, address, { unlock_token: 'x'.repeat(43) });
    expect(invented.statusCode).toBe(429);
    clock.advance(31 * 60_000);
    for (let attempt = 0; attempt < 6; attempt++) await signin(owner.email, 'mala', address);
    expect((await signin(owner.email, PASSWORD, address, { unlock_token: token })).statusCode).toBe(429);
  });

  it('reaches no one for an unknown e-mail', async () => {
    const address = nextAddress();
    for (let attempt = 0; attempt < 8; attempt++) await signin('fantasma@cerrojos.test', 'mala', address);
    expect(await mailsTo(t, 'fantasma@cerrojos.test')).toHaveLength(0);
  });
});
