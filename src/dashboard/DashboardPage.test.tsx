import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../requests/history/requestHistoryFakes';
import { seededRoleUser, signInAs } from '../test/fakes';
import { renderWithAdmin } from '../test/harness';
import { DashboardPage } from './DashboardPage';

const months = Array.from({ length: 12 }, (_, index) => {
  const month = index + 1;
  const key = `2026-${String(month).padStart(2, '0')}`;
  const last = new Date(Date.UTC(2026, month, 0)).getUTCDate();
  const counts =
    index === 11
      ? { in_progress: 1200, completed: 3, rejected: 2, cancelled: 0, expired: 1 }
      : {
          in_progress: 0,
          completed: index,
          rejected: 0,
          cancelled: 0,
          expired: 0,
        };
  const total = Object.values(counts).reduce((sum, value) => sum + value, 0);
  return { month: key, from: `${key}-01`, to: `${key}-${last}`, total, ...counts };
});

const INFO = {
  scope: 'company',
  today: '2026-12-20',
  this_month: months[11],
  trend: months,
  waiting: { requests: 1200, signatures: 2400 },
  expiring: {
    days: 7,
    count: 6,
    items: [{ id: 41, title: 'Contrato de arriendo', expires_at: '2026-12-24T04:59:59.999Z' }],
  },
  rejections: [
    {
      request_id: 52,
      title: 'Acuerdo comercial',
      company_name: 'Andina Firmas',
      signer_name: 'Hugo Rechazo',
      reason: 'El precio no es el pactado',
      rejected_at: '2026-12-18T15:00:00.000Z',
    },
  ],
  plans: {
    active: 2,
    units_total: 1500,
    units_left: 1234,
    unlimited: false,
    nearest_expiry: '2027-01-15T05:00:00.000Z',
  },
  storage: { used_bytes: 1_500_000, capacity_bytes: 10_000_000 },
};

describe('DashboardPage', () => {
  beforeEach(() => {
    signInAs({ ...seededRoleUser('Operador'), id: 7 });
  });

  it('asks for the signed-in user’s figures and links each request figure to the filtered history', async () => {
    const api = fakeApi(() => INFO);
    renderWithAdmin(<DashboardPage />, { path: '/user/dashboard', dataProvider: api.dataProvider });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Solicitudes de diciembre de 2026' }),
    ).toBeInTheDocument();
    expect(api.requests[0]).toMatchObject({ method: 'GET', url: '/api/get_dashboard_info/7' });

    expect(screen.getByRole('link', { name: 'Enviadas este mes: 1.206' })).toHaveAttribute(
      'href',
      '/list-signature-request?date_from=2026-12-01&date_to=2026-12-31',
    );
    expect(screen.getByRole('link', { name: 'Rechazadas: 2' })).toHaveAttribute(
      'href',
      '/list-signature-request?date_from=2026-12-01&date_to=2026-12-31&status=rejected',
    );
    expect(screen.getByRole('link', { name: 'Firmas pendientes: 2.400' })).toHaveAttribute(
      'href',
      '/list-signature-request?status=in_progress',
    );
    expect(screen.getByText('en 1.200 solicitudes en proceso')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vencen en los próximos 7 días: 6' })).toHaveAttribute(
      'href',
      '/list-signature-request?status=in_progress&sort=expires_at&order=ASC',
    );
    expect(screen.getByText('vence el 23/12/2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contrato de arriendo' })).toHaveAttribute(
      'href',
      '/update-signature-request/update/41',
    );
    expect(screen.getByText('«El precio no es el pactado»')).toBeInTheDocument();
    expect(screen.getByText('1.234')).toBeInTheDocument();
    expect(screen.getByText('Próximo vencimiento: 15/01/2027')).toBeInTheDocument();

    // The chart's text equivalent: a table with every month, newest first, counts linking to that month.
    const table = screen.getByRole('table', { name: 'Solicitudes por mes y estado' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('diciembre de 2026');
    expect(within(rows[1]!).getByRole('link', { name: '1.206' })).toHaveAttribute(
      'href',
      '/list-signature-request?date_from=2026-12-01&date_to=2026-12-31',
    );
    expect(
      screen.getByRole('img', {
        name: /1\.261 solicitudes enviadas entre enero de 2026 y diciembre de 2026/,
      }),
    ).toBeInTheDocument();
  }, 60_000);

  it('says so in Spanish when the figures cannot be loaded', async () => {
    const api = fakeApi(() => {
      throw new Error('Solo puede consultar el panel de su propio usuario');
    });
    renderWithAdmin(<DashboardPage />, { path: '/user/dashboard', dataProvider: api.dataProvider });
    expect(await screen.findByRole('alert', {}, { timeout: 20_000 })).toHaveTextContent(
      'Solo puede consultar el panel de su propio usuario',
    );
  }, 60_000);
});
