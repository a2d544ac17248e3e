import ExcelJS from 'exceljs';
import type { TemplateField } from '../../../contract/endpoints/templateFields.js';
import type { Db } from '../../db/client.js';
import {
  documentPackageDocuments,
  documentPackageSignerRoles,
  documentTemplates,
  documentTemplateVersions,
  documentTypes,
} from '../../db/schema/index.js';
import { createDocumentPackage } from '../documentGroups/factories.js';

/**
 * Test, bench and end-to-end factories of bulk sends: a group with one template whose fields the
 * sender fills, and a filled sheet in the shape `export_documents_packages_fields` gives.
 */

/** Fields of the sample contract: text, number, date, choice and a signer's signature box. */
export const SAMPLE_BULK_FIELDS: TemplateField[] = [
  { type: 'text', name: 'cliente', label: 'Cliente', required: true, filled_by: 0 },
  { type: 'number', name: 'valor', label: 'Valor', required: true, filled_by: 0, integer: true },
  { type: 'date', name: 'fecha_inicio', label: 'Fecha de inicio', required: true, filled_by: 0 },
  { type: 'select', name: 'plan', label: 'Plan', required: false, filled_by: 0, options: ['Básico', 'Plus'] },
  { type: 'signature', name: 'firma_1', label: 'Firma', required: true, filled_by: 1 },
];

const SAMPLE_HTML =
  '<h1>Contrato</h1><p>Cliente: <span data-field="cliente">cliente</span>, valor <span data-field="valor">valor</span>, desde <span data-field="fecha_inicio">fecha</span>, plan <span data-field="plan">plan</span>.</p><p><span data-field="firma_1">Firma</span></p>';

export async function createBulkGroup(
  db: Db,
  input: { companyId: number; name?: string; fields?: TemplateField[]; html?: string; signers?: number },
): Promise<{ packageId: number; templateVersionId: number }> {
  const [type] = await db
    .insert(documentTypes)
    .values({ companyId: input.companyId, name: `Contratos ${input.name ?? 'masivos'}` })
    .returning({ id: documentTypes.id });
  const [template] = await db
    .insert(documentTemplates)
    .values({
      companyId: input.companyId,
      documentTypeId: type!.id,
      name: `Contrato ${input.name ?? 'masivo'}`,
    })
    .returning({ id: documentTemplates.id });
  const [version] = await db
    .insert(documentTemplateVersions)
    .values({
      templateId: template!.id,
      companyId: input.companyId,
      number: 1,
      html: input.html ?? SAMPLE_HTML,
      page: { paper: 'letter', margins: { top: 25, right: 25, bottom: 25, left: 25 }, pageNumbers: true },
      fields: input.fields ?? SAMPLE_BULK_FIELDS,
    })
    .returning({ id: documentTemplateVersions.id });
  const packageId = await createDocumentPackage(db, {
    companyId: input.companyId,
    name: input.name ?? 'Contratos masivos',
  });
  await db.insert(documentPackageDocuments).values({
    packageId,
    companyId: input.companyId,
    position: 1,
    templateVersionId: version!.id,
  });
  for (let number = 1; number <= (input.signers ?? 1); number++)
    await db.insert(documentPackageSignerRoles).values({
      packageId,
      number,
      position: number,
      label: `Firmante ${number}`,
    });
  return { packageId, templateVersionId: version!.id };
}

/** Values of a valid row `index` of the sample group (signer e-mails unique per row). */
export function sampleBulkRow(index: number, domain = 'correo.test'): Record<string, string> {
  return {
    cliente: `Cliente ${index}`,
    valor: String(1000 + index),
    fecha_inicio: '2026-12-01',
    plan: index % 2 === 0 ? 'Básico' : 'Plus',
    firmante_1_nombre: `Firmante ${index}`,
    firmante_1_correo: `firmante${index}@${domain}`,
    firmante_1_telefono: '',
    firmante_1_tipo_identificacion: 'CC',
    firmante_1_numero_identificacion: String(10_000_000 + index),
  };
}

/** A filled sheet: the "Datos" sheet with `headers` in row 1 and one row per record. */
export async function fillBulkSheet(
  headers: readonly string[],
  rows: readonly Record<string, string>[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Datos');
  sheet.addRow([...headers]);
  for (const row of rows) sheet.addRow(headers.map((header) => row[header] ?? ''));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
