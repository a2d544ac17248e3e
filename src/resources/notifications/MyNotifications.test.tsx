import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createDataProvider } from '../../dataProvider/dataProvider';
import { recordingHttpClient } from '../../test/fakes';
import { renderWithAdmin } from '../../test/harness';
import { MyNotifications } from './MyNotifications';

const item = {
  id: 4,
  title: 'Firmas por lotes',
  body: '<p>Ya puede <strong>firmar por lotes</strong>.</p><script>alert(1)</script>',
  audience: 'company',
  published_at: '2026-03-01T15:00:00.000Z',
  read: false,
  read_at: null,
};

describe('MyNotifications', () => {
  it('lists my notifications with the unread count and marks one as read', async () => {
    const httpClient = recordingHttpClient(
      { data: { items: [item], total: 1, unread: 1 } },
      { data: { ...item, read: true, read_at: '2026-03-02T15:00:00.000Z' } },
      { data: { items: [{ ...item, read: true }], total: 1, unread: 0 } },
    );
    const { container } = renderWithAdmin(<MyNotifications />, {
      dataProvider: createDataProvider({ httpClient, resources: {} }),
    });
    expect(screen.getByRole('heading', { name: 'Mis notificaciones' })).toBeInTheDocument();
    expect(await screen.findByText('Firmas por lotes')).toBeInTheDocument();
    expect(screen.getByText('1 sin leer')).toBeInTheDocument();
    expect(screen.getByText('Nueva')).toBeInTheDocument();
    expect(httpClient.requests[0]).toEqual({
      method: 'GET',
      url: '/api/my_notifications?page=1&itemsPerPage=15',
    });

    await userEvent.click(screen.getByText('Firmas por lotes'));
    expect(container.querySelector('script')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Marcar como leída' }));
    await waitFor(() => expect(screen.queryByText('Nueva')).not.toBeInTheDocument());
    expect(httpClient.requests[1]).toEqual({ method: 'POST', url: '/api/mark_notification_read/4' });
  });

  it('says so when there is nothing', async () => {
    const httpClient = recordingHttpClient({ data: { items: [], total: 0, unread: 0 } });
    renderWithAdmin(<MyNotifications />, { dataProvider: createDataProvider({ httpClient, resources: {} }) });
    expect(await screen.findByText('No tiene notificaciones.')).toBeInTheDocument();
  });
});
