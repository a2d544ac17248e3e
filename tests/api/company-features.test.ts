import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURES } from '../../contract/features.js';
import { ROLE } from '../../contract/permissions.js';
import { createCompany, createUser } from '../../server/db/factories.js';
import { ADMIN, bearer, createTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Funciones-2026';
let t: TestApp;
let admin: string;
let andinaUser: string;
let branchUser: string;
let ids: { andina: number; branch: number; caribe: number; elena: number; sara: number };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.database.db;
  const andina = await createCompany(db, { fiscalName: 'Andina & Cía', taxId: '800197268-4' });
  const branch = await createCompany(db, {
    fiscalName: 'Andina Cali',
    taxId: '800197268-4',
    parentId: andina,
  });
  const caribe = await createCompany(db, { fiscalName: 'Caribe Contratos', taxId: '890903938-8' });
  const user = (companyId: number, email: string) =>
    createUser(db, {
      companyId,
      roleId: ROLE.companyAdministrator,
      name: 'Ana',
      lastName: email,
      email,
      password: PASSWORD,
    });
  ids = {
    andina,
    branch,
    caribe,
    elena: await user(andina, 'elena@andina.test'),
    sara: await user(branch, 'sara@andina.test'),
  };
  admin = await t.signin(ADMIN.email, ADMIN.password);
  andinaUser = await t.signin('elena@andina.test', PASSWORD);
  branchUser = await t.signin('sara@andina.test', PASSWORD);
});
afterAll(() => t.close());

const post = (token: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/${url}`, headers: bearer(token), payload });
const featuresOf = async (token: string, companyId: number) => {
  const response = await post(token, 'get_company_enabled_features', { company_id: companyId });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const meFeatures = async (token: string, userId: number) =>
  (await t.app.inject({ url: `/api/get_users/${userId}`, headers: bearer(token) })).json().data.features;

describe('company features', () => {
  it('starts from the catalogue defaults, which get_users reports', async () => {
    const data = await featuresOf(andinaUser, ids.andina);
    const defaults = FEATURES.filter((feature) => feature.default).map((feature) => feature.key);
    expect(data.enabled).toEqual(defaults);
    expect(data.features).toHaveLength(FEATURES.length);
    expect(data.features.find((feature: { key: string }) => feature.key === 'api_access')).toMatchObject({
      label: 'Acceso por API',
      enabled: false,
      source: 'default',
      managed_by: 'platform',
      editable: false,
    });
    expect(await meFeatures(andinaUser, ids.elena)).toEqual(defaults);
  });

  it('lets a company switch its own features, not those the platform sells', async () => {
    const on = await post(andinaUser, 'update_company_enable_feature', {
      company_id: ids.andina,
      feature: 'selfie',
      enabled: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.enabled).toContain('selfie');
    const sold = await post(andinaUser, 'update_company_enable_feature', {
      company_id: ids.andina,
      feature: 'api_access',
      enabled: true,
    });
    expect(sold.statusCode).toBe(403);
    expect(sold.json().message).toBe(
      'Esta funcionalidad solo la puede cambiar el administrador de la plataforma',
    );
    const byAdmin = await post(admin, 'update_company_enable_feature', {
      company_id: ids.andina,
      feature: 'api_access',
      enabled: true,
    });
    expect(byAdmin.json().data.enabled).toEqual(expect.arrayContaining(['selfie', 'api_access']));
    expect(await meFeatures(andinaUser, ids.elena)).toEqual(expect.arrayContaining(['selfie', 'api_access']));
  });

  it('gives a branch its parent’s switches until it sets its own', async () => {
    const inherited = await featuresOf(branchUser, ids.branch);
    expect(inherited.features.find((feature: { key: string }) => feature.key === 'selfie')).toMatchObject({
      enabled: true,
      source: 'parent',
    });
    await post(branchUser, 'update_company_enable_feature', {
      company_id: ids.branch,
      feature: 'selfie',
      enabled: false,
    });
    expect(await meFeatures(branchUser, ids.sara)).not.toContain('selfie');
    expect(await meFeatures(andinaUser, ids.elena)).toContain('selfie');
  });

  it('isolates companies and refuses unknown features', async () => {
    expect(
      (await post(andinaUser, 'get_company_enabled_features', { company_id: ids.caribe })).statusCode,
    ).toBe(404);
    expect(
      (await post(branchUser, 'get_company_enabled_features', { company_id: ids.andina })).statusCode,
    ).toBe(404);
    const unknown = await post(admin, 'update_company_enable_feature', {
      company_id: ids.andina,
      feature: 'teleport',
      enabled: true,
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ feature: 'Seleccione una opción válida' });
  });

  it('shows the administrator the companies × features grid, filtered and paginated', async () => {
    const grid = async (body: object) =>
      (await post(admin, 'get_companies_enabled_features', body)).json().data;
    const all = await grid({ page: 1, itemsPerPage: 2 });
    expect(all.total).toBe(4);
    expect(all.items.map((row: { id: number }) => row.id)).toEqual([1, ids.andina]);
    expect(all.items[1].features).toMatchObject({ selfie: true, api_access: true, otp_email: true });
    const withApi = await grid({ feature: 'api_access', enabled: true });
    expect(withApi.items.map((row: { id: number }) => row.id)).toEqual([ids.andina, ids.branch]);
    const withoutSelfie = await grid({ feature: 'selfie', enabled: false, search: 'andina' });
    expect(withoutSelfie.items.map((row: { id: number }) => row.id)).toEqual([ids.branch]);
    expect((await post(andinaUser, 'get_companies_enabled_features', {})).statusCode).toBe(403);
  });
});

describe('company e-mail templates', () => {
  const template = (data: { email_templates: { key: string }[] }, key: string) =>
    data.email_templates.find((entry) => entry.key === key) as Record<string, unknown>;

  it('offers the platform wording until the company saves its own, sanitised', async () => {
    const before = template(await featuresOf(andinaUser, ids.andina), 'signature_request');
    expect(before).toMatchObject({ source: 'default', label: 'Solicitud de firma', updated_at: null });
    const saved = await post(andinaUser, 'save_email_template_content', {
      company_id: ids.andina,
      template_key: 'signature_request',
      subject: 'Firme «{{ document_name }}»',
      body_html:
        '<p onclick="x()">Hola {{signer_name}}</p><script>alert(1)</script><a href="{{link}}">Firmar</a><a href="javascript:alert(1)">x</a><iframe src="https://e.test"></iframe>',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      source: 'company',
      subject: 'Firme «{{ document_name }}»',
      body_html: '<p>Hola {{signer_name}}</p><a href="{{link}}">Firmar</a><a>x</a>',
    });
  });

  it('refuses markers the e-mail does not offer, on the field', async () => {
    const response = await post(andinaUser, 'save_email_template_content', {
      company_id: ids.andina,
      template_key: 'signature_completed',
      subject: 'Código {{code}}',
      body_html: '<p>{{password}}</p>',
    });
    expect(response.statusCode).toBe(422);
    const errors = response.json().errors;
    expect(errors.subject).toBe(
      'Marcador no permitido: {{code}}. Use: {{signer_name}}, {{document_name}}, {{link}}, {{company_name}}',
    );
    expect(errors.body_html).toMatch(/^Marcador no permitido: \{\{password\}\}/);
  });

  it('previews unsaved text with sample values, escaped, and the saved text otherwise', async () => {
    const draft = await post(andinaUser, 'get_template_content_preview', {
      company_id: ids.andina,
      template_key: 'otp_code',
      subject: 'Código {{code}} de {{company_name}}',
      body_html: '<p>Hola <strong>{{signer_name}}</strong>, firme en {{company_name}}</p>',
    });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json().data).toEqual({
      subject: 'Código 482913 de Andina & Cía',
      html: '<p>Hola <strong>Ana María Pérez</strong>, firme en Andina &#38; Cía</p>',
      text: 'Hola Ana María Pérez, firme en Andina & Cía',
    });
    const saved = await post(andinaUser, 'get_template_content_preview', {
      company_id: ids.andina,
      template_key: 'signature_request',
    });
    expect(saved.json().data.subject).toBe('Firme «Contrato de prestación de servicios»');
    expect(saved.json().data.html).toContain(
      '<a href="http://127.0.0.1:3000/signature-request/ejemplo">Firmar</a>',
    );
    const foreign = await post(andinaUser, 'get_template_content_preview', {
      company_id: ids.caribe,
      template_key: 'otp_code',
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('lets a branch inherit its parent’s wording, and restore the platform’s', async () => {
    const inherited = template(await featuresOf(branchUser, ids.branch), 'signature_request');
    expect(inherited).toMatchObject({ source: 'parent', subject: 'Firme «{{ document_name }}»' });
    const restored = await post(andinaUser, 'restore_email_template', {
      company_id: ids.andina,
      template_key: 'signature_request',
    });
    expect(restored.json().data).toMatchObject({
      source: 'default',
      subject: '{{company_name}} le solicita firmar «{{document_name}}»',
    });
  });
});
