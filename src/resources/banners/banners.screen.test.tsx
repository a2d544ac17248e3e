import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createDataProvider } from '../../dataProvider/dataProvider';
import { GeneratedListPage } from '../../framework/GeneratedListPage';
import { recordingHttpClient } from '../../test/fakes';
import { renderWithAdmin } from '../../test/harness';
import { banners } from '.';
import { bannersData } from './bannersData';

const record = {
  id: 3,
  kind: 'text',
  title: 'Mantenimiento programado',
  body: 'El sábado la plataforma no estará disponible.',
  image_url: null,
  link_url: null,
  audience: 'company',
  company_id: 5,
  company_name: 'Notaría Central',
  starts_at: '2026-03-01T05:00:00.000Z',
  ends_at: '2026-03-31T05:00:00.000Z',
  status: 'active',
  active_now: true,
  created_at: '2026-02-01T05:00:00.000Z',
  updated_at: '2026-02-01T05:00:00.000Z',
};

describe('the banners screen', () => {
  it('lists banners with Spanish columns, es-CO dates and chips, and deletes after a red confirmation', async () => {
    const httpClient = recordingHttpClient(
      { data: { items: [record], total: 1 } },
      { data: { id: 3 } },
      { data: { items: [], total: 0 } },
    );
    renderWithAdmin(<GeneratedListPage resource={banners} />, {
      path: '/list-banner/banner',
      dataProvider: createDataProvider({ httpClient, resources: { banners: bannersData } }),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Banners' })).toBeInTheDocument();
    expect(await screen.findByText('Mantenimiento programado')).toBeInTheDocument();
    expect(httpClient.requests[0]?.url).toBe(
      '/api/get_banners?page=1&itemsPerPage=15&sort=starts_at&order=DESC',
    );
    for (const header of ['Título', 'Tipo', 'Audiencia', 'Inicio', 'Fin', 'Estado', 'En pantalla']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeInTheDocument();
    }
    const row = screen.getByText('Mantenimiento programado').closest('tr') as HTMLElement;
    expect(within(row).getByText('01/03/2026')).toBeInTheDocument();
    expect(within(row).getByText('Una empresa')).toBeInTheDocument();
    expect(within(row).getByText('Notaría Central')).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Eliminar' });
    expect(confirm.className).toMatch(/colorError/);
    await userEvent.click(confirm);
    await waitFor(() =>
      expect(httpClient.requests[1]).toEqual({ method: 'DELETE', url: '/api/delete_banner/3' }),
    );
  }, 90_000);
});
