import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../contract/permissions.js';
import { createCompany, createHelpArticle, createUser } from '../../server/db/factories.js';
import { endpointCaller } from './support/endpointCall.js';
import { manualClock } from './support/mailbox.js';
import { ADMIN, createTestApp, type TestApp } from './support/testApp.js';

const NOW = new Date('2030-11-20T15:00:00Z');
const PASSWORD = 'Ayuda-2030';

let t: TestApp;
let api: ReturnType<typeof endpointCaller>;
let admin: string;
let companyUser: string;

beforeAll(async () => {
  t = await createTestApp({ clock: manualClock(NOW) });
  api = endpointCaller(t.app);
  const db = t.deps.database.db;
  const company = await createCompany(db, { fiscalName: 'Lectora', taxId: '901000040-1' });
  await createUser(db, {
    companyId: company,
    roleId: ROLE.companyAdministrator,
    name: 'Luz',
    lastName: 'Lectora',
    email: 'luz@lectora.test',
    password: PASSWORD,
  });
  admin = await t.signin(ADMIN.email, ADMIN.password);
  companyUser = await t.signin('luz@lectora.test', PASSWORD);
});
afterAll(() => t.close());

const create = (body: object) => api(admin, 'createHelpArticle', { body });
const faq = async (q?: string) => {
  const reply = await api(null, 'listFaqArticles', { query: q === undefined ? {} : { q } });
  expect(reply.status).toBe(200);
  return reply.data.items.map((item) => item.title);
};

describe('help articles', () => {
  it('saves rich text sanitised: no scripts, handlers, iframes or javascript: links', async () => {
    const response = await create({
      title: '¿Cómo firmo?',
      category: 'Firmas',
      body_html:
        '<h2>Pasos</h2><ol><li><strong>Abra</strong> el enlace</li><li><em>Firme</em></li></ol>' +
        '<p><a href="https://rubrica.test/guia">Guía</a> <a href="javascript:alert(1)">x</a></p>' +
        '<img src="https://cdn.test/paso.png" onerror="alert(1)"><iframe src="https://malo.test"></iframe>' +
        '<script>document.cookie</script><p style="x" onmouseover="y()">Fin</p>',
      status: 'published',
      position: 2,
    });
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({
      title: '¿Cómo firmo?',
      category: 'Firmas',
      status: 'published',
      position: 2,
      published_at: NOW.toISOString(),
      body_html:
        '<h2>Pasos</h2><ol><li><strong>Abra</strong> el enlace</li><li><em>Firme</em></li></ol>' +
        '<p><a href="https://rubrica.test/guia" rel="noopener noreferrer">Guía</a> <a rel="noopener noreferrer">x</a></p>' +
        '<img src="https://cdn.test/paso.png" /><p>Fin</p>',
    });
  });

  it('defaults to a draft in "General" and validates in Spanish', async () => {
    const draft = await create({ title: 'Borrador', body_html: '<p>Aún no</p>' });
    expect(draft.data).toMatchObject({
      category: 'General',
      status: 'draft',
      position: 0,
      published_at: null,
    });
    const bad = await create({ title: '', body_html: '', position: -1 });
    expect(bad.status).toBe(422);
    expect(bad.errors).toEqual({
      title: 'Campo requerido',
      body_html: 'Campo requerido',
      position: 'Debe ser mayor o igual a 0',
    });
    expect(
      (await create({ title: 'x', body_html: '<iframe src="https://x.test"></iframe>' })).errors,
    ).toEqual({
      body_html: 'El contenido quedó vacío después de quitar lo no permitido',
    });
  });

  it('lists with search, filters, sort and pagination; gets, updates and deletes', async () => {
    await create({
      title: 'Facturación de paquetes',
      category: 'Pagos',
      body_html: '<p>Se factura en USD.</p>',
      status: 'published',
      position: 1,
    });
    await create({
      title: 'Recibo',
      category: 'Pagos',
      body_html: '<p>Llega por correo.</p>',
      status: 'published',
      position: 0,
    });
    const list = (body: object) => api(admin, 'listHelpArticles', { body });
    expect((await list({})).data.total).toBe(4);
    expect((await list({ status: 'draft' })).data.items.map((item) => item.title)).toEqual(['Borrador']);
    expect(
      (await list({ category: 'Pagos', sort: 'position' })).data.items.map((item) => item.title),
    ).toEqual(['Recibo', 'Facturación de paquetes']);
    expect((await list({ search: 'pagos' })).data.total).toBe(2);
    const page = await list({ page: 2, itemsPerPage: 3, sort: 'title', order: 'DESC' });
    expect(page.data.items.map((item) => item.title)).toEqual(['Borrador']);
    const [draft] = (await list({ status: 'draft' })).data.items;
    expect((await api(admin, 'getHelpArticle', { params: { id: draft!.id } })).data).toEqual(draft);
    const published = await api(admin, 'updateHelpArticle', {
      params: { id: draft!.id },
      body: { status: 'published', category: 'General', body_html: '<p>Ya está <b>listo</b></p>' },
    });
    expect(published.data).toMatchObject({
      status: 'published',
      published_at: NOW.toISOString(),
      body_html: '<p>Ya está <b>listo</b></p>',
      title: 'Borrador',
    });
    const removable = await create({ title: 'Eliminar', body_html: '<p>x</p>' });
    expect((await api(admin, 'deleteHelpArticle', { params: { id: removable.data.id } })).status).toBe(200);
    expect((await api(admin, 'getHelpArticle', { params: { id: removable.data.id } })).status).toBe(404);
    expect(
      (await api(admin, 'updateHelpArticle', { params: { id: 999_999 }, body: { title: 'x' } })).status,
    ).toBe(404);
  });

  it('is managed by the platform only', async () => {
    expect((await api(companyUser, 'listHelpArticles', { body: {} })).status).toBe(403);
    expect((await api(companyUser, 'createHelpArticle', { body: {} })).status).toBe(403);
  });
});

describe('the public FAQ', () => {
  it('shows published articles by category and position, without a token', async () => {
    await createHelpArticle(t.deps.database.db, {
      title: 'Oculto',
      category: 'Firmas',
      bodyHtml: '<p>borrador</p><script>x</script>',
      status: 'draft',
    });
    expect(await faq()).toEqual(['¿Cómo firmo?', 'Borrador', 'Recibo', 'Facturación de paquetes']);
    const reply = await api(null, 'listFaqArticles');
    expect(reply.data.items[0]).toEqual({
      id: expect.any(Number),
      title: '¿Cómo firmo?',
      category: 'Firmas',
      position: 2,
      body_html: expect.stringContaining('<h2>Pasos</h2>'),
    });
  });

  it('searches title and text, ignoring case, accents and markup', async () => {
    expect(await faq('FACTURACION')).toEqual(['Facturación de paquetes']);
    expect(await faq('usd')).toEqual(['Facturación de paquetes']);
    expect(await faq('correo llega')).toEqual(['Recibo']);
    // Markup is not text: "strong" and "href" are not words of the article.
    expect(await faq('strong')).toEqual([]);
    expect(await faq('href')).toEqual([]);
    expect(await faq('%')).toEqual([]);
    expect(await faq('borrador')).toEqual(['Borrador']);
    expect(await faq('   ')).toHaveLength(4);
  });
});
