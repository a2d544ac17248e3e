import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { TemplateField } from '../../../contract/endpoints/templateFields.js';
import { ROLE } from '../../../contract/permissions.js';
import type { Db } from '../../db/client.js';
import { assignPlan, createCompany, createPlan, createUser } from '../../db/factories.js';
import {
  documentPackageDocuments,
  documentPackageSignerRoles,
  documentTemplates,
  documentTemplateVersions,
  documentTypes,
} from '../../db/schema/index.js';
import type { Actor, Deps } from '../../deps.js';
import { createDocumentPackage } from '../../modules/documentGroups/factories.js';
import { importBulkSheet, sendBulkBatch } from './batches.service.js';

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

/**
 * A filled sheet: the "Datos" sheet with `headers` in row 1 and one row per record, written with
 * exceljs' streaming writer so that a 10,000-row sheet costs the bench little memory.
 */
export async function fillBulkSheet(
  headers: readonly string[],
  rows: readonly Record<string, string>[],
): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  // The zip's last bytes may arrive after commit() resolves: the buffer is whole once the stream ends.
  const ended = new Promise((resolve, reject) => {
    output.on('end', resolve);
    output.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Datos');
  sheet.addRow([...headers]).commit();
  for (const row of rows) sheet.addRow(headers.map((header) => row[header] ?? '')).commit();
  sheet.commit();
  await workbook.commit();
  await ended;
  return Buffer.concat(chunks);
}

let seeded = 665;

/** A company with a plan of `units` signatures, an operator and the sample group. */
export async function seedBulkSender(
  deps: Deps,
  input: { units: number },
): Promise<{ actor: Actor; companyId: number; packageId: number }> {
  const { db } = deps.database;
  seeded += 1;
  const companyId = await createCompany(db, {
    fiscalName: 'Masivos de Prueba',
    taxId: `900555${String(seeded).padStart(3, '0')}-1`,
  });
  const planId = await createPlan(db, { name: 'Plan masivo', signatures: input.units });
  await assignPlan(db, { companyId, planId, unitsTotal: input.units });
  const userId = await createUser(db, {
    companyId,
    name: 'Olga',
    lastName: 'Operadora',
    email: `olga.${companyId}@masivos.test`,
  });
  const { packageId } = await createBulkGroup(db, { companyId });
  const actor: Actor = {
    userId,
    sessionId: 'semilla',
    companyId,
    roleId: ROLE.operator,
    permissions: new Set(['signature_request.create']),
    impersonatorUserId: null,
    visibleCompanyIds: [companyId],
  };
  return { actor, companyId, packageId };
}

/** The sample group's sheet filled with `rows` valid rows. */
export const sampleBulkSheet = (rows: number, domain?: string) =>
  fillBulkSheet(
    Object.keys(sampleBulkRow(0)),
    Array.from({ length: rows }, (_, index) => sampleBulkRow(index + 1, domain)),
  );

/** The sheet imported (checked row by row) and sent: its rows wait in the queue as `bulk.rows` jobs. */
export async function importAndSendBulkSheet(
  deps: Deps,
  sender: { actor: Actor; packageId: number },
  sheet: Buffer,
): Promise<{ batchId: number; importMs: number }> {
  const started = performance.now();
  const { record } = await importBulkSheet(deps, sender.actor, {
    document_package_id: sender.packageId,
    filename: 'masivo.xlsx',
    content_base64: sheet.toString('base64'),
  });
  const importMs = performance.now() - started;
  await sendBulkBatch(deps, sender.actor, record.id);
  return { batchId: record.id, importMs };
}

/** `seedBulkSender` and `importAndSendBulkSheet` of a sample sheet of `rows` rows. */
export async function seedSentBulkBatch(
  deps: Deps,
  input: { rows: number; units?: number; domain?: string },
): Promise<{ batchId: number; companyId: number; importMs: number }> {
  const sender = await seedBulkSender(deps, { units: input.units ?? input.rows * 2 });
  const sheet = await sampleBulkSheet(input.rows, input.domain);
  const { batchId, importMs } = await importAndSendBulkSheet(deps, sender, sheet);
  return { batchId, companyId: sender.companyId, importMs };
}
