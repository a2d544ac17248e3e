import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { seededRoleUser, signInAs } from '../../test/fakes';
import { renderWithAdmin } from '../../test/harness';
import { RequestHistoryPage } from './RequestHistoryPage';
import { fakeApi, summary } from './requestHistoryFakes';

const ITEMS = [
  summary(1, 'Contrato de arriendo', 'in_progress'),
  summary(2, 'Acuerdo de confidencialidad', 'completed'),
  summary(3, 'Pagaré', 'cancelled'),
];

describe('RequestHistoryPage', () => {
  beforeEach(() => {
    signInAs(seededRoleUser('Auditor'));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists requests with Spanish status chips and sends the filters to the server', async () => {
    const api = fakeApi((request) => {
      const body = request.body as { status?: string };
      const items = body.status ? ITEMS.filter((item) => item.status === body.status) : ITEMS;
      return { items, total: items.length };
    });
    renderWithAdmin(<RequestHistoryPage />, {
      path: '/list-signature-request',
      dataProvider: api.dataProvider,
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Historial de solicitudes' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Historial de solicitudes' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[1]!).getByText('En proceso')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Completada')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('Cancelada')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'Contrato de arriendo' })).toHaveAttribute(
      'href',
      '/update-signature-request/update/1',
    );
    expect(api.requests[0]).toMatchObject({
      method: 'POST',
      url: '/api/documents_sign_requests_list',
      body: { page: 1, itemsPerPage: 15, sort: 'created_at', order: 'DESC' },
    });

    await userEvent.click(screen.getByRole('combobox', { name: 'Estado' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Completada' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(api.requests.at(-1)!.body).toMatchObject({ status: 'completed', page: 1 });

    await userEvent.click(screen.getByRole('button', { name: 'Solicitud' }));
    await waitFor(() => expect(api.requests.at(-1)!.body).toMatchObject({ sort: 'title', order: 'DESC' }));
  }, 60_000);

  it('opens with the filters and order of the link that led to it (the dashboard’s figures)', async () => {
    const api = fakeApi(() => ({ items: ITEMS.slice(0, 1), total: 1 }));
    renderWithAdmin(<RequestHistoryPage />, {
      path: '/list-signature-request?status=rejected&date_from=2026-11-01&date_to=2026-11-30&sort=expires_at&order=ASC&company_id=9',
      route: '/list-signature-request',
      dataProvider: api.dataProvider,
    });
    await screen.findByRole('table', { name: 'Historial de solicitudes' });
    expect(api.requests[0]!.body).toEqual({
      status: 'rejected',
      date_from: '2026-11-01',
      date_to: '2026-11-30',
      page: 1,
      itemsPerPage: 15,
      sort: 'expires_at',
      order: 'ASC',
    });
    expect(screen.getByRole('combobox', { name: 'Estado' })).toHaveTextContent('Rechazada');
  }, 60_000);

  it('offers the ZIP and the exports only to whoever may call them', async () => {
    signInAs({ permissions: ['signer.list'] });
    const api = fakeApi(() => ({ items: ITEMS, total: 3 }));
    renderWithAdmin(<RequestHistoryPage />, {
      path: '/list-signature-request',
      dataProvider: api.dataProvider,
    });
    await screen.findByRole('table', { name: 'Historial de solicitudes' });
    expect(screen.queryByRole('button', { name: 'Descargar ZIP' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Exportar Excel' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Exportar CSV' })).not.toBeInTheDocument();
  }, 60_000);

  it('downloads a ZIP of the selected requests', async () => {
    const api = fakeApi(() => ({ items: ITEMS, total: 3 }));
    const fetched: { url: string; body: string }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        fetched.push({ url, body: String(init.body) });
        return new Response('PK', {
          status: 200,
          headers: {
            'content-disposition': 'attachment; filename="s.zip"; filename*=UTF-8\'\'solicitudes.zip',
          },
        });
      }),
    );
    // jsdom has no object URLs: the download hands the blob to these.
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:zip');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    renderWithAdmin(<RequestHistoryPage />, {
      path: '/list-signature-request',
      dataProvider: api.dataProvider,
    });
    const zip = screen.getByRole('button', { name: 'Descargar ZIP' });
    expect(zip).toBeDisabled();
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'Seleccionar «Contrato de arriendo»' }),
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar «Pagaré»' }));
    expect(screen.getByRole('status')).toHaveTextContent('2 solicitudes seleccionadas');
    await userEvent.click(zip);
    await waitFor(() => expect(fetched).toHaveLength(1));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(fetched).toEqual([{ url: '/api/download_zip', body: JSON.stringify({ request_ids: [1, 3] }) }]);
  }, 60_000);
});
