import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client.js';
import { signatureRequestBatchRows } from '../../server/db/schema/index.js';
import { createBulkGroup, fillBulkSheet, sampleBulkRow } from '../../server/requests/bulk/factories.js';
import { buildOverlappingZipBomb } from '../../server/uploads/testing/zip-builder.js';
import { testDatabaseKind } from './support/database.js';
import { createTenants, type TenantIds, type TenantTokens } from './support/tenants.js';
import { bearer, createTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Clave-Segura-2026';

describe(`bulk requests from a sheet on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let ids: TenantIds;
  let tokens: TenantTokens;
  let packageId: number;

  const call = (token: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: payload === undefined ? 'GET' : 'POST',
      url: `/api/${url}`,
      headers: bearer(token),
      payload: payload as object,
    });

  const upload = (token: string, bytes: Buffer, extra: Record<string, unknown> = {}) =>
    call(token, 'import_documents_packages_fields', {
      document_package_id: packageId,
      filename: 'masivo.xlsx',
      content_base64: bytes.toString('base64'),
      ...extra,
    });

  let headers: string[];

  beforeAll(async () => {
    t = await createTestApp();
    ({ ids, tokens } = await createTenants(t, { password: PASSWORD }));
    ({ packageId } = await createBulkGroup(t.deps.database.db, { companyId: ids.andina }));
  });
  afterAll(() => t.close());

  it('hands out the group sheet: a column per sender field and signer attribute, instructions and lists', async () => {
    const response = await call(tokens.oscar, `export_documents_packages_fields/${packageId}/170`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const data = workbook.getWorksheet('Datos')!;
    headers = (data.getRow(1).values as string[]).slice(1);
    expect(headers).toEqual([
      'cliente',
      'valor',
      'fecha_inicio',
      'plan',
      'firmante_1_nombre',
      'firmante_1_correo',
      'firmante_1_telefono',
      'firmante_1_tipo_identificacion',
      'firmante_1_numero_identificacion',
    ]);
    // The signer's own box is not a column: the signer fills it when signing.
    expect(headers).not.toContain('firma_1');
    const instructions = workbook.getWorksheet('Instrucciones')!;
    expect(instructions.getCell('A2').value).toBe('cliente');
    expect(instructions.getCell('D5').value).toBe('Uno de: Básico, Plus');
    const validations = (
      data as unknown as { dataValidations: { model: Record<string, ExcelJS.DataValidation> } }
    ).dataValidations.model;
    const planList = validations.D2!;
    expect(validations.D10001).toEqual(planList);
    const idTypeList = validations.H2!;
    expect(planList.type).toBe('list');
    const lists = workbook.getWorksheet('Listas')!;
    const listValues = (formula: string) => {
      const column = /!\$([A-Z]+)\$1:\$[A-Z]+\$(\d+)/.exec(formula)!;
      return Array.from(
        { length: Number(column[2]) },
        (_, row) => lists.getCell(`${column[1]}${row + 1}`).value,
      );
    };
    expect(listValues(planList.formulae[0])).toEqual(['Básico', 'Plus']);
    expect(listValues(idTypeList.formulae[0])).toEqual(expect.arrayContaining(['CC', 'CE', 'NIT']));
  });

  it('refuses another company’s group and countries without identification types', async () => {
    const caribe = await createBulkGroup(t.deps.database.db, { companyId: ids.caribe, name: 'Caribe' });
    expect(
      (await call(tokens.oscar, `export_documents_packages_fields/${caribe.packageId}/CO`)).statusCode,
    ).toBe(404);
    const other = await call(tokens.oscar, `export_documents_packages_fields/${packageId}/US`);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toMatch(/Colombia/);
  });

  it('reports each invalid row by column, fixes it in place and queues every row once', async () => {
    const rows = Array.from({ length: 20 }, (_, index) => sampleBulkRow(index + 1));
    rows[4] = { ...rows[4]!, valor: 'mil', firmante_1_correo: 'sin-arroba' };
    rows[11] = { ...rows[11]!, cliente: '', plan: 'Oro' };
    const imported = await upload(tokens.oscar, await fillBulkSheet(headers, rows), { expiry_days: 10 });
    expect(imported.statusCode).toBe(200);
    const batch = imported.json().data;
    expect(imported.json().message).toBe('Se cargaron 20 filas: 2 con errores por corregir');
    expect(batch).toMatchObject({ status: 'draft', total: 20, invalid: 2, valid: 18 });
    expect(
      batch.rows.map((row: { row_number: number; errors: unknown }) => [row.row_number, row.errors]),
    ).toEqual([
      [
        6,
        [
          { column: 'valor', message: 'Solo se permiten números enteros' },
          { column: 'firmante_1_correo', message: 'Ingrese un correo electrónico válido' },
        ],
      ],
      [
        13,
        [
          { column: 'cliente', message: 'Este campo es obligatorio' },
          { column: 'plan', message: 'Seleccione una opción válida' },
        ],
      ],
    ]);

    const early = await call(tokens.oscar, 'process_signature_request_multiple', { batch_id: batch.id });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Hay 2 filas con errores; corríjalas antes de enviar');

    const stillWrong = await call(tokens.oscar, 'update_documents_packages_detail_fields_values_massive', {
      batch_id: batch.id,
      rows: [{ row_number: 6, values: { valor: '1500' } }],
    });
    expect(stillWrong.json().data.rows[0]).toMatchObject({
      row_number: 6,
      errors: [{ column: 'firmante_1_correo', message: 'Ingrese un correo electrónico válido' }],
    });
    const unknown = await call(tokens.oscar, 'update_documents_packages_detail_fields_values_massive', {
      batch_id: batch.id,
      rows: [{ row_number: 6, values: { columna_rara: 'x' } }],
    });
    expect(unknown.statusCode).toBe(422);
    const fixed = await call(tokens.oscar, 'update_documents_packages_detail_fields_values_massive', {
      batch_id: batch.id,
      rows: [
        { row_number: 6, values: { firmante_1_correo: 'Corregido@Correo.test' } },
        { row_number: 13, values: { cliente: 'Cliente 12', plan: 'Plus' } },
      ],
    });
    expect(fixed.json().data).toMatchObject({ invalid: 0, valid: 20, rows: [] });

    const sent = await call(tokens.oscar, 'process_signature_request_multiple', { batch_id: batch.id });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      message: 'Se están generando 20 solicitudes',
      data: { status: 'sending', queued: 20 },
    });
    // A second click (or a reload that sends again) queues nothing more.
    const again = await call(tokens.oscar, 'process_signature_request_multiple', { batch_id: batch.id });
    expect(again.statusCode).toBe(200);
    // Every row in exactly one job.
    const [jobs] = await queryRows<{ count: number; distinct: number }>(
      t.deps.database.db,
      sql`SELECT count(*)::int AS count, count(DISTINCT row_id)::int AS distinct
          FROM jobs, jsonb_array_elements_text(payload->'rowIds') AS row_id
          WHERE queue = 'bulk.rows' AND row_id IN (
            SELECT id::text FROM signature_request_batch_rows WHERE batch_id = ${batch.id})`,
    );
    expect(Number(jobs!.count)).toBe(20);
    expect(Number(jobs!.distinct)).toBe(20);
    const locked = await call(tokens.oscar, 'update_documents_packages_detail_fields_values_massive', {
      batch_id: batch.id,
      rows: [{ row_number: 6, values: { valor: '2' } }],
    });
    expect(locked.statusCode).toBe(409);

    const progress = await call(tokens.oscar, 'generate_multiple_sign_request', { batch_id: batch.id });
    expect(progress.json().data).toMatchObject({ id: batch.id, total: 20, invalid: 0 });
    expect(progress.json().data.rows).toHaveLength(20);
    const [row6] = await t.deps.database.db
      .select()
      .from(signatureRequestBatchRows)
      .where(eq(signatureRequestBatchRows.batchId, batch.id))
      .orderBy(signatureRequestBatchRows.rowNumber)
      .offset(4);
    expect(row6!.values).toMatchObject({ valor: '1500', firmante_1_correo: 'Corregido@Correo.test' });

    // Company B never sees company A's batch.
    const foreign = await t.signin('carla@caribe.test', PASSWORD).catch(() => null);
    if (foreign) {
      const peek = await call(foreign, 'generate_multiple_sign_request', { batch_id: batch.id });
      expect(peek.statusCode).toBe(404);
    }
  });

  it('refuses wrong types, formulas, zip bombs, oversize files and sheets without the group’s columns', async () => {
    const pdf = await upload(
      tokens.oscar,
      Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'),
    );
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().message).toMatch(/Tipo de archivo no permitido/);

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Datos');
    sheet.addRow(headers);
    sheet.addRow(headers.map(() => 'x'));
    sheet.getCell('B2').value = { formula: '1+1', result: 2 };
    const formula = await upload(tokens.oscar, Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(formula.statusCode).toBe(422);
    expect(formula.json().message).toBe(
      'La hoja «Datos» contiene una fórmula en la celda B2; cargue el archivo solo con valores',
    );

    const bomb = buildOverlappingZipBomb({
      kernel: Buffer.alloc(5 * 1024 * 1024),
      copies: 600,
      firstName: 'xl/workbook.xml',
    });
    const bombed = await upload(tokens.oscar, bomb);
    expect(bombed.statusCode).toBe(422);
    expect(bombed.json().message).toMatch(/bomba de compresión/);

    const big = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const oversize = await upload(tokens.oscar, big);
    expect(oversize.statusCode).toBe(413);
    expect(oversize.json().message).toMatch(/demasiado grande/);

    const missing = await upload(
      tokens.oscar,
      await fillBulkSheet(['cliente', 'valor'], [{ cliente: 'A', valor: '1' }]),
    );
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toMatch(/^Faltan columnas de la plantilla descargada: fecha_inicio, plan/);

    const empty = await upload(tokens.oscar, await fillBulkSheet(headers, []));
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('La hoja no tiene filas con datos');
  });
});
