import { createDocumentTemplate, createDocumentType } from '../../../server/db/factories.js';
import { createFolder } from '../../../server/modules/documentGroups/factories.js';
import { makePdf } from '../../../server/uploads/testing/files.js';
import { bearer, type TestApp } from './testApp.js';

/**
 * A document group ready to send, made through the document-group API as an administrator would:
 * a template with sender fields and two signature boxes, an annex PDF, and two signer roles
 * (signer 1 signs, signer 2 approves).
 */

export const SENDING_FIELDS = [
  { name: 'cliente', label: 'Cliente', type: 'text', required: true, filled_by: 0 },
  {
    name: 'valor',
    label: 'Valor del contrato',
    type: 'number',
    required: false,
    filled_by: 0,
    integer: true,
  },
  { name: 'inicio', label: 'Fecha de inicio', type: 'date', required: false, filled_by: 0 },
  { name: 'plan', label: 'Plan', type: 'select', required: false, filled_by: 0, options: ['Básico', 'Pro'] },
  { name: 'cargo', label: 'Cargo del firmante', type: 'text', required: false, filled_by: 1 },
  { name: 'firma_1', label: 'Firma del cliente', type: 'signature', required: true, filled_by: 1 },
  { name: 'firma_2', label: 'Visto bueno', type: 'signature', required: true, filled_by: 2 },
];

const HTML =
  '<h1>Contrato de servicios</h1><p>Cliente: <span data-field="cliente">cliente</span>, por <span data-field="valor">valor</span> pesos desde <span data-field="inicio">inicio</span>, plan <span data-field="plan">plan</span>.</p>' +
  '<p>Cargo: <span data-field="cargo">cargo</span></p>' +
  '<p><span data-field="firma_1">firma_1</span></p><p><span data-field="firma_2">firma_2</span></p>';

export type SendingGroup = { packageId: number; folderId: number; versionId: number; annexPdf: Buffer };

export async function createSendingGroup(
  t: TestApp,
  input: { companyId: number; adminToken: string; name?: string; folderName?: string },
): Promise<SendingGroup> {
  const db = t.deps.database.db;
  const type = await createDocumentType(db, {
    companyId: input.companyId,
    name: `Tipo ${input.name ?? 'envío'}`,
  });
  const { versionId } = await createDocumentTemplate(db, {
    companyId: input.companyId,
    documentTypeId: type,
    name: `Contrato ${input.name ?? 'de servicios'}`,
    html: HTML,
    fields: SENDING_FIELDS,
  });
  const folderId = await createFolder(db, { companyId: input.companyId, name: input.folderName ?? 'Envíos' });
  const call = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const response = await t.app.inject({
      method,
      url: `/api/${url}`,
      headers: bearer(input.adminToken),
      payload,
    });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json().data as { id: number };
  };
  const group = await call('POST', 'add_documents_package', {
    company_id: input.companyId,
    folder_id: folderId,
    name: input.name ?? 'Vinculación de clientes',
    signing_order: 'sequential',
    expiry_days: 10,
    signer_roles: [
      { number: 1, label: 'Cliente', kind: 'signer', authentication: ['email_otp'] },
      { number: 2, label: 'Gerente', kind: 'approver' },
    ],
  });
  await call('POST', 'associate_templates_to_group', {
    document_package_id: group.id,
    template_version_ids: [versionId],
  });
  const annexPdf = await makePdf(1);
  await call('PUT', 'associate_pdf_to_group', {
    document_package_id: group.id,
    filename: 'Anexo técnico.pdf',
    content_base64: annexPdf.toString('base64'),
  });
  return { packageId: group.id, folderId, versionId, annexPdf };
}

/** A valid single send of a group made by createSendingGroup. */
export const sendingBody = (packageId: number, overrides: Record<string, unknown> = {}) => ({
  document_package_id: packageId,
  values: { cliente: 'Comercial del Norte S.A.S.', valor: '2500000', inicio: '2026-12-01', plan: 'Pro' },
  signers: [
    { number: 1, name: 'Ana Cliente', email: 'ana.cliente@correo.test', phone: '+57 300 111 2233' },
    { number: 2, name: 'Germán Gerente', email: 'german.gerente@correo.test' },
  ],
  ...overrides,
});
