import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nitCheckDigit } from '../../contract/nit.js';
import { ROLE } from '../../contract/permissions.js';
import { createCompany, createUser } from '../../server/db/factories.js';
import { auditLog, companies, companyApiKeys } from '../../server/db/schema/index.js';
import {
  GPS_MARK,
  jpegClaiming,
  jpegWithLocation,
  pngClaiming,
  truncatedPng,
} from '../../server/uploads/testing/hostile-images.js';
import { ADMIN, bearer, createTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Escrituras-2026';
const nit = (base: string) => `${base}-${nitCheckDigit(base)}`;
const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

let t: TestApp;
let admin: string;
let andinaUser: string;
let ids: { andina: number; caribe: number; elena: number };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.database.db;
  ids = {
    andina: await createCompany(db, { fiscalName: 'Andina Firmas S.A.S.', taxId: nit('900111222') }),
    caribe: await createCompany(db, { fiscalName: 'Caribe Contratos', taxId: nit('800333444') }),
    elena: 0,
  };
  ids.elena = await createUser(db, {
    companyId: ids.andina,
    roleId: ROLE.companyAdministrator,
    name: 'Elena',
    lastName: 'Empresa',
    email: 'elena@andina.test',
    password: PASSWORD,
  });
  admin = await t.signin(ADMIN.email, ADMIN.password);
  andinaUser = await t.signin('elena@andina.test', PASSWORD);
});
afterAll(() => t.close());

const call = (
  token: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url: `/api/${url}`, headers: token ? bearer(token) : {}, payload });

describe('POST add_company', () => {
  it('creates a company and shows its API key once, stored only as a sha256', async () => {
    const response = await call(admin, 'POST', 'add_company', {
      fiscal_name: 'Pacífico Legal S.A.S.',
      tax_id: '800.197.268-4',
      storage_capacity_gb: 2,
      support_email: 'Soporte@Pacifico.test',
      city_id: 5001,
      postal_code: '050001',
      address: 'Calle 10 # 43-20',
    });
    expect(response.statusCode, response.body).toBe(200);
    const { data, message } = response.json();
    expect(message).toBe('Empresa creada. Guarde la clave de API: no se volverá a mostrar');
    expect(data).toMatchObject({
      fiscal_name: 'Pacífico Legal S.A.S.',
      tax_id: '800197268-4',
      storage_capacity_gb: 2,
      support_email: 'soporte@pacifico.test',
      department_id: 5,
      department_name: 'Antioquia',
      city_name: 'Medellín',
      is_branch: false,
      status: 'active',
    });
    expect(data.api_key).toMatch(/^rk_[A-Za-z0-9_-]{43}$/);
    expect(data.api_key.startsWith(data.api_key_prefix)).toBe(true);
    const keys = await t.deps.database.db
      .select()
      .from(companyApiKeys)
      .where(eq(companyApiKeys.companyId, data.id));
    expect(keys).toMatchObject([
      { name: 'Principal', hash: createHash('sha256').update(data.api_key).digest('hex'), revokedAt: null },
    ]);
    const again = await call(admin, 'GET', `get_company/${data.id}`);
    expect(again.body).not.toContain(data.api_key);
    const audits = await t.deps.database.db.select().from(auditLog);
    expect(JSON.stringify(audits)).not.toContain(data.api_key);
  });

  it('validates the NIT check digit, with the DIAN message on the field', async () => {
    const response = await call(admin, 'POST', 'add_company', { fiscal_name: 'X', tax_id: '800197268-5' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ tax_id: 'El dígito de verificación del NIT no es válido' });
    const missing = await call(admin, 'POST', 'add_company', { tax_id: nit('123456789') });
    expect(missing.json().errors).toEqual({ fiscal_name: 'Campo requerido' });
  });

  it('refuses a NIT of another live company with 409, and frees it once that company is deleted', async () => {
    const taken = await call(admin, 'POST', 'add_company', { fiscal_name: 'Otra', tax_id: nit('900111222') });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: 'Ya existe una empresa con este NIT',
      errors: { tax_id: 'Ya existe una empresa con este NIT' },
    });
    const first = (
      await call(admin, 'POST', 'add_company', { fiscal_name: 'Efímera', tax_id: nit('555444333') })
    ).json().data;
    expect((await call(admin, 'DELETE', `delete_company/${first.id}`)).statusCode).toBe(200);
    const reused = await call(admin, 'POST', 'add_company', {
      fiscal_name: 'Heredera',
      tax_id: nit('555444333'),
    });
    expect(reused.statusCode).toBe(200);
  });

  it('checks the location against the DANE tables', async () => {
    const outside = await call(admin, 'POST', 'add_company', {
      fiscal_name: 'Lejana',
      tax_id: nit('111222333'),
      department_id: 76,
      city_id: 5001,
    });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().errors).toEqual({ city_id: 'La ciudad no pertenece al departamento seleccionado' });
    const unknown = await call(admin, 'POST', 'add_company', {
      fiscal_name: 'Lejana',
      tax_id: nit('111222333'),
      department_id: 99_999,
    });
    expect(unknown.json().errors).toEqual({ department_id: 'Seleccione un departamento válido' });
    const badPostal = await call(admin, 'POST', 'add_company', {
      fiscal_name: 'Lejana',
      tax_id: nit('111222333'),
      postal_code: '12',
    });
    expect(badPostal.json().errors).toEqual({ postal_code: 'El código postal tiene 6 dígitos' });
  });

  it('is reserved to the platform administrator', async () => {
    const response = await call(andinaUser, 'POST', 'add_company', {
      fiscal_name: 'Y',
      tax_id: nit('222333444'),
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('branches', () => {
  /** A branch of Andina in Cali, added by Elena through the API; answers its id. */
  const addAndinaBranch = async (fiscalName: string): Promise<number> => {
    const response = await call(andinaUser, 'POST', 'add_company_branch', {
      parent_id: ids.andina,
      fiscal_name: fiscalName,
      city_id: 76001,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.id;
  };

  it('lets a top-level company create a branch, which takes its NIT', async () => {
    const response = await call(andinaUser, 'POST', 'add_company_branch', {
      parent_id: ids.andina,
      fiscal_name: 'Andina Cali',
      city_id: 76001,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      parent_id: ids.andina,
      tax_id: nit('900111222'),
      is_branch: true,
      city_name: 'Cali',
    });
    expect(data.api_key).toMatch(/^rk_/);
  });

  it('refuses a branch of a branch, and a branch under another company', async () => {
    const branchId = await addAndinaBranch('Andina Cali Norte');
    const nested = await call(admin, 'POST', 'add_company_branch', {
      parent_id: branchId,
      fiscal_name: 'Nieta',
    });
    expect(nested.statusCode).toBe(422);
    expect(nested.json().errors).toEqual({
      parent_id: 'Una sucursal no puede tener sucursales; elija una empresa principal',
    });
    const foreign = await call(andinaUser, 'POST', 'add_company_branch', {
      parent_id: ids.caribe,
      fiscal_name: 'Z',
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('updates a branch through update_company_branch, not a top-level company', async () => {
    const branchId = await addAndinaBranch('Andina Cali');
    const updated = await call(andinaUser, 'PUT', `update_company_branch/${branchId}`, {
      fiscal_name: 'Andina Cali Centro',
      status: 'inactive',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({
      fiscal_name: 'Andina Cali Centro',
      status: 'inactive',
      city_name: 'Cali',
    });
    const notBranch = await call(andinaUser, 'PUT', `update_company_branch/${ids.andina}`, {
      fiscal_name: 'X',
    });
    expect(notBranch.statusCode).toBe(404);
    expect(notBranch.json().message).toBe('La sucursal solicitada no existe');
  });
});

describe('PUT update_company/{id} and POST add_company_settings', () => {
  it('changes only the fields sent; a new department without a city clears the city', async () => {
    await call(admin, 'PUT', `update_company/${ids.caribe}`, {
      department_id: 8,
      city_id: 8001,
      address: 'Vía 40',
    });
    const response = await call(admin, 'PUT', `update_company/${ids.caribe}`, { department_id: 13 });
    expect(response.json().data).toMatchObject({
      fiscal_name: 'Caribe Contratos',
      department_id: 13,
      city_id: null,
      address: 'Vía 40',
    });
    const cleared = await call(admin, 'PUT', `update_company/${ids.caribe}`, { address: '' });
    expect(cleared.json().data.address).toBeNull();
  });

  it('keeps storage capacity and a top-level status for the administrator, accepting unchanged values', async () => {
    const current = (await call(andinaUser, 'GET', `get_company/${ids.andina}`)).json().data;
    const unchanged = await call(andinaUser, 'PUT', `update_company/${ids.andina}`, {
      ...current,
      support_phone: '+57 601 555 0000',
    });
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    const storage = await call(andinaUser, 'PUT', `update_company/${ids.andina}`, {
      storage_capacity_gb: 50,
    });
    expect(storage.statusCode).toBe(403);
    expect(storage.json().message).toBe(
      'Solo el administrador de la plataforma puede cambiar la capacidad de almacenamiento',
    );
    const status = await call(andinaUser, 'PUT', `update_company/${ids.andina}`, { status: 'inactive' });
    expect(status.statusCode).toBe(403);
    const settings = await call(admin, 'POST', 'add_company_settings', {
      company_id: ids.andina,
      storage_capacity_gb: 1.25,
      support_whatsapp: '+57 300 111 2222',
    });
    expect(settings.json().data).toMatchObject({
      storage_capacity_gb: 1.25,
      support_whatsapp: '+57 300 111 2222',
      support_phone: '+57 601 555 0000',
    });
  });

  it('refuses another company’s id and a taken NIT', async () => {
    expect(
      (await call(andinaUser, 'PUT', `update_company/${ids.caribe}`, { fiscal_name: 'X' })).statusCode,
    ).toBe(404);
    const taken = await call(admin, 'PUT', `update_company/${ids.caribe}`, { tax_id: nit('900111222') });
    expect(taken.statusCode).toBe(409);
  });
});

describe('logos', () => {
  it('stores a PNG, serves it without a token, and shows it as the company avatar', async () => {
    const response = await call(andinaUser, 'POST', 'add_company_settings', {
      company_id: ids.andina,
      logo: { filename: 'logo.svg', content_base64: `data:image/png;base64,${PNG_1PX}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const url: string = response.json().data.logo_url;
    expect(url).toMatch(new RegExp(`^/api/get_company_logo/${ids.andina}\\?v=[0-9a-f-]{36}$`));
    const image = await t.app.inject({ url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toMatch(/^inline;/);
    // Served as stored: decoded and encoded afresh, the same one-pixel PNG.
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
    const me = await t.app.inject({ url: `/api/get_users/${ids.elena}`, headers: bearer(andinaUser) });
    expect(me.json().data.company_avatar).toBe(url);
  });

  it('decodes a PNG or JPEG before storing it: pixel bombs and cut files refused on the logo field', async () => {
    const send = async (bytes: Buffer) =>
      call(andinaUser, 'PUT', `update_company/${ids.andina}`, {
        logo: { filename: 'logo.png', content_base64: bytes.toString('base64') },
      });
    const before = (await call(andinaUser, 'GET', `get_company/${ids.andina}`)).json().data.logo_url;
    const refusals = [
      [
        pngClaiming(65_535, 65_535),
        'La imagen del logo mide 65.535 × 65.535 píxeles; el máximo es 16,8 megapíxeles',
      ],
      [
        await jpegClaiming(30_000, 30_000),
        'La imagen del logo mide 30.000 × 30.000 píxeles; el máximo es 16,8 megapíxeles',
      ],
      [await truncatedPng(), 'La imagen del logo está dañada o incompleta y no se puede leer'],
    ] as const;
    for (const [bytes, message] of refusals) {
      const refused = await send(bytes);
      expect([refused.statusCode, refused.json()]).toEqual([422, { message, errors: { logo: message } }]);
    }
    expect((await call(andinaUser, 'GET', `get_company/${ids.andina}`)).json().data.logo_url).toBe(before);
    const located = await jpegWithLocation();
    const kept = await send(located);
    expect(kept.statusCode, kept.body).toBe(200);
    const served = (await t.app.inject({ url: kept.json().data.logo_url })).rawPayload;
    expect(served.includes(GPS_MARK) || served.includes('<html>')).toBe(false);
    const metadata = await sharp(served).metadata();
    expect([metadata.format, metadata.exif]).toEqual(['jpeg', undefined]);
  });

  it('sanitises an SVG and replaces the old file', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><rect width="4" height="4"/></svg>';
    const before = (await call(andinaUser, 'GET', `get_company/${ids.andina}`)).json().data
      .logo_url as string;
    const response = await call(andinaUser, 'PUT', `update_company/${ids.andina}`, {
      logo: { filename: 'logo.png', content_base64: Buffer.from(svg).toString('base64') },
    });
    const url = response.json().data.logo_url as string;
    expect(url).not.toBe(before);
    const image = await t.app.inject({ url });
    expect(image.headers['content-type']).toBe('image/svg+xml');
    expect(image.body).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4"></rect></svg>',
    );
  });

  it('documents the logo as an image in the OpenAPI document', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json();
    const operation = document.paths['/api/get_company_logo/{companyId}'].get;
    expect(Object.keys(operation.responses[200].content)).toEqual(['image/*']);
    expect(operation.security).toEqual([]);
  });

  it('refuses what is not a PNG, JPEG or SVG, and removes the logo with null', async () => {
    const gif = await call(andinaUser, 'POST', 'add_company_settings', {
      company_id: ids.andina,
      logo: { filename: 'logo.png', content_base64: Buffer.from('GIF89a\u0001\u0000').toString('base64') },
    });
    expect(gif.statusCode).toBe(422);
    expect(gif.json().errors).toEqual({ logo: 'El logo debe ser una imagen PNG, JPEG o SVG' });
    const huge = await call(andinaUser, 'POST', 'add_company_settings', {
      company_id: ids.andina,
      logo: { filename: 'logo.png', content_base64: 'A'.repeat(1_500_000) },
    });
    expect(huge.json().errors).toEqual({ 'logo.content_base64': 'El logo no puede superar 1 MB' });
    const removed = await call(andinaUser, 'POST', 'add_company_settings', {
      company_id: ids.andina,
      logo: null,
    });
    expect(removed.json().data.logo_url).toBeNull();
    expect((await t.app.inject({ url: `/api/get_company_logo/${ids.andina}` })).statusCode).toBe(404);
  });
});

describe('POST rotate_company_api_key/{companyId}', () => {
  it('replaces the key; the reply is the only place it appears', async () => {
    const first = (await call(admin, 'POST', `rotate_company_api_key/${ids.caribe}`)).json();
    const second = (await call(admin, 'POST', `rotate_company_api_key/${ids.caribe}`)).json();
    expect(first.message).toBe(
      'Clave de API generada. Guárdela: no se volverá a mostrar; la anterior ya no sirve',
    );
    expect(second.data.api_key).not.toBe(first.data.api_key);
    const [row] = await t.deps.database.db.select().from(companies).where(eq(companies.id, ids.caribe));
    expect(row!.apiKeyPrefix).toBe(second.data.api_key.slice(0, 11));
    // «Regenerate» replaces the «Principal» key: the previous one is revoked, the new one live.
    const principal = await t.deps.database.db
      .select()
      .from(companyApiKeys)
      .where(eq(companyApiKeys.companyId, ids.caribe))
      .orderBy(companyApiKeys.id);
    expect(principal.map((key) => [key.name, key.hash, key.revokedAt === null])).toEqual([
      ['Principal', createHash('sha256').update(first.data.api_key).digest('hex'), false],
      ['Principal', createHash('sha256').update(second.data.api_key).digest('hex'), true],
    ]);
    expect((await call(andinaUser, 'POST', `rotate_company_api_key/${ids.caribe}`)).statusCode).toBe(404);
  });
});
