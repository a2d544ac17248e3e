import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDataProvider } from '../../dataProvider/dataProvider';
import { fakeToken, fakeUser, recordingHttpClient } from '../../test/fakes';
import { renderWithAdmin } from '../../test/harness';
import { BulkRequestsPage } from './BulkRequestsPage';
import { progressOf } from './bulkApi';

const batch = (overrides: Record<string, unknown> = {}) => ({
  id: 31,
  company_id: 3,
  package_id: 4,
  package_name: 'Contratos de arriendo',
  status: 'draft',
  file_name: 'masivo.xlsx',
  total: 3,
  invalid: 1,
  valid: 2,
  queued: 0,
  sent: 0,
  failed: 0,
  created_at: '2026-11-24T10:00:00.000Z',
  sent_at: null,
  finished_at: null,
  columns: ['cliente', 'firmante_1_correo'],
  rows: [],
  ...overrides,
});

const invalidRow = {
  id: 90,
  row_number: 3,
  values: { cliente: 'Luisa', firmante_1_correo: 'luisa-sin-arroba' },
  errors: [{ column: 'firmante_1_correo', message: 'Ingrese un correo electrónico válido' }],
  status: 'invalid',
  failure: null,
  request_id: null,
};

describe('the bulk request screen', () => {
  beforeEach(() => {
    localStorage.setItem('access_token', fakeToken({ id: 7, exp: Math.floor(Date.now() / 1000) + 3600 }));
    localStorage.setItem(
      'current_user',
      JSON.stringify(fakeUser({ permissions: ['signature_request.create'] })),
    );
  });
  afterEach(() => localStorage.clear());

  it('uploads the sheet, reports rows by column, fixes them in place, sends and follows the batch to its summary', async () => {
    const httpClient = recordingHttpClient(
      {
        data: {
          items: [
            { id: 4, name: 'Contratos de arriendo', can_send: true },
            { id: 5, name: 'Solo lectura', can_send: false },
          ],
          total: 2,
        },
      },
      { data: batch({ rows: [invalidRow] }), message: 'Se cargaron 3 filas: 1 con errores por corregir' },
      { data: batch({ invalid: 0, valid: 3 }), message: 'Filas actualizadas y validadas de nuevo' },
      { data: batch({ status: 'sending', invalid: 0, valid: 0, queued: 3 }) },
      { data: batch({ status: 'sending', invalid: 0, valid: 0, queued: 2, sent: 1 }) },
      {
        data: batch({
          status: 'done',
          invalid: 0,
          valid: 0,
          sent: 2,
          failed: 1,
          rows: [
            {
              ...invalidRow,
              errors: [],
              status: 'failed',
              failure: 'La empresa no tiene paquetes de firmas vigentes',
            },
          ],
        }),
      },
    );
    const view = renderWithAdmin(<BulkRequestsPage />, {
      path: '/bulk-signature-requests',
      dataProvider: createDataProvider({ httpClient, resources: {} }),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Solicitud masiva' })).toBeInTheDocument();
    await waitFor(() =>
      expect(httpClient.requests[0]?.url).toBe('/api/documents_packages_list/3/1/100/7?status=active'),
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Grupo de documentos' }));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).queryByText('Solo lectura')).not.toBeInTheDocument();
    await userEvent.click(within(listbox).getByText('Contratos de arriendo'));

    const file = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], 'masivo.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    await userEvent.upload(screen.getByTestId('bulk-sheet-file'), file);
    expect(await screen.findByText('Ingrese un correo electrónico válido')).toBeInTheDocument();
    expect(httpClient.requests[1]).toMatchObject({
      method: 'POST',
      url: '/api/import_documents_packages_fields',
      body: { document_package_id: 4, filename: 'masivo.xlsx', content_base64: 'UEsDBA==' },
    });
    await waitFor(() => expect(view.location()?.search).toBe('?batch=31'));
    expect(screen.getByRole('button', { name: /Enviar 2 solicitudes/ })).toBeDisabled();

    const fix = screen.getByRole('textbox', { name: 'Valor corregido: Fila 3, firmante_1_correo' });
    expect(fix).toHaveValue('luisa-sin-arroba');
    await userEvent.clear(fix);
    await userEvent.type(fix, 'luisa@correo.test');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar correcciones' }));
    expect(await screen.findByText('Todas las filas son válidas')).toBeInTheDocument();
    expect(httpClient.requests[2]).toMatchObject({
      url: '/api/update_documents_packages_detail_fields_values_massive',
      body: { batch_id: 31, rows: [{ row_number: 3, values: { firmante_1_correo: 'luisa@correo.test' } }] },
    });

    await userEvent.click(screen.getByRole('button', { name: /Enviar 3 solicitudes/ }));
    await waitFor(() =>
      expect(httpClient.requests[3]).toMatchObject({
        url: '/api/process_signature_request_multiple',
        body: { batch_id: 31 },
      }),
    );
    expect(await screen.findByRole('progressbar', { name: 'Avance del envío masivo' })).toBeInTheDocument();
    expect(await screen.findByText('1 de 3 filas procesadas', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(
      await screen.findByText(/2 solicitudes enviadas, 1 fallidas/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const failures = screen.getByRole('table', { name: 'Filas que fallaron' });
    expect(within(failures).getByText('La empresa no tiene paquetes de firmas vigentes')).toBeInTheDocument();
    expect(httpClient.requests[4]).toMatchObject({
      url: '/api/generate_multiple_sign_request',
      body: { batch_id: 31, only_problems: true },
    });
  }, 90_000);

  it('comes back to the batch named in the address after a reload, still polling its progress', async () => {
    const httpClient = recordingHttpClient(
      { data: { items: [], total: 0 } },
      { data: batch({ status: 'sending', invalid: 0, valid: 0, queued: 1, sent: 2 }) },
      { data: batch({ status: 'done', invalid: 0, valid: 0, sent: 3 }) },
    );
    renderWithAdmin(<BulkRequestsPage />, {
      path: '/bulk-signature-requests?batch=31',
      route: '/bulk-signature-requests',
      dataProvider: createDataProvider({ httpClient, resources: {} }),
    });
    expect(await screen.findByText('2 de 3 filas procesadas')).toBeInTheDocument();
    expect(
      await screen.findByText(/3 solicitudes enviadas, 0 fallidas/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  }, 60_000);

  it('counts processed rows out of those sent', () => {
    expect(progressOf({ sent: 3, failed: 1, queued: 4 })).toBe(50);
    expect(progressOf({ sent: 0, failed: 0, queued: 0 })).toBe(0);
  });
});
