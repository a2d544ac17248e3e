import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ROLE } from '../../contract/permissions.js';
import { createCompany, createTextBanner, createUser } from '../../server/db/factories.js';
import { banners } from '../../server/db/schema/index.js';
import { readAll } from '../../server/storage/storage.js';
import {
  jpegClaiming,
  jpegWithLocation,
  picture,
  pngClaiming,
  truncatedPng,
} from '../../server/uploads/testing/hostile-images.js';
import { endpointCaller } from './support/endpointCall.js';
import { manualClock } from './support/mailbox.js';
import { type AppSwap, onOwnApp } from './support/ownApp.js';
import { ADMIN, createTestApp, type TestApp } from './support/testApp.js';

const NOW = new Date('2030-11-20T15:00:00Z');
const PASSWORD = 'Banners-2030';
/** A 1×1 PNG. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const JPEG = (await picture('jpeg', { width: 40, height: 20 })).toString('base64');
/** The picture a data URL carries, as sharp reads it. */
const pictureOf = async (dataUrl: string) =>
  sharp(Buffer.from(dataUrl.replace(/^data:image\/(png|jpeg);base64,/, ''), 'base64')).metadata();

type Banners = {
  t: TestApp;
  api: ReturnType<typeof endpointCaller>;
  ids: Record<'acme' | 'branch' | 'other', number>;
  tokens: Record<'admin' | 'acmeAdmin' | 'acmeOperator' | 'branchAdmin' | 'otherOperator', string>;
};
let t: Banners['t'];
let api: Banners['api'];
let ids: Banners['ids'];
let tokens: Banners['tokens'];

const textBanner = {
  kind: 'text',
  title: 'Mantenimiento',
  body: 'El sábado la plataforma no estará disponible.',
  audience: 'all',
  starts_at: '2030-11-01',
  ends_at: '2030-12-01',
};

/** Acme with its branch and another company, their people signed in, at NOW. */
async function openBannersApp(): Promise<Banners> {
  const app = await createTestApp({ clock: manualClock(NOW) });
  const db = app.deps.database.db;
  const acme = await createCompany(db, { fiscalName: 'Acme Banners', taxId: '901000020-1' });
  const companyIds = {
    acme,
    branch: await createCompany(db, { fiscalName: 'Acme Pasto', taxId: '901000020-1', parentId: acme }),
    other: await createCompany(db, { fiscalName: 'Otra', taxId: '901000021-2' }),
  };
  const user = (companyId: number, roleId: number, email: string) =>
    createUser(db, { companyId, roleId, name: 'Ana', lastName: email, email, password: PASSWORD });
  await user(acme, ROLE.companyAdministrator, 'admin@acme.test');
  await user(acme, ROLE.operator, 'operador@acme.test');
  await user(companyIds.branch, ROLE.companyAdministrator, 'admin@pasto.test');
  await user(companyIds.other, ROLE.operator, 'operador@otra.test');
  return {
    t: app,
    api: endpointCaller(app.app),
    ids: companyIds,
    tokens: {
      admin: await app.signin(ADMIN.email, ADMIN.password),
      acmeAdmin: await app.signin('admin@acme.test', PASSWORD),
      acmeOperator: await app.signin('operador@acme.test', PASSWORD),
      branchAdmin: await app.signin('admin@pasto.test', PASSWORD),
      otherOperator: await app.signin('operador@otra.test', PASSWORD),
    },
  };
}

/** Every describe (or test) works on an app of its own: what one creates or changes, no other counts. */
const ownBannersApp = (seed: (setup: Banners) => Promise<unknown> = async () => {}): AppSwap<Banners> => ({
  open: async () => {
    const setup = await openBannersApp();
    await seed(setup);
    return setup;
  },
  current: () => ({ t, api, ids, tokens }),
  use: (setup) => {
    ({ t, api, ids, tokens } = setup);
  },
});

/** The platform's two current banners: a text one for everyone and an image one for Acme. */
async function createMaintenanceAndLaunch() {
  const text = await api(tokens.admin, 'createBanner', { body: textBanner });
  const image = await api(tokens.admin, 'createBanner', {
    body: {
      kind: 'image',
      title: 'Nueva firma masiva',
      image: { filename: 'masiva.png', content_base64: `data:image/png;base64,${PNG}` },
      link_url: 'https://rubrica.test/novedades',
      audience: 'company',
      company_id: ids.acme,
      starts_at: '2030-11-15T08:00',
      ends_at: '2030-11-30',
    },
  });
  return { text, image };
}

const storedKey = async (bannerId: number) => {
  const [row] = await t.deps.database.db
    .select({ key: banners.imageKey })
    .from(banners)
    .where(eq(banners.id, bannerId));
  return row?.key ?? null;
};

describe('managing banners', () => {
  onOwnApp(ownBannersApp(), 'test');

  it('creates a text banner and an image banner whose image lives in the file storage', async () => {
    const { text, image } = await createMaintenanceAndLaunch();
    expect(text.status).toBe(200);
    expect(text.data).toMatchObject({
      kind: 'text',
      title: 'Mantenimiento',
      image_url: null,
      audience: 'all',
      company_id: null,
      starts_at: '2030-11-01T05:00:00.000Z',
      ends_at: '2030-12-01T05:00:00.000Z',
      status: 'active',
      active_now: true,
    });
    expect(image.status).toBe(200);
    expect(image.data).toMatchObject({
      kind: 'image',
      image_url: expect.stringMatching(/^data:image\/png;base64,/),
      company_name: 'Acme Banners',
      starts_at: '2030-11-15T13:00:00.000Z',
    });
    expect(await pictureOf(image.data.image_url!)).toMatchObject({ format: 'png', width: 1, height: 1 });
    const key = await storedKey(image.data.id);
    expect(key).toMatch(/^banners\/[0-9a-f-]+\.png$/);
    // The stored file is the re-encoded picture the record shows.
    expect(`data:image/png;base64,${(await readAll(t.deps.storage, key!))?.toString('base64')}`).toBe(
      image.data.image_url,
    );
  });

  it('decodes every image before storing it: pixel bombs and cut files refused, metadata dropped', async () => {
    const save = (content: Buffer) =>
      api(tokens.admin, 'createBanner', {
        body: {
          ...textBanner,
          kind: 'image',
          image: { filename: 'x.png', content_base64: content.toString('base64') },
        },
      });
    const before = await t.deps.database.db.select({ id: banners.id }).from(banners);
    const refusals = [
      [
        pngClaiming(65_535, 65_535),
        'La imagen del banner mide 65.535 × 65.535 píxeles; el máximo es 16,8 megapíxeles',
      ],
      [
        await jpegClaiming(30_000, 30_000),
        'La imagen del banner mide 30.000 × 30.000 píxeles; el máximo es 16,8 megapíxeles',
      ],
      [await truncatedPng(), 'La imagen del banner está dañada o incompleta y no se puede leer'],
    ] as const;
    for (const [bytes, message] of refusals) {
      const refused = await save(bytes);
      expect([refused.status, refused.errors]).toEqual([422, { image: message }]);
    }
    expect(await t.deps.database.db.select({ id: banners.id }).from(banners)).toHaveLength(before.length);
    const located = await jpegWithLocation();
    const kept = await save(located);
    expect(kept.status).toBe(200);
    const stored = await readAll(t.deps.storage, (await storedKey(kept.data.id))!);
    expect(stored!.equals(located)).toBe(false);
    expect(stored!.includes('<html>')).toBe(false);
    expect((await sharp(stored!).metadata()).exif).toBeUndefined();
  });

  it('refuses impossible dates, missing parts and files that are not PNG or JPEG, per field in Spanish', async () => {
    const save = (body: object) => api(tokens.admin, 'createBanner', { body: { ...textBanner, ...body } });
    const backwards = await save({ starts_at: '2030-12-01', ends_at: '2030-11-01' });
    expect(backwards.status).toBe(422);
    expect(backwards.errors).toEqual({ ends_at: 'La fecha de fin debe ser posterior a la fecha de inicio' });
    expect((await save({ kind: 'image' })).errors).toEqual({ image: 'Adjunte la imagen del banner' });
    expect((await save({ body: null })).errors).toEqual({ body: 'Escriba el texto del banner' });
    expect((await save({ audience: 'company' })).errors).toEqual({ company_id: 'Seleccione la empresa' });
    expect((await save({ audience: 'company', company_id: 999_999 })).errors).toEqual({
      company_id: 'La empresa no existe',
    });
    const image = (content: string) =>
      save({ kind: 'image', image: { filename: 'x.png', content_base64: content } });
    expect((await image(Buffer.from('GIF89a....').toString('base64'))).errors).toEqual({
      image: 'La imagen debe ser PNG o JPEG',
    });
    const big = Buffer.concat([Buffer.from(PNG, 'base64'), Buffer.alloc(1024 * 1024)]).toString('base64');
    expect((await image(big)).errors).toEqual({ image: 'La imagen supera el tamaño máximo de 1 MB' });
    expect((await image('no es base64!')).errors).toEqual({
      image: 'La imagen no está codificada en base64',
    });
    expect((await save({ link_url: 'javascript:alert(1)' })).errors).toEqual({
      link_url: 'Ingrese una dirección web que empiece por https://',
    });
    expect((await save({ title: '' })).errors).toEqual({ title: 'Campo requerido' });
  });

  it('lists with filters, search, sort and pagination; gets one with the same shape', async () => {
    await createMaintenanceAndLaunch();
    await api(tokens.admin, 'createBanner', {
      body: { ...textBanner, title: 'Pasado', starts_at: '2030-01-01', ends_at: '2030-02-01' },
    });
    await api(tokens.admin, 'createBanner', {
      body: { ...textBanner, title: 'Apagado', status: 'inactive' },
    });
    const list = (query: Record<string, string | number>) => api(tokens.admin, 'listBanners', { query });
    const all = await list({ sort: 'title', order: 'ASC' });
    expect(all.data.items.map((item) => item.title)).toEqual([
      'Apagado',
      'Mantenimiento',
      'Nueva firma masiva',
      'Pasado',
    ]);
    expect((await list({ active_now: 'true' })).data.items.map((item) => item.title).sort()).toEqual([
      'Mantenimiento',
      'Nueva firma masiva',
    ]);
    expect((await list({ active_now: 'false' })).data.total).toBe(2);
    expect((await list({ kind: 'image' })).data.total).toBe(1);
    expect((await list({ audience: 'company', company_id: ids.acme })).data.total).toBe(1);
    expect((await list({ status: 'inactive' })).data.items[0]!.title).toBe('Apagado');
    expect((await list({ search: 'manten' })).data.total).toBe(1);
    const page = await list({ page: 2, itemsPerPage: 3 });
    expect(page.data).toMatchObject({ total: 4 });
    expect(page.data.items).toHaveLength(1);
    const first = (await list({ search: 'firma' })).data.items[0]!;
    expect((await api(tokens.admin, 'getBanner', { params: { bannerId: first.id } })).data).toEqual(first);
    expect((await api(tokens.admin, 'getBanner', { params: { bannerId: 999_999 } })).status).toBe(404);
  });

  it('updates what is sent, replaces the image file and drops it when the banner becomes text', async () => {
    await createMaintenanceAndLaunch();
    const [imageBanner] = (await api(tokens.admin, 'listBanners', { query: { kind: 'image' } })).data.items;
    const oldKey = await storedKey(imageBanner!.id);
    const replaced = await api(tokens.admin, 'updateBanner', {
      body: {
        id: imageBanner!.id,
        title: 'Firma masiva',
        image: { filename: 'foto.jpg', content_base64: JPEG },
      },
    });
    expect(replaced.data.title).toBe('Firma masiva');
    expect(await pictureOf(replaced.data.image_url!)).toMatchObject({
      format: 'jpeg',
      width: 40,
      height: 20,
    });
    expect(replaced.data.audience).toBe('company');
    const newKey = await storedKey(imageBanner!.id);
    expect(newKey).toMatch(/\.jpg$/);
    expect(await t.deps.storage.get(oldKey!)).toBeNull();
    // A form sending back the record without a new file keeps the image.
    const kept = await api(tokens.admin, 'updateBanner', { body: { ...replaced.data, image: null } });
    expect(kept.data.image_url).toBe(replaced.data.image_url);
    expect(await storedKey(imageBanner!.id)).toBe(newKey);
    const backwards = await api(tokens.admin, 'updateBanner', {
      body: { id: imageBanner!.id, ends_at: '2030-01-01' },
    });
    expect(backwards.errors).toEqual({ ends_at: 'La fecha de fin debe ser posterior a la fecha de inicio' });
    const text = await api(tokens.admin, 'updateBanner', {
      body: { id: imageBanner!.id, kind: 'text', body: 'Ahora es texto' },
    });
    expect(text.data).toMatchObject({ kind: 'text', image_url: null, body: 'Ahora es texto' });
    expect(await storedKey(imageBanner!.id)).toBeNull();
    expect(await t.deps.storage.get(newKey!)).toBeNull();
    expect((await api(tokens.admin, 'updateBanner', { body: { id: 999_999, title: 'x' } })).status).toBe(404);
  });

  it('deletes a banner with its image', async () => {
    const created = await api(tokens.admin, 'createBanner', {
      body: { ...textBanner, kind: 'image', image: { filename: 'a.png', content_base64: PNG } },
    });
    const key = await storedKey(created.data.id);
    const deleted = await api(tokens.admin, 'deleteBanner', { params: { bannerId: created.data.id } });
    expect(deleted).toMatchObject({ status: 200, data: { id: created.data.id } });
    expect(await t.deps.storage.get(key!)).toBeNull();
    expect((await api(tokens.admin, 'deleteBanner', { params: { bannerId: created.data.id } })).status).toBe(
      404,
    );
  });

  it('is managed by the platform only', async () => {
    expect((await api(tokens.acmeAdmin, 'listBanners')).status).toBe(403);
    expect((await api(tokens.acmeAdmin, 'createBanner', { body: textBanner })).status).toBe(403);
  });
});

describe('active banners on the home screen', () => {
  onOwnApp(
    ownBannersApp(async (setup) => {
      const save = (body: object) =>
        setup.api(setup.tokens.admin, 'createBanner', { body: { ...textBanner, ...body } });
      await save({});
      await save({ title: 'Firma masiva', audience: 'company', company_id: setup.ids.acme });
      await save({ title: 'Solo administradores', audience: 'administrators' });
      await save({ title: 'Solo Otra', audience: 'company', company_id: setup.ids.other });
      await createTextBanner(setup.t.deps.database.db, {
        title: 'Futuro',
        body: 'Aún no',
        startsAt: new Date('2030-12-01T05:00:00Z'),
        endsAt: new Date('2030-12-31T05:00:00Z'),
      });
    }),
  );

  const titles = async (token: string) => {
    const reply = await api(token, 'listActiveBanners');
    expect(reply.status).toBe(200);
    return reply.data.items.map((item) => item.title).sort();
  };

  it('shows each user what is current for everyone, for their company and, to administrators, for administrators', async () => {
    expect(await titles(tokens.acmeOperator)).toEqual(['Firma masiva', 'Mantenimiento']);
    expect(await titles(tokens.acmeAdmin)).toEqual(['Firma masiva', 'Mantenimiento', 'Solo administradores']);
    // A branch is a company of its own: its parent's banners are not its banners.
    expect(await titles(tokens.branchAdmin)).toEqual(['Mantenimiento', 'Solo administradores']);
    expect(await titles(tokens.otherOperator)).toEqual(['Mantenimiento', 'Solo Otra']);
    expect(await titles(tokens.admin)).toEqual(['Mantenimiento', 'Solo administradores']);
  });

  it('requires a session', async () => {
    expect((await api(null, 'listActiveBanners')).status).toBe(401);
  });
});
