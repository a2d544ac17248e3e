import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyFeatures } from '../../server/db/schema/index.js';
import { makePdf, qpdf } from '../../server/uploads/testing/files.js';
import { testDatabaseKind } from './support/database.js';
import { createTenants, type TenantIds, type TenantTokens } from './support/tenants.js';
import { bearer, createTestApp, type TestApp } from './support/testApp.js';

let t: TestApp;
let ids: TenantIds;
let tokens: TenantTokens;
let carlaToken: string;
const PASSWORD = 'Pdf-Plantillas-2026';

beforeAll(async () => {
  t = await createTestApp();
  ({ ids, tokens } = await createTenants(t, { password: PASSWORD }));
  carlaToken = await t.signin('carla@caribe.test', PASSWORD);
});
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/${url}`, headers: bearer(token), payload });

/** An A4 portrait page and a US Letter landscape page. */
async function twoSizesPdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage([595.28, 841.89]);
  document.addPage([792, 612]);
  return Buffer.from(await document.save());
}

async function upload(token: string, bytes: Buffer, filename = 'contrato.pdf') {
  return call(token, 'POST', 'upload_pdf_template', {
    filename,
    content_base64: bytes.toString('base64'),
  });
}

async function uploaded(token: string, bytes: Buffer, filename?: string) {
  const response = await upload(token, bytes, filename);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    id: number;
    company_id: number;
    page_count: number;
    pages: { width: number; height: number }[];
    fields: unknown[];
    signers: { number: number; label: string }[];
  };
}

const signatureField = (overrides: object = {}) => ({
  field: 'firma_1',
  kind: 'signature',
  signer: 1,
  page: 1,
  x: 60,
  y: 80,
  width: 180,
  height: 50,
  ...overrides,
});

describe(`PDF to sign uploads on ${testDatabaseKind}`, () => {
  it('stores an upload with its page count and each page size, listed for its company only', async () => {
    const record = await uploaded(tokens.oscar, await twoSizesPdf(), 'arrendamiento.pdf');
    expect(record).toMatchObject({
      company_id: ids.andina,
      page_count: 2,
      pages: [
        { width: 595.28, height: 841.89 },
        { width: 792, height: 612 },
      ],
      fields: [],
      signers: [{ number: 1, label: 'Firmante 1' }],
    });
    const own = await call(tokens.oscar, 'GET', 'get_pdf_templates');
    expect(own.statusCode).toBe(200);
    expect(own.json().data.items.map((item: { id: number }) => item.id)).toContain(record.id);
    const foreign = await call(carlaToken, 'GET', 'get_pdf_templates');
    expect(foreign.json().data.items.map((item: { id: number }) => item.id)).not.toContain(record.id);
    // Another company's id, asked by name, is not found.
    expect((await call(carlaToken, 'GET', `get_pdf_templates?ids=${record.id}`)).statusCode).toBe(404);
    const byId = await call(tokens.oscar, 'GET', `get_pdf_templates?ids=${record.id}`);
    expect(byId.json().data).toMatchObject({ total: 1, items: [{ id: record.id, send: null }] });
  });

  it('refuses files that are not PDFs, with the accepted kind named', async () => {
    const response = await upload(tokens.oscar, Buffer.from('Nombre;Correo\nAna;ana@correo.test\n'), 'a.pdf');
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toMatch(/Tipo de archivo no permitido.*PDF/);
  });

  it('refuses an oversize file before decoding it', async () => {
    const big = Buffer.alloc(7 * 1024 * 1024 + 10, 0x20);
    big.write('%PDF-1.7\n', 0);
    const response = await upload(tokens.oscar, big);
    expect(response.statusCode).toBe(422);
    expect(JSON.stringify(response.json())).toContain('El PDF no puede superar 7 MB');
  });

  it('refuses an encrypted PDF, with a user password or an owner password alone', async () => {
    const plain = await makePdf(1);
    for (const args of [
      ['--encrypt', 'lectura', 'duenio', '256', '--'],
      ['--encrypt', '', 'duenio', '256', '--'],
    ]) {
      const response = await upload(tokens.oscar, qpdf(plain, args));
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(
        'El PDF está cifrado o protegido con contraseña; quite la protección y vuelva a cargarlo',
      );
    }
  });

  it('refuses a truncated PDF and a PDF with JavaScript', async () => {
    const whole = await makePdf(3);
    const truncated = await upload(tokens.oscar, whole.subarray(0, Math.floor(whole.length * 0.6)));
    expect(truncated.statusCode).toBe(422);
    expect(truncated.json().message).toBe('El PDF está dañado o incompleto y no se puede leer');
    const scripted = await makePdf(1, (document) => {
      document.catalog.set(
        document.context.obj('OpenAction'),
        document.context.obj({ S: 'JavaScript', JS: 'app.alert(1)' }),
      );
    });
    const refused = await upload(tokens.oscar, scripted);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/JavaScript/);
  });

  it('refuses uploads while the company has PDF sending switched off', async () => {
    await t.deps.database.db
      .insert(companyFeatures)
      .values({ companyId: ids.caribe, feature: 'pdf_to_sign', enabled: false });
    const response = await upload(carlaToken, await makePdf(1));
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Su empresa no tiene activo el envío de PDF para firmar');
    const features = await call(carlaToken, 'GET', `get_company_features/${ids.caribe}`);
    expect(features.statusCode).toBe(200);
    expect(features.json().data.enabled).not.toContain('pdf_to_sign');
    expect(
      (await call(tokens.oscar, 'GET', `get_company_features/${ids.andina}`)).json().data.enabled,
    ).toContain('pdf_to_sign');
    expect((await call(tokens.oscar, 'GET', `get_company_features/${ids.caribe}`)).statusCode).toBe(404);
  });
});

describe(`placed fields on ${testDatabaseKind}`, () => {
  it('saves fields of every kind inside their pages, with their signers', async () => {
    const record = await uploaded(tokens.oscar, await twoSizesPdf());
    const fields = [
      signatureField(),
      signatureField({
        field: 'iniciales_1',
        kind: 'initials',
        page: 2,
        x: 700,
        y: 20,
        width: 80,
        height: 30,
      }),
      signatureField({ field: 'fecha_1', kind: 'signing_date', y: 20, height: 20 }),
      signatureField({ field: 'nombre_2', kind: 'text', signer: 2, x: 300, width: 200, height: 20 }),
      signatureField({
        field: 'acepta_2',
        kind: 'checkbox',
        signer: 2,
        x: 300,
        y: 140,
        width: 16,
        height: 16,
      }),
      signatureField({
        field: 'nacimiento_2',
        kind: 'date',
        signer: 2,
        x: 300,
        y: 200,
        width: 120,
        height: 20,
      }),
    ];
    const signers = [
      { number: 1, label: 'Arrendador' },
      { number: 2, label: 'Arrendatario' },
    ];
    const response = await call(tokens.oscar, 'PUT', 'update_pdf_content', {
      pdf_template_id: record.id,
      fields,
      signers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Campos guardados', data: { fields, signers } });
    const listed = await call(tokens.oscar, 'GET', `get_pdf_templates?ids=${record.id}`);
    expect(listed.json().data.items[0]).toMatchObject({ fields, signers });
  });

  it('refuses a field outside its page or on a page the PDF lacks, naming it', async () => {
    const record = await uploaded(tokens.oscar, await twoSizesPdf());
    const signers = [{ number: 1, label: 'Firmante 1' }];
    // Page 2 is landscape: 612 points high, so y 600 + 50 spills over the top.
    const outside = await call(tokens.oscar, 'PUT', 'update_pdf_content', {
      pdf_template_id: record.id,
      fields: [signatureField(), signatureField({ field: 'firma_b', page: 2, y: 600 })],
      signers,
    });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().errors).toEqual({ 'fields.1': 'El campo «firma_b» queda fuera de la página 2' });
    const missing = await call(tokens.oscar, 'PUT', 'update_pdf_content', {
      pdf_template_id: record.id,
      fields: [signatureField({ page: 3 })],
      signers,
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors['fields.0']).toBe(
      'El campo «firma_1» está en la página 3, pero el PDF tiene 2 páginas',
    );
    const saved = await call(tokens.oscar, 'GET', `get_pdf_templates?ids=${record.id}`);
    expect(saved.json().data.items[0].fields).toEqual([]);
  });

  it('refuses fields of an unknown signer, repeated names, negative or tiny boxes, bad kinds', async () => {
    const record = await uploaded(tokens.oscar, await makePdf(1));
    const signers = [{ number: 1, label: 'Firmante 1' }];
    const cases = [
      {
        fields: [signatureField({ signer: 2 })],
        signers,
        message: 'El campo está asignado a un firmante que no existe',
      },
      {
        fields: [signatureField(), signatureField({ y: 300 })],
        signers,
        message: 'Cada campo debe tener un nombre distinto',
      },
      { fields: [signatureField({ x: -5 })], signers },
      { fields: [signatureField({ width: 2 })], signers },
      { fields: [signatureField({ kind: 'stamp' })], signers },
      {
        fields: [signatureField({ field: '1 firma' })],
        signers,
        message: 'Use letras, números y guiones bajos',
      },
      {
        fields: [],
        signers: [...signers, { number: 1, label: 'Otro' }],
        message: 'Cada firmante debe tener un número distinto',
      },
    ];
    for (const { message, ...content } of cases) {
      const response = await call(tokens.oscar, 'PUT', 'update_pdf_content', {
        pdf_template_id: record.id,
        ...content,
      });
      expect(response.statusCode, JSON.stringify(content)).toBe(422);
      if (message) expect(JSON.stringify(response.json().errors)).toContain(message);
    }
  });

  it('applies the same fields to several uploads, all or none', async () => {
    const a4 = await uploaded(tokens.oscar, await makePdf(2), 'a.pdf');
    const other = await uploaded(tokens.oscar, await makePdf(2), 'b.pdf');
    const landscape = await uploaded(tokens.oscar, await twoSizesPdf(), 'c.pdf');
    const signers = [{ number: 1, label: 'Cliente' }];
    // Page 2 at y 700: inside A4 portrait (842 high), outside Letter landscape (612 high).
    const fields = [signatureField({ page: 2, y: 700 })];
    const refused = await call(tokens.oscar, 'POST', 'update_pdf_content_massive', {
      pdf_template_ids: [a4.id, other.id, landscape.id],
      fields,
      signers,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Hay campos fuera de las páginas del PDF «c.pdf»');
    const untouched = await call(tokens.oscar, 'GET', `get_pdf_templates?ids=${a4.id}`);
    expect(untouched.json().data.items[0].fields).toEqual([]);

    const saved = await call(tokens.oscar, 'POST', 'update_pdf_content_massive', {
      pdf_template_ids: [a4.id, other.id],
      fields,
      signers,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe('Campos guardados en 2 PDF');
    expect(saved.json().data.items.map((item: { fields: unknown }) => item.fields)).toEqual([fields, fields]);
  });

  it('keeps another company out of its uploads', async () => {
    const record = await uploaded(tokens.oscar, await makePdf(1));
    const content = { fields: [signatureField()], signers: [{ number: 1, label: 'Firmante 1' }] };
    const single = await call(carlaToken, 'PUT', 'update_pdf_content', {
      pdf_template_id: record.id,
      ...content,
    });
    expect(single.statusCode).toBe(404);
    const massive = await call(carlaToken, 'POST', 'update_pdf_content_massive', {
      pdf_template_ids: [record.id],
      ...content,
    });
    expect(massive.statusCode).toBe(404);
  });
});
