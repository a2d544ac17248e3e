import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ROLE } from '../../contract/permissions.js';
import { createCompany, createNotification, createUser } from '../../server/db/factories.js';
import { mailOutbox } from '../../server/db/schema/index.js';
import { endpointCaller } from './support/endpointCall.js';
import { manualClock } from './support/mailbox.js';
import { type AppSwap, onOwnApp } from './support/ownApp.js';
import { ADMIN, createTestApp, type TestApp } from './support/testApp.js';

const NOW = new Date('2030-11-20T15:00:00Z');
const PASSWORD = 'Avisos-2030';

type Notices = {
  t: TestApp;
  api: ReturnType<typeof endpointCaller>;
  ids: Record<'acme' | 'branch' | 'other' | 'ana' | 'beto' | 'carla' | 'dario' | 'inactive', number>;
  tokens: Record<'admin' | 'ana' | 'beto' | 'carla' | 'dario', string>;
};
let t: Notices['t'];
let api: Notices['api'];
let ids: Notices['ids'];
let tokens: Notices['tokens'];

/** Acme with its branch and another company, an operator or two in each, signed in. */
async function openNoticesApp(): Promise<Notices> {
  const app = await createTestApp({ clock: manualClock(NOW) });
  const db = app.deps.database.db;
  const acme = await createCompany(db, { fiscalName: 'Acme Avisos', taxId: '901000030-1' });
  const branch = await createCompany(db, { fiscalName: 'Acme Tunja', taxId: '901000030-1', parentId: acme });
  const other = await createCompany(db, { fiscalName: 'Otra', taxId: '901000031-2' });
  const user = (companyId: number, name: string, status: 'active' | 'inactive' = 'active') =>
    createUser(db, {
      companyId,
      roleId: ROLE.operator,
      name,
      lastName: 'Prueba',
      email: `${name.toLowerCase()}@avisos.test`,
      password: PASSWORD,
      status,
    });
  return {
    t: app,
    api: endpointCaller(app.app),
    ids: {
      acme,
      branch,
      other,
      ana: await user(acme, 'Ana'),
      beto: await user(acme, 'Beto'),
      carla: await user(branch, 'Carla'),
      dario: await user(other, 'Dario'),
      inactive: await user(acme, 'Inactivo', 'inactive'),
    },
    tokens: {
      admin: await app.signin(ADMIN.email, ADMIN.password),
      ana: await app.signin('ana@avisos.test', PASSWORD),
      beto: await app.signin('beto@avisos.test', PASSWORD),
      carla: await app.signin('carla@avisos.test', PASSWORD),
      dario: await app.signin('dario@avisos.test', PASSWORD),
    },
  };
}

/** Every describe (or test) works on an app of its own: what one creates or publishes, no other counts. */
const ownNoticesApp = (seed: (setup: Notices) => Promise<unknown> = async () => {}): AppSwap<Notices> => ({
  open: async () => {
    const setup = await openNoticesApp();
    await seed(setup);
    return setup;
  },
  current: () => ({ t, api, ids, tokens }),
  use: (setup) => {
    ({ t, api, ids, tokens } = setup);
  },
});

/** Three drafts, oldest first: one for everyone, one for Acme, one for Beto. */
async function seedDrafts({ t: app, ids: people }: Notices) {
  const db = app.deps.database.db;
  await createNotification(db, { title: 'Bienvenida', body: '<p>Hola</p>', audience: 'all' });
  await createNotification(db, {
    title: 'Para Acme',
    body: '<p>Acme</p>',
    audience: 'company',
    companyId: people.acme,
  });
  await createNotification(db, {
    title: 'Para Beto',
    body: '<p>Beto</p>',
    audience: 'user',
    userId: people.beto,
  });
}

const create = (body: object) => api(tokens.admin, 'createNotification', { body });
const publish = (id: number, sendEmail = false) =>
  api(tokens.admin, 'publishNotification', { params: { id }, body: { send_email: sendEmail } });
/** Publishes every notification there is, each reply checked. */
async function publishAll() {
  for (const notice of (await api(tokens.admin, 'listNotifications', { body: {} })).data.items) {
    const reply = await publish(notice.id);
    expect(reply.data).toMatchObject({ status: 'published', published_at: NOW.toISOString() });
  }
}
const myTitles = async (token: string, query: Record<string, string> = {}) =>
  (await api(token, 'listMyNotifications', { query })).data.items.map((item) => item.title);

describe('managing notifications', () => {
  onOwnApp(ownNoticesApp(), 'test');

  it('saves a draft with its rich text sanitised', async () => {
    const response = await create({
      title: 'Bienvenida',
      body: '<h2>Hola</h2><p onclick="robar()">Texto <img src="https://cdn.test/x.png" onerror="alert(1)"></p><script>alert(1)</script>',
      audience: 'all',
    });
    expect(response.status).toBe(200);
    expect(response.message).toBe('Notificación guardada como borrador');
    expect(response.data).toMatchObject({
      title: 'Bienvenida',
      body: '<h2>Hola</h2><p>Texto <img src="https://cdn.test/x.png" /></p>',
      audience: 'all',
      status: 'draft',
      published_at: null,
      reads: 0,
    });
  });

  it('checks the audience and refuses a body that is nothing but removed markup', async () => {
    expect((await create({ title: 'x', body: '<p>x</p>', audience: 'company' })).errors).toEqual({
      company_id: 'Seleccione la empresa',
    });
    expect(
      (await create({ title: 'x', body: '<p>x</p>', audience: 'user', user_id: 999_999 })).errors,
    ).toEqual({
      user_id: 'El usuario no existe',
    });
    expect((await create({ title: 'x', body: '<script>alert(1)</script>', audience: 'all' })).errors).toEqual(
      {
        body: 'El contenido quedó vacío después de quitar lo no permitido',
      },
    );
    expect((await create({ title: '', body: '', audience: 'todos' })).errors).toEqual({
      title: 'Campo requerido',
      body: 'Campo requerido',
      audience: 'Seleccione una opción válida',
    });
  });

  it('lists with filters, search, sort and pagination, gets, updates and deletes', async () => {
    await createNotification(t.deps.database.db, {
      title: 'Bienvenida',
      body: '<p>Hola</p>',
      audience: 'all',
    });
    const acmeNotice = await create({
      title: 'Para Acme',
      body: '<p>Acme</p>',
      audience: 'company',
      company_id: ids.acme,
    });
    expect(acmeNotice.data).toMatchObject({ company_id: ids.acme, company_name: 'Acme Avisos' });
    const personal = await create({
      title: 'Para Beto',
      body: '<p>Beto</p>',
      audience: 'user',
      user_id: ids.beto,
    });
    expect(personal.data).toMatchObject({ user_id: ids.beto, user_name: 'Beto Prueba', company_id: null });
    const list = (body: object) => api(tokens.admin, 'listNotifications', { body });
    expect((await list({})).data.items.map((item) => item.title)).toEqual([
      'Para Beto',
      'Para Acme',
      'Bienvenida',
    ]);
    expect((await list({ audience: 'company' })).data.total).toBe(1);
    expect((await list({ company_id: ids.acme })).data.total).toBe(1);
    expect(
      (await list({ search: 'para', sort: 'title', order: 'ASC' })).data.items.map((item) => item.title),
    ).toEqual(['Para Acme', 'Para Beto']);
    const page = await list({ page: 2, itemsPerPage: 2 });
    expect(page.data).toMatchObject({ total: 3 });
    expect(page.data.items).toHaveLength(1);
    const one = await api(tokens.admin, 'getNotification', { params: { id: personal.data.id } });
    expect(one.data).toEqual((await list({ search: 'beto' })).data.items[0]);
    const updated = await api(tokens.admin, 'updateNotification', {
      params: { id: personal.data.id },
      body: { body: '<p>Hola <a href="javascript:alert(1)">Beto</a></p>' },
    });
    expect(updated.data).toMatchObject({
      title: 'Para Beto',
      body: '<p>Hola <a rel="noopener noreferrer">Beto</a></p>',
      audience: 'user',
    });
    const removable = await create({ title: 'Borrar', body: '<p>x</p>', audience: 'all' });
    expect(
      (await api(tokens.admin, 'deleteNotification', { params: { id: removable.data.id } })).status,
    ).toBe(200);
    expect((await api(tokens.admin, 'getNotification', { params: { id: removable.data.id } })).status).toBe(
      404,
    );
    expect((await list({ status: 'published' })).data.total).toBe(0);
  });

  it('is managed by the platform only', async () => {
    expect((await api(tokens.ana, 'listNotifications', { body: {} })).status).toBe(403);
    expect((await api(tokens.ana, 'createNotification', { body: {} })).status).toBe(403);
  });
});

describe('my notifications', () => {
  onOwnApp(ownNoticesApp(seedDrafts), 'test');

  it('shows nothing before publication, then what is addressed to the caller', async () => {
    expect(await myTitles(tokens.ana)).toEqual([]);
    await publishAll();
    expect(await myTitles(tokens.ana)).toEqual(['Para Acme', 'Bienvenida']);
    expect(await myTitles(tokens.beto)).toEqual(['Para Beto', 'Para Acme', 'Bienvenida']);
    // A branch is not its parent: company notices reach that company only.
    expect(await myTitles(tokens.carla)).toEqual(['Bienvenida']);
    expect(await myTitles(tokens.dario)).toEqual(['Bienvenida']);
  });

  it('marks a notification read for the caller only, with an unread count and filter', async () => {
    await publishAll();
    const before = await api(tokens.beto, 'listMyNotifications');
    expect(before.data).toMatchObject({ total: 3, unread: 3 });
    const target = before.data.items.find((item) => item.title === 'Para Acme')!;
    const read = await api(tokens.beto, 'markNotificationRead', { params: { id: target.id } });
    expect(read.data).toMatchObject({ id: target.id, read: true, read_at: NOW.toISOString() });
    // Idempotent.
    expect((await api(tokens.beto, 'markNotificationRead', { params: { id: target.id } })).status).toBe(200);
    const after = await api(tokens.beto, 'listMyNotifications');
    expect(after.data.unread).toBe(2);
    expect(after.data.items.find((item) => item.id === target.id)?.read).toBe(true);
    expect(await myTitles(tokens.beto, { unread: 'true' })).toEqual(['Para Beto', 'Bienvenida']);
    expect(await myTitles(tokens.beto, { unread: 'false' })).toEqual(['Para Acme']);
    expect((await api(tokens.ana, 'listMyNotifications')).data.unread).toBe(2);
    const admin = await api(tokens.admin, 'getNotification', { params: { id: target.id } });
    expect(admin.data.reads).toBe(1);
  });

  it('answers 404 for a notification not addressed to the caller, or not published', async () => {
    await publishAll();
    const [personal] = (await api(tokens.admin, 'listNotifications', { body: { search: 'beto' } })).data
      .items;
    expect((await api(tokens.ana, 'markNotificationRead', { params: { id: personal!.id } })).status).toBe(
      404,
    );
    expect((await api(tokens.dario, 'markNotificationRead', { params: { id: 999_999 } })).status).toBe(404);
    const draft = await createNotification(t.deps.database.db, { title: 'Borrador', body: '<p>x</p>' });
    expect((await api(tokens.ana, 'markNotificationRead', { params: { id: draft } })).status).toBe(404);
    expect((await api(null, 'listMyNotifications')).status).toBe(401);
  });
});

describe('e-mailing a published notification', () => {
  onOwnApp(ownNoticesApp());

  const sentTo = async (subject: string) =>
    (
      await t.deps.database.db
        .select({ to: mailOutbox.to, text: mailOutbox.text, html: mailOutbox.html })
        .from(mailOutbox)
        .where(like(mailOutbox.subject, `%${subject}`))
    ).sort((a, b) => a.to.localeCompare(b.to));

  it('sends one e-mail to each active user of the audience, once however often it is published', async () => {
    const notice = await create({
      title: 'Cambio de horario',
      body: '<p>Atendemos <strong>hasta las 6:00</strong>.</p><script>x</script>',
      audience: 'company',
      company_id: ids.acme,
    });
    const reply = await publish(notice.data.id, true);
    expect(reply.message).toBe('Notificación publicada; los correos se están enviando');
    await t.deps.queue.drain();
    await publish(notice.data.id, true);
    await t.deps.queue.drain();
    const mails = await sentTo('Cambio de horario');
    expect(mails.map((mail) => mail.to)).toEqual(['ana@avisos.test', 'beto@avisos.test']);
    expect(mails[0]!.text).toContain('Atendemos hasta las 6:00.');
    expect(mails[0]!.html).toContain('<strong>hasta las 6:00</strong>');
    expect(mails[0]!.html).not.toContain('<script>');
  });

  it('reaches every active user for "all", and nobody without send_email', async () => {
    const quiet = await create({ title: 'Silencioso', body: '<p>x</p>', audience: 'all' });
    await publish(quiet.data.id);
    const loud = await create({ title: 'Para todos', body: '<p>x</p>', audience: 'all' });
    await publish(loud.data.id, true);
    await t.deps.queue.drain();
    expect(await sentTo('Silencioso')).toEqual([]);
    expect((await sentTo('Para todos')).map((mail) => mail.to)).toEqual([
      ADMIN.email,
      'ana@avisos.test',
      'beto@avisos.test',
      'carla@avisos.test',
      'dario@avisos.test',
    ]);
  });
});
