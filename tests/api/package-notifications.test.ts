import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID } from '../../contract/permissions.js';
import { assignPlan, createCompany, createPlan, createUser } from '../../server/db/factories.js';
import { manualClock, tokenPayload } from './support/mailbox.js';
import { ADMIN, bearer, createTestApp, type TestApp } from './support/testApp.js';

// 20 November 2030, 10:00 in Bogotá: every date below is relative to this fixed "now".
const NOW = new Date('2030-11-20T15:00:00Z');
const day = (n: number) => new Date(NOW.getTime() + n * 86_400_000);
const PASSWORD = 'Paquetes-2030';
const PLATFORM_SUPPORT = {
  phone: '+57 601 000 0000',
  whatsapp: '+57 300 000 0000',
  email: 'soporte@rubrica.local',
};

let t: TestApp;
let tokens: Record<'acme' | 'branch' | 'quiet' | 'admin', string>;
let users: Record<'acme' | 'branch' | 'quiet' | 'admin', number>;

beforeAll(async () => {
  t = await createTestApp({ clock: manualClock(NOW) });
  const db = t.deps.database.db;
  const acme = await createCompany(db, {
    fiscalName: 'Acme Paquetes S.A.S.',
    taxId: '901000006-6',
    supportPhone: '+57 604 111 1111',
    supportEmail: 'ayuda@acme.test',
  });
  const branch = await createCompany(db, {
    fiscalName: 'Acme Medellín',
    taxId: '901000006-6',
    parentId: acme,
  });
  const quiet = await createCompany(db, { fiscalName: 'Tranquila S.A.S.', taxId: '901000007-7' });

  const enterprise = await createPlan(db, {
    name: 'Plan Empresarial 500',
    signatures: 500,
    priceUsd: '450.00',
  });
  const basic = await createPlan(db, { name: 'Plan Básico 100', signatures: 100 });
  const unlimited = await createPlan(db, { name: 'Plan Ilimitado', signatures: null });
  const renewed = await createPlan(db, { name: 'Plan Renovado', signatures: 50 });
  // Acme: one package expiring in 15 days (5 December), one in 20 days (not yet), one expired
  // on 10 November, one whose plan expired but was renewed, and an old expired one of the basic plan.
  await assignPlan(db, { companyId: acme, planId: enterprise, startsAt: day(-350), expiredAt: day(15) });
  await assignPlan(db, { companyId: acme, planId: unlimited, startsAt: day(-345), expiredAt: day(20) });
  await assignPlan(db, { companyId: acme, planId: basic, startsAt: day(-700), expiredAt: day(-375) });
  await assignPlan(db, { companyId: acme, planId: basic, startsAt: day(-375), expiredAt: day(-10) });
  await assignPlan(db, { companyId: acme, planId: renewed, startsAt: day(-400), expiredAt: day(-30) });
  await assignPlan(db, { companyId: acme, planId: renewed, startsAt: day(-30), expiredAt: day(335) });
  // Bogotá is UTC-5: 1 December 03:00 UTC is still 30 November there.
  await assignPlan(db, {
    companyId: branch,
    planId: basic,
    startsAt: day(-300),
    expiredAt: new Date('2030-12-01T03:00:00Z'),
  });
  // The platform company buys nothing, but even a stray assignment raises no pop-up.
  await assignPlan(db, {
    companyId: PLATFORM_COMPANY_ID,
    planId: basic,
    startsAt: day(-400),
    expiredAt: day(3),
  });

  const user = (companyId: number, email: string) =>
    createUser(db, { companyId, name: 'Pedro', lastName: 'Paquete', email, password: PASSWORD });
  users = {
    acme: await user(acme, 'pedro@acme.test'),
    branch: await user(branch, 'pedro@medellin.test'),
    quiet: await user(quiet, 'pedro@tranquila.test'),
    admin: 0,
  };
  const signin = (email: string, password = PASSWORD) => t.signin(email, password);
  tokens = {
    acme: await signin('pedro@acme.test'),
    branch: await signin('pedro@medellin.test'),
    quiet: await signin('pedro@tranquila.test'),
    admin: await signin(ADMIN.email, ADMIN.password),
  };
  users.admin = tokenPayload(tokens.admin).id;
});
afterAll(() => t.close());

async function check(path: 'check_packages' | 'check_expired_packages', who: keyof typeof tokens) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/${path}`,
    headers: bearer(tokens[who]),
    payload: { user_id: users[who] },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as {
    notifications: { id: string; message: string }[];
    support: typeof PLATFORM_SUPPORT;
  };
}

describe('POST check_packages (near expiry, "Recordatorio")', () => {
  it('lists the packages expiring within 15 days, naming the plan and the date (es-CO, Bogotá)', async () => {
    const { notifications } = await check('check_packages', 'acme');
    expect(notifications).toEqual([
      {
        id: expect.stringMatching(/^assignment-\d+$/),
        message: 'Su paquete «Plan Empresarial 500» vence el 5 de diciembre de 2030.',
      },
    ]);
    const branch = await check('check_packages', 'branch');
    expect(branch.notifications.map((item) => item.message)).toEqual([
      'Su paquete «Plan Básico 100» vence el 30 de noviembre de 2030.',
    ]);
  });

  it('gives nothing to the platform company or to a company without packages', async () => {
    expect((await check('check_packages', 'admin')).notifications).toEqual([]);
    expect((await check('check_packages', 'quiet')).notifications).toEqual([]);
  });

  it('carries the support channels: own, else the parent company, else the platform', async () => {
    expect((await check('check_packages', 'acme')).support).toEqual({
      phone: '+57 604 111 1111',
      whatsapp: PLATFORM_SUPPORT.whatsapp,
      email: 'ayuda@acme.test',
    });
    expect((await check('check_packages', 'branch')).support).toEqual({
      phone: '+57 604 111 1111',
      whatsapp: PLATFORM_SUPPORT.whatsapp,
      email: 'ayuda@acme.test',
    });
    expect((await check('check_packages', 'quiet')).support).toEqual(PLATFORM_SUPPORT);
    // get_users/{id} resolves the same channels for the help dialog.
    const me = await t.app.inject({ url: `/api/get_users/${users.branch}`, headers: bearer(tokens.branch) });
    expect(me.json().data.support).toEqual((await check('check_packages', 'branch')).support);
  });
});

describe('POST check_expired_packages ("Importante")', () => {
  it('lists the latest expired package of each plan not renewed since', async () => {
    const { notifications } = await check('check_expired_packages', 'acme');
    expect(notifications.map((item) => item.message)).toEqual([
      'Su paquete «Plan Básico 100» venció el 10 de noviembre de 2030.',
    ]);
    expect(notifications[0]!.id).toMatch(/^assignment-\d+$/);
    expect((await check('check_expired_packages', 'admin')).notifications).toEqual([]);
    expect((await check('check_expired_packages', 'branch')).notifications).toEqual([]);
  });
});

describe('the warning window', () => {
  it('follows PACKAGE_EXPIRY_WARNING_DAYS', async () => {
    const wide = await createTestApp({ clock: manualClock(NOW), env: { PACKAGE_EXPIRY_WARNING_DAYS: '30' } });
    try {
      const db = wide.deps.database.db;
      const company = await createCompany(db, { fiscalName: 'Amplia', taxId: '901000008-8' });
      const plan = await createPlan(db, { name: 'Plan Amplio', signatures: 10 });
      await assignPlan(db, { companyId: company, planId: plan, startsAt: day(-100), expiredAt: day(25) });
      const userId = await createUser(db, {
        companyId: company,
        name: 'Ana',
        lastName: 'Amplia',
        email: 'ana@amplia.test',
        password: PASSWORD,
      });
      const token = await wide.signin('ana@amplia.test', PASSWORD);
      const response = await wide.app.inject({
        method: 'POST',
        url: '/api/check_packages',
        headers: bearer(token),
        payload: { user_id: userId },
      });
      expect(response.json().data.notifications).toHaveLength(1);
    } finally {
      await wide.close();
    }
  });
});
