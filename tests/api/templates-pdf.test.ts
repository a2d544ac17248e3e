import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentType } from '../../server/db/factories.js';
import {
  REFERENCE_BOX_PAGES,
  REFERENCE_FIELDS,
  REFERENCE_PAGE_COUNT,
  REFERENCE_VALUES,
  referenceTemplate,
} from '../../server/documents/fixtures/reference-template.js';
import { DocumentRenderer } from '../../server/documents/index.js';
import { qpdfCheck, run, withPdfFile } from '../support/documents/tools.js';
import { createTenants } from './support/tenants.js';
import { bearer, createTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Plantillas-Pdf-2026';
let t: TestApp;
let token: string;
let companyId: number;
let typeId: number;

beforeAll(async () => {
  t = await createTestApp();
  const tenants = await createTenants(t, { password: PASSWORD });
  companyId = tenants.ids.andina;
  token = tenants.tokens.oscar;
  typeId = await createDocumentType(t.deps.database.db, { companyId, name: 'Contrato' });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/${url}`, headers: bearer(token), payload });

type Rendered = {
  pdf_base64: string;
  sha256: string;
  page_count: number;
  field_boxes: { field: string; kind: string; signer: number; page: number }[];
  missing_fields: string[];
  svg_pages?: string[];
};

async function rendered(response: Awaited<ReturnType<typeof call>>): Promise<Rendered & { pdf: Buffer }> {
  expect(response.statusCode, response.body).toBe(200);
  const data = response.json().data as Rendered;
  return { ...data, pdf: Buffer.from(data.pdf_base64, 'base64') };
}

const pdfText = (pdf: Buffer) =>
  withPdfFile(pdf, (path) => run('pdftotext', [path, '-']).replace(/\s+/g, ' '));

const FIELDS = [
  { name: 'cliente', type: 'text', label: 'Cliente', required: true },
  { name: 'valor', type: 'number', label: 'Valor', integer: true, min: 1 },
  { name: 'correo', type: 'email', label: 'Correo' },
  { name: 'acepta', type: 'checkbox', label: 'Acepta' },
  { name: 'firma_1', type: 'signature', label: 'Firma', filled_by: 1 },
];
const HTML =
  '<h1>Contrato</h1><p>Cliente: <span data-field="cliente">Cliente</span>. Valor: <span data-field="valor">Valor</span>.</p>' +
  '<p>Correo: <span data-field="correo">Correo</span>. Acepta: <span data-field="acepta">Acepta</span></p>' +
  '<div data-page-break="true"></div><p>Firmas</p><p><span data-field="firma_1">Firma</span></p>';

async function createTemplate(name: string, html = HTML, fields: object[] = FIELDS) {
  const response = await call('POST', 'template_add', {
    company_id: companyId,
    document_type_id: typeId,
    name,
    html,
    fields,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: number; version_id: number };
}

describe('template PDFs', () => {
  it('previews unsaved editor content with sample values per field type, boxes on their page', async () => {
    const preview = await rendered(
      await call('POST', 'pdf_preview', { html: HTML, fields: FIELDS, pages: true }),
    );
    expect(preview.page_count).toBe(2);
    expect(preview.svg_pages).toHaveLength(2);
    expect(preview.field_boxes).toEqual([
      expect.objectContaining({ field: 'firma_1', kind: 'signature', signer: 1, page: 2 }),
    ]);
    const text = pdfText(preview.pdf);
    expect(text).toContain('Cliente: Cliente.');
    expect(text).toContain('Valor: 1.');
    expect(text).toContain('nombre@ejemplo.co');
    expect(text).toContain('Acepta: Sí');
    expect(text).toContain('Firma · Firmante 1');
  });

  it('prints merge values as text only: Typst code, markup and URL schemes come out literally', async () => {
    const template = await createTemplate('Inyección');
    const hostile = '#read("/etc/passwd") <b>negrita</b> javascript:alert(1) $x^2$ @etiqueta';
    const document = await rendered(
      await call('POST', 'preview_document', {
        template_id: template.id,
        values: { cliente: hostile, valor: '5' },
      }),
    );
    const text = pdfText(document.pdf);
    expect(text).toContain(hostile);
    expect(text).not.toContain('root:');
    expect([...document.missing_fields].sort()).toEqual(['acepta', 'correo']);
  });

  it('checks values against their field types (422 by field) and refuses unknown fields', async () => {
    const template = await createTemplate('Validada');
    const bad = await call('POST', 'preview_document', {
      template_id: template.id,
      values: { valor: '12abc', correo: 'no-es-correo', acepta: 'quizás', otro: 'x' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({
      message: 'Hay valores que no cumplen las reglas de sus campos',
      errors: {
        'values.valor': 'Solo se permiten números enteros',
        'values.correo': 'Ingrese un correo electrónico válido',
        'values.acepta': 'Marque «Sí» o «No»',
        'values.otro': 'Campo no permitido: otro',
      },
    });
  });

  it('renders a chosen version, the current one by default, and the saved template by id and company', async () => {
    const template = await createTemplate('Versionada');
    const saved = await call('PUT', `template_update/${template.id}`, {
      html: HTML.replace('<h1>Contrato</h1>', '<h1>Contrato revisado</h1>'),
      fields: FIELDS,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const first = await rendered(
      await call('POST', 'pdf_preview_document', {
        template_id: template.id,
        version_id: template.version_id,
      }),
    );
    expect(pdfText(first.pdf)).not.toContain('revisado');
    const current = await rendered(await call('POST', 'pdf_preview_document', { template_id: template.id }));
    expect(pdfText(current.pdf)).toContain('Contrato revisado');
    const viewed = await rendered(await call('GET', `view_template/${template.id}/${companyId}?pages=true`));
    expect(viewed.sha256).toBe(current.sha256);
    expect(viewed.svg_pages).toHaveLength(2);
    const html = await call('GET', `viewHtml/${companyId}/${template.id}`);
    expect(html.json().data).toMatchObject({ number: 2, name: 'Versionada' });
    expect(html.json().data.html).toContain('<h1>Contrato revisado</h1>');
    const other = await createTemplate('Otra versionada');
    const mismatch = await call('POST', 'pdf_preview_document', {
      template_id: other.id,
      version_id: template.version_id,
    });
    expect(mismatch.statusCode).toBe(404);
  });

  it('renders the reference template saved through the API exactly as the renderer does: fonts embedded, accents, boxes on their pages', async () => {
    const reference = referenceTemplate();
    const fields = [
      ...Object.keys(REFERENCE_VALUES).map((name) => ({ name, type: 'text', label: name })),
      ...Object.entries(REFERENCE_FIELDS).map(([name, definition]) => ({
        name,
        type: definition.kind,
        label: name,
        filled_by: definition.signer,
      })),
    ];
    const saved = await call('POST', 'template_add', {
      company_id: companyId,
      document_type_id: typeId,
      name: reference.title,
      html: reference.html,
      header_html: reference.header,
      footer_html: reference.footer,
      fields,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const document = await rendered(
      await call('POST', 'preview_document', { template_id: saved.json().data.id, values: REFERENCE_VALUES }),
    );
    // Same engine, same bytes: the API adds nothing of its own to what the renderer makes.
    const direct = await DocumentRenderer.create().render(reference);
    expect(document.sha256).toBe(direct.sha256);
    expect(document.page_count).toBe(REFERENCE_PAGE_COUNT);
    expect(Object.fromEntries(document.field_boxes.map((box) => [box.field, box.page]))).toEqual(
      REFERENCE_BOX_PAGES,
    );
    withPdfFile(document.pdf, (path) => {
      const fonts = run('pdffonts', [path]).trim().split('\n').slice(2);
      expect(fonts.length).toBeGreaterThan(0);
      for (const font of fonts) expect(font.trim().split(/\s+/).at(-5), font).toBe('yes');
      const check = qpdfCheck(path);
      expect(check.status, check.output).toBe(0);
    });
    const text = pdfText(document.pdf);
    for (const value of Object.values(REFERENCE_VALUES)) expect(text).toContain(value.replace(/\s+/g, ' '));
  });
});
