import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { fillBulkSheet, sampleBulkRow } from '../../server/requests/bulk/factories.js';
import { BULK_GROUP, BULK_OPERATOR } from './fixtures/bulkRequests.fixture.js';
import { expectNoHorizontalOverflow } from './fixtures/viewport.js';
import { apiSession, signPageIn } from './support/apiSession.js';

/**
 * A bulk request through the screen only: the operator downloads the group's sheet, fills 20 rows
 * of which 2 are wrong, uploads it, sees both reported by row and column, fixes them in place and
 * sends; the progress bar runs to the summary, which a reload brings back.
 */
test('sends a 20-row sheet after fixing its 2 invalid rows in place', async ({ page }) => {
  test.setTimeout(240_000);
  await signPageIn(page, await apiSession(BULK_OPERATOR.email, BULK_OPERATOR.password));
  await page.goto('/bulk-signature-requests');
  await expect(page.getByRole('heading', { level: 1, name: 'Solicitud masiva' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Grupo de documentos' }).click();
  await page.getByRole('option', { name: BULK_GROUP }).click();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar hoja' }).click();
  const download = await downloading;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await download.path()) as string)) as unknown as ArrayBuffer);
  const headers = (workbook.getWorksheet('Datos')!.getRow(1).values as string[]).slice(1);
  expect(headers).toContain('firmante_1_correo');

  const stamp = Date.now();
  const rows = Array.from({ length: 20 }, (_, index) => sampleBulkRow(index + 1, `e2e${stamp}.test`));
  rows[2] = { ...rows[2]!, firmante_1_correo: 'sin-arroba' };
  rows[9] = { ...rows[9]!, valor: 'diez' };
  await page.getByTestId('bulk-sheet-file').setInputFiles({
    name: 'masivo.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await fillBulkSheet(headers, rows),
  });
  await expect(page.getByText('20 filas: 18 listas, 2 con errores')).toBeVisible();
  const report = page.getByRole('table', { name: 'Filas por corregir' });
  await expect(
    report.getByRole('row').filter({ hasText: 'Ingrese un correo electrónico válido' }),
  ).toContainText('4');
  await expect(report.getByRole('row').filter({ hasText: 'Solo se permiten números enteros' })).toContainText(
    '11',
  );
  await expect(page.getByRole('button', { name: /Enviar 18 solicitudes/ })).toBeDisabled();

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalOverflow(page);
  await page.setViewportSize({ width: 1440, height: 900 });

  await page
    .getByRole('textbox', { name: 'Valor corregido: Fila 4, firmante_1_correo' })
    .fill(`corregido@e2e${stamp}.test`);
  await page.getByRole('textbox', { name: 'Valor corregido: Fila 11, valor' }).fill('10');
  await page.getByRole('button', { name: 'Guardar correcciones' }).click();
  await expect(page.getByText('Todas las filas son válidas')).toBeVisible();
  await page.getByRole('button', { name: /Enviar 20 solicitudes/ }).click();

  await expect(page.getByText('Envío masivo terminado')).toBeVisible({ timeout: 180_000 });
  await expect(page.getByText('20 solicitudes enviadas, 0 fallidas')).toBeVisible();
  await page.reload();
  await expect(page.getByText('20 solicitudes enviadas, 0 fallidas')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalOverflow(page);
});
