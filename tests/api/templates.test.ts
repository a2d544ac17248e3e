import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentType } from '../../server/db/factories.js';
import { documentTemplateVersions } from '../../server/db/schema/index.js';
import { createTenants } from './support/tenants.js';
import { bearer, createTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Plantillas-2026';
let t: TestApp;
let ids: Record<'andina' | 'branch' | 'caribe' | 'contrato' | 'anexo' | 'caribeType', number>;
let tokens: Record<'admin' | 'elena' | 'oscar' | 'branch', string>;

const FIELDS = [
  { name: 'nombre', type: 'text', label: 'Nombre completo', required: true, filled_by: 0, max_length: 120 },
  { name: 'valor', type: 'number', label: 'Valor', required: true, filled_by: 0, min: 1, integer: true },
  { name: 'inicio', type: 'date', label: 'Fecha de inicio', required: false, filled_by: 0 },
  { name: 'plan', type: 'select', label: 'Plan', required: true, filled_by: 1, options: ['Básico', 'Plus'] },
  { name: 'firma_1', type: 'signature', label: 'Firma del cliente', required: true, filled_by: 1 },
];
const HTML =
  '<h1>Contrato</h1><p>Entre <span data-field="nombre">Nombre</span> y la empresa, por <span data-field="valor">Valor</span>.</p>' +
  '<p>Plan: <span data-field="plan">Plan</span></p><p><span data-field="firma_1">Firma</span></p>';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.database.db;
  const tenants = await createTenants(t, { password: PASSWORD });
  const { andina, branch, caribe } = tenants.ids;
  ids = {
    andina,
    branch,
    caribe,
    contrato: await createDocumentType(db, { companyId: andina, name: 'Contrato' }),
    anexo: await createDocumentType(db, { companyId: andina, name: 'Anexo' }),
    caribeType: await createDocumentType(db, { companyId: caribe, name: 'Póliza' }),
  };
  tokens = tenants.tokens;
});
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/${url}`, headers: bearer(token), payload });

async function ok<T>(response: Awaited<ReturnType<typeof call>>): Promise<T> {
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as T;
}

type Template = {
  id: number;
  company_id: number;
  name: string;
  current_version: number;
  version_id: number;
  html: string;
  fields: { name: string; type: string }[];
};

const addTemplate = (token: string, body: object) =>
  call(token, 'POST', 'template_add', {
    company_id: ids.andina,
    document_type_id: ids.contrato,
    html: HTML,
    fields: FIELDS,
    ...body,
  });

describe('templates', () => {
  it('creates a template as version 1, sanitised, and reads it back', async () => {
    const created = await ok<Template>(
      await addTemplate(tokens.elena, {
        name: 'Contrato de servicios',
        html: `${HTML}<script>alert(1)</script><p onclick="x()">Fin</p>`,
      }),
    );
    expect(created.current_version).toBe(1);
    expect(created.html).not.toMatch(/script|onclick/);
    expect(created.html).toContain('<p>Fin</p>');
    const read = await ok<Template>(await call(tokens.oscar, 'GET', `get_template/${created.id}`));
    expect(read).toMatchObject({ id: created.id, name: 'Contrato de servicios', current_version: 1 });
    expect(read.fields.map((field) => field.type)).toEqual(['text', 'number', 'date', 'select', 'signature']);
  });

  it('refuses a duplicate name in the company (409), a field the text uses but does not declare, a type of another company', async () => {
    await ok(await addTemplate(tokens.elena, { name: 'Pagaré' }));
    const duplicate = await addTemplate(tokens.elena, { name: 'PAGARÉ' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('Ya existe una plantilla con este nombre en la empresa');
    const undeclared = await addTemplate(tokens.elena, { name: 'Otra', fields: FIELDS.slice(1) });
    expect(undeclared.statusCode).toBe(422);
    expect(undeclared.json().message).toMatch(/campo «nombre»/);
    const foreignType = await addTemplate(tokens.admin, { name: 'Cruce', document_type_id: ids.caribeType });
    expect(foreignType.statusCode).toBe(422);
    expect(foreignType.json().message).toBe('El tipo de documento no es de la empresa de la plantilla');
  });

  it('validates field definitions with Spanish messages: signer-only types, options, repeated names', async () => {
    const bad = await addTemplate(tokens.elena, {
      name: 'Campos malos',
      html: '<p>Hola</p>',
      fields: [
        { name: 'firma', type: 'signature', label: 'Firma', filled_by: 0 },
        { name: 'lista', type: 'select', label: 'Lista', options: [] },
        { name: 'x', type: 'text', label: 'X' },
        { name: 'x', type: 'email', label: 'X otra vez' },
      ],
    });
    expect(bad.statusCode).toBe(422);
    const errors = bad.json().errors as Record<string, string>;
    expect(Object.values(errors)).toEqual(
      expect.arrayContaining([
        'Este tipo de campo lo llena un firmante (1, 2, …), no el remitente',
        'Indique al menos una opción',
        'El campo «x» está repetido',
      ]),
    );
  });

  it('saves every update as a new immutable version and lists them newest first', async () => {
    const created = await ok<Template>(await addTemplate(tokens.elena, { name: 'Arrendamiento' }));
    const firstRow = await t.deps.database.db
      .select()
      .from(documentTemplateVersions)
      .where(eq(documentTemplateVersions.id, created.version_id));
    const changedHtml = HTML.replace('Contrato', 'Contrato de arrendamiento');
    const second = await ok<Template>(
      await call(tokens.oscar, 'PUT', `template_update/${created.id}`, {
        html: changedHtml,
        fields: FIELDS,
        base_version: 1,
      }),
    );
    expect(second.current_version).toBe(2);
    expect(second.version_id).not.toBe(created.version_id);
    const untouched = await t.deps.database.db
      .select()
      .from(documentTemplateVersions)
      .where(eq(documentTemplateVersions.id, created.version_id));
    expect(untouched).toEqual(firstRow);
    const versions = await ok<{ number: number; current: boolean; author_name: string }[]>(
      await call(tokens.elena, 'GET', `get_template_versions/${created.id}`),
    );
    expect(versions.map((version) => [version.number, version.current])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(versions[0]!.author_name).toBe('Oscar Prueba');
    const byId = await ok<{ id: number; number: number; html: string }[]>(
      await call(tokens.elena, 'POST', 'get_template_versions_by_id', {
        version_ids: [second.version_id, created.version_id],
      }),
    );
    expect(byId.map((version) => version.number)).toEqual([1, 2]);
    expect(byId[1]!.html).toContain('Contrato de arrendamiento');
  });

  it('answers 409 when the base version is stale, so two editors never overwrite each other', async () => {
    const created = await ok<Template>(await addTemplate(tokens.elena, { name: 'Concurrente' }));
    await ok(
      await call(tokens.elena, 'PUT', `template_update/${created.id}`, {
        html: HTML,
        fields: FIELDS,
        base_version: 1,
      }),
    );
    const stale = await call(tokens.oscar, 'PUT', `template_update/${created.id}`, {
      html: HTML,
      fields: FIELDS,
      base_version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/versión 2/);
  });

  it('shows what a version changed against the previous one: text blocks side by side and fields', async () => {
    const created = await ok<Template>(await addTemplate(tokens.elena, { name: 'Comparable' }));
    const saved = await ok<Template>(
      await call(tokens.elena, 'PUT', `template_update/${created.id}`, {
        html: HTML.replace('y la empresa', 'y Rúbrica S.A.S.').concat('<p>Cláusula nueva</p>'),
        fields: [
          ...FIELDS.filter((field) => field.name !== 'inicio'),
          { name: 'correo', type: 'email', label: 'Correo' },
        ],
        page: { paper: 'a4' },
      }),
    );
    const changes = await ok<{
      previous: { number: number };
      body: { change: string; before: string | null; after: string | null }[];
      fields: { added: { name: string }[]; removed: { name: string }[] };
      page_changed: boolean;
    }>(await call(tokens.oscar, 'GET', `get_template_changes/${created.id}/${saved.version_id}`));
    expect(changes.previous.number).toBe(1);
    expect(changes.body).toContainEqual({
      change: 'changed',
      before: 'Entre «nombre» y la empresa, por «valor».',
      after: 'Entre «nombre» y Rúbrica S.A.S., por «valor».',
    });
    expect(changes.body).toContainEqual({ change: 'added', before: null, after: 'Cláusula nueva' });
    expect(changes.body).toContainEqual({ change: 'same', before: 'Contrato', after: 'Contrato' });
    expect(changes.fields.added.map((field) => field.name)).toEqual(['correo']);
    expect(changes.fields.removed.map((field) => field.name)).toEqual(['inicio']);
    expect(changes.page_changed).toBe(true);
    const first = await ok<{ previous: null; body: { change: string }[] }>(
      await call(tokens.oscar, 'GET', `get_template_changes/${created.id}/${created.version_id}`),
    );
    expect(first.previous).toBeNull();
    expect(first.body.every((block) => block.change === 'added')).toBe(true);
  });

  it('lists with search, type and status filters; the header list offers only active ones', async () => {
    await ok(
      await addTemplate(tokens.elena, {
        name: 'Anexo técnico',
        document_type_id: ids.anexo,
        status: 'inactive',
      }),
    );
    // A branch template needs the branch's own document type: it cannot even see the parent's.
    const parentType = await addTemplate(tokens.branch, { name: 'Contrato Cali', company_id: ids.branch });
    expect(parentType.statusCode).toBe(404);
    const branchType = await createDocumentType(t.deps.database.db, {
      companyId: ids.branch,
      name: 'Contrato Cali',
    });
    await ok(
      await addTemplate(tokens.branch, {
        name: 'Contrato Cali',
        company_id: ids.branch,
        document_type_id: branchType,
      }),
    );
    type Page = { items: { name: string; document_type_name: string; status: string }[]; total: number };
    const byType = await ok<Page>(
      await call(tokens.elena, 'POST', 'templates', { document_type_id: ids.anexo }),
    );
    expect(byType.items.map((item) => item.name)).toEqual(['Anexo técnico']);
    const search = await ok<Page>(await call(tokens.elena, 'POST', 'templates', { search: 'cali' }));
    expect(search.items.map((item) => item.name)).toEqual(['Contrato Cali']);
    const inactive = await ok<Page>(await call(tokens.elena, 'POST', 'templates', { status: 'inactive' }));
    expect(inactive.items.map((item) => item.name)).toEqual(['Anexo técnico']);
    const branchOnly = await ok<Page>(await call(tokens.branch, 'POST', 'templates', {}));
    expect(branchOnly.items.map((item) => item.name)).toEqual(['Contrato Cali']);
    const paged = await ok<Page>(
      await call(tokens.elena, 'POST', 'templates', { company_id: ids.andina, itemsPerPage: 2 }),
    );
    expect(paged.items).toHaveLength(2);
    expect(paged.total).toBeGreaterThan(2);
    const header = await ok<{ name: string }[]>(
      await call(tokens.elena, 'GET', `templates_header/${ids.andina}`),
    );
    expect(header.map((item) => item.name)).not.toContain('Anexo técnico');
    expect(header.map((item) => item.name)).toContain('Arrendamiento');
  });

  it('deletes softly: gone from lists and reads (404), name free again, versions kept', async () => {
    const created = await ok<Template>(await addTemplate(tokens.elena, { name: 'Temporal' }));
    await ok(await call(tokens.elena, 'DELETE', `template/delete/${created.id}`));
    expect((await call(tokens.elena, 'GET', `get_template/${created.id}`)).statusCode).toBe(404);
    expect((await call(tokens.elena, 'DELETE', `template/delete/${created.id}`)).statusCode).toBe(404);
    const kept = await t.deps.database.db
      .select()
      .from(documentTemplateVersions)
      .where(eq(documentTemplateVersions.templateId, created.id));
    expect(kept).toHaveLength(1);
    await ok(await addTemplate(tokens.elena, { name: 'Temporal' }));
  });

  it("keeps tenants apart: another company's template is 404 everywhere, a branch cannot reach its parent's", async () => {
    const created = await ok<Template>(await addTemplate(tokens.elena, { name: 'Privada' }));
    const caribeToken = await t.signin('carla@caribe.test', PASSWORD);
    for (const [method, url] of [
      ['GET', `get_template/${created.id}`],
      ['GET', `get_template_versions/${created.id}`],
      ['GET', `viewHtml/${ids.caribe}/${created.id}`],
      ['GET', `get_template_changes/${created.id}/${created.version_id}`],
      ['DELETE', `template/delete/${created.id}`],
    ] as const) {
      expect((await call(caribeToken, method, url)).statusCode, url).toBe(404);
      expect((await call(tokens.branch, method, url)).statusCode, url).toBe(404);
    }
    // The template named in one company's path but owned by another: 404 too.
    expect((await call(tokens.admin, 'GET', `viewHtml/${ids.caribe}/${created.id}`)).statusCode).toBe(404);
    expect((await call(tokens.admin, 'GET', `viewHtml/${ids.andina}/${created.id}`)).statusCode).toBe(200);
  });

  it('lists the field types with their rules and who may fill them', async () => {
    const types = await ok<{ type: string; sender_can_fill: boolean; box: boolean; rules: string[] }[]>(
      await call(tokens.oscar, 'GET', 'get_field_types'),
    );
    expect(types.map((type) => type.type)).toEqual([
      'text',
      'number',
      'date',
      'email',
      'phone',
      'identification',
      'select',
      'checkbox',
      'signature',
      'initials',
      'signing_date',
      'image',
    ]);
    expect(types.find((type) => type.type === 'signature')).toMatchObject({
      sender_can_fill: false,
      box: true,
    });
    expect(types.find((type) => type.type === 'select')!.rules).toEqual(['options']);
  });
});
