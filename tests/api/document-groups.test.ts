import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentTemplate, createDocumentType } from '../../server/db/factories.js';
import { createFolder } from '../../server/modules/documentGroups/factories.js';
import { makePdf } from '../../server/uploads/testing/files.js';
import { createTenants, type TenantIds, type TenantTokens } from './support/tenants.js';
import { bearer, createTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Paquetes-2026';

let t: TestApp;
let ids: TenantIds;
let tokens: TenantTokens;
let contrato: { templateId: number; versionId: number };
let pagare: { templateId: number; versionId: number };
let foreign: { templateId: number; versionId: number };
let folder: number;

const FIELDS = [
  { name: 'nombre', label: 'Nombre', type: 'text', required: true, filled_by: 0 },
  { name: 'correo', label: 'Correo', type: 'email', required: false, filled_by: 1 },
  { name: 'firma_1', label: 'Firma', type: 'signature', required: true, filled_by: 1 },
  { name: 'firma_2', label: 'Firma', type: 'signature', required: true, filled_by: 2 },
];
const HTML =
  '<h1>Contrato</h1><p>Entre <span data-field="nombre">nombre</span> y la empresa.</p>' +
  '<p><span data-field="firma_1">firma_1</span> <span data-field="firma_2">firma_2</span></p>';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.database.db;
  ({ ids, tokens } = await createTenants(t, { password: PASSWORD }));
  const type = await createDocumentType(db, { companyId: ids.andina, name: 'Contrato' });
  contrato = await createDocumentTemplate(db, {
    companyId: ids.andina,
    documentTypeId: type,
    name: 'Contrato de servicios',
    html: HTML,
    fields: FIELDS,
  });
  pagare = await createDocumentTemplate(db, { companyId: ids.andina, documentTypeId: type, name: 'Pagaré' });
  const caribeType = await createDocumentType(db, { companyId: ids.caribe, name: 'Contrato' });
  foreign = await createDocumentTemplate(db, {
    companyId: ids.caribe,
    documentTypeId: caribeType,
    name: 'Ajena',
  });
  folder = await createFolder(db, { companyId: ids.andina, name: 'Clientes' });
});
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/${url}`, headers: bearer(token), payload });

async function newGroup(name: string) {
  const response = await call(tokens.elena, 'POST', 'add_documents_package', {
    company_id: ids.andina,
    folder_id: folder,
    name,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: number };
}

describe('document groups with templates', () => {
  it('groups two templates and a PDF, assigns fields to signers and joins everything in one PDF', async () => {
    const group = await newGroup('Vinculación de cliente');
    const added = await call(tokens.elena, 'POST', 'associate_templates_to_group', {
      document_package_id: group.id,
      template_version_ids: [contrato.versionId, pagare.versionId],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.documents).toEqual([
      expect.objectContaining({
        position: 1,
        kind: 'template',
        name: 'Contrato de servicios',
        template_id: contrato.templateId,
        template_version_number: 1,
        field_names: ['nombre', 'correo', 'firma_1', 'firma_2'],
      }),
      expect.objectContaining({ position: 2, kind: 'template', name: 'Pagaré' }),
    ]);
    const withPdf = await call(tokens.elena, 'PUT', 'associate_pdf_to_group', {
      document_package_id: group.id,
      filename: 'cedula.pdf',
      content_base64: (await makePdf(2)).toString('base64'),
    });
    expect(withPdf.json().data.documents.map((doc: { name: string }) => doc.name)).toEqual([
      'Contrato de servicios',
      'Pagaré',
      'cedula.pdf',
    ]);
    const signers = await call(tokens.elena, 'PUT', `update_documents_packages/${group.id}`, {
      signer_roles: [
        { number: 1, label: 'Cliente', authentication: ['email_otp'] },
        { number: 2, label: 'Representante', kind: 'approver' },
        { number: 3, label: 'Archivo', kind: 'copy' },
      ],
    });
    expect(signers.statusCode, signers.body).toBe(200);
    expect(signers.json().data.signer_roles).toEqual([
      {
        number: 1,
        position: 1,
        label: 'Cliente',
        kind: 'signer',
        fields: ['correo', 'firma_1'],
        authentication: ['email_otp'],
      },
      {
        number: 2,
        position: 2,
        label: 'Representante',
        kind: 'approver',
        fields: ['firma_2'],
        authentication: [],
      },
      { number: 3, position: 3, label: 'Archivo', kind: 'copy', fields: [], authentication: [] },
    ]);
    const features = await call(tokens.elena, 'GET', `get_document_package_features/${group.id}`);
    expect(features.json().data).toMatchObject({
      id: group.id,
      signing_order: 'sequential',
      expiry_days: 30,
    });
    expect(features.json().data.signer_roles).toHaveLength(3);

    const pdf = await call(tokens.elena, 'GET', `get_package_pdf/${group.id}`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const joined = await PDFDocument.load(Buffer.from(pdf.json().data.pdf_base64, 'base64'));
    // One page per template (short ones) and the two pages of the uploaded PDF, in order.
    expect(joined.getPageCount()).toBe(4);
    expect(pdf.json().data.page_count).toBe(4);
  }, 60_000);

  it("takes each signer's fields from the templates' «Lo llena», not from the group", async () => {
    const group = await newGroup('Campos por plantilla');
    await call(tokens.elena, 'POST', 'associate_templates_to_group', {
      document_package_id: group.id,
      template_version_ids: [contrato.versionId, pagare.versionId],
    });
    // A client that still names fields per signer: they are not taken.
    const response = await call(tokens.elena, 'PUT', `update_documents_packages/${group.id}`, {
      signer_roles: [
        { number: 1, label: 'Cliente', fields: ['firma_2', 'inexistente'] },
        { number: 2, label: 'Gerente' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const record = response.json().data;
    expect(record.signer_roles.map((role: { fields: string[] }) => role.fields)).toEqual([
      ['correo', 'firma_1'],
      ['firma_2'],
    ]);
    // The documents carry each field's label and who fills it, for the editor to show.
    expect(record.documents[0].fields).toEqual([
      { name: 'nombre', label: 'Nombre', type: 'text', filled_by: 0 },
      { name: 'correo', label: 'Correo', type: 'email', filled_by: 1 },
      { name: 'firma_1', label: 'Firma', type: 'signature', filled_by: 1 },
      { name: 'firma_2', label: 'Firma', type: 'signature', filled_by: 2 },
    ]);
    expect(record.documents[1].fields).toEqual([]);
    const form = await call(tokens.elena, 'GET', `get_documents_packages_details_by_id/${group.id}`);
    expect(form.json().data.signer_roles[0].fields).toEqual(['correo', 'firma_1']);
  });

  it("answers 404 for another company's template version and 422 for a deleted template", async () => {
    const group = await newGroup('Ajenas');
    const other = await call(tokens.elena, 'POST', 'associate_templates_to_group', {
      document_package_id: group.id,
      template_version_ids: [foreign.versionId],
    });
    expect(other.statusCode).toBe(404);
    const removed = await call(tokens.elena, 'DELETE', `template/delete/${pagare.templateId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const deleted = await call(tokens.elena, 'POST', 'associate_templates_to_group', {
      document_package_id: group.id,
      template_version_ids: [pagare.versionId],
    });
    expect(deleted.statusCode).toBe(422);
    expect(deleted.json().message).toBe('Las plantillas deben ser de la empresa del grupo y estar vigentes');
  });

  it('removes a document, closes the order and keeps every change in the history', async () => {
    const group = await newGroup('Historial');
    const added = await call(tokens.elena, 'POST', 'associate_templates_to_group', {
      document_package_id: group.id,
      template_version_ids: [contrato.versionId],
    });
    const withPdf = await call(tokens.elena, 'PUT', 'associate_pdf_to_group', {
      document_package_id: group.id,
      filename: 'anexo.pdf',
      content_base64: (await makePdf(1)).toString('base64'),
    });
    const [template, pdf] = withPdf.json().data.documents;
    expect(template.id).toBe(added.json().data.documents[0].id);
    const replaced = await call(tokens.elena, 'PUT', `update_pdf_package/${pdf.id}`, {
      filename: 'anexo-firmado.pdf',
      content_base64: (await makePdf(3)).toString('base64'),
    });
    expect(replaced.json().data.documents[1]).toMatchObject({
      id: pdf.id,
      name: 'anexo-firmado.pdf',
      pdf_pages: 3,
    });
    const notPdf = await call(tokens.elena, 'PUT', `update_pdf_package/${template.id}`, {
      filename: 'x.pdf',
      content_base64: (await makePdf(1)).toString('base64'),
    });
    expect(notPdf.statusCode).toBe(422);
    expect(notPdf.json().message).toBe('Este documento del grupo no es un PDF');
    const removed = await call(tokens.elena, 'DELETE', `delete_template/${template.id}/${ids.elena}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.documents).toEqual([expect.objectContaining({ id: pdf.id, position: 1 })]);
    const changes = await call(tokens.elena, 'GET', `get_changes_packages/${group.id}`);
    expect(
      changes
        .json()
        .data.map((change: { version: number; action: string }) => [change.version, change.action]),
    ).toEqual([
      [5, 'document_removed'],
      [4, 'pdf_replaced'],
      [3, 'pdf_added'],
      [2, 'templates_added'],
      [1, 'created'],
    ]);
    expect(changes.json().data[0]).toMatchObject({ user_id: ids.elena, user_name: 'Elena Prueba' });
  });

  it('lists the groups of a folder and its subfolders, searched and paginated', async () => {
    const db = t.deps.database.db;
    const parent = await createFolder(db, { companyId: ids.andina, name: 'Listado' });
    const child = await createFolder(db, { companyId: ids.andina, name: 'Hijo', parentId: parent });
    for (const [name, target] of [
      ['Arriendo', parent],
      ['Compraventa', child],
      ['Comodato', child],
    ] as const) {
      await call(tokens.elena, 'POST', 'add_documents_package', {
        company_id: ids.andina,
        folder_id: target,
        name,
      });
    }
    const list = (query: string) =>
      call(
        tokens.elena,
        'GET',
        `documents_packages_list/${ids.andina}/1/2/${ids.elena}?folder_id=${parent}${query}`,
      );
    const first = await list('');
    expect(first.json().data.total).toBe(3);
    expect(first.json().data.items.map((item: { name: string }) => item.name)).toEqual([
      'Arriendo',
      'Comodato',
    ]);
    const searched = await list('&search=compra');
    expect(searched.json().data.items.map((item: { name: string }) => item.name)).toEqual(['Compraventa']);
    const foreignFolder = await call(
      tokens.elena,
      'GET',
      `documents_packages_list/${ids.andina}/1/15/${ids.elena}?folder_id=${await createFolder(db, {
        companyId: ids.caribe,
        name: 'Caribe',
      })}`,
    );
    expect(foreignFolder.statusCode).toBe(404);
  });
});
