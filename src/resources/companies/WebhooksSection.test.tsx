import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RecordContextProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { renderWithAdmin } from '../../test/harness';
import { WebhooksSection } from './WebhooksSection';

const endpoint = {
  id: 5,
  url: 'https://erp.cliente.co/rubrica',
  events: ['request.sent', 'request.completed'],
  active: true,
  created_at: '2026-11-20T15:00:00.000Z',
};
const delivered = {
  id: 31,
  endpoint_id: 5,
  endpoint_url: endpoint.url,
  event: 'request.sent',
  event_id: '7f0c2d4e-1a2b-4c3d-8e9f-001122334455',
  status: 'delivered',
  attempts: [
    {
      attempt: 1,
      status_code: 200,
      duration_ms: 42,
      error: null,
      next_attempt_at: null,
      created_at: '2026-11-21T01:56:00.000Z',
    },
  ],
  next_attempt_at: null,
  delivered_at: '2026-11-21T01:56:00.000Z',
  created_at: '2026-11-21T01:56:00.000Z',
};
const failed = {
  ...delivered,
  id: 32,
  event: 'request.completed',
  status: 'failed',
  attempts: [{ ...delivered.attempts[0], status_code: 500, error: 'El receptor respondió 500' }],
};

function render(overrides: Record<string, (input: never) => unknown> = {}) {
  const handlers: Record<string, (input: never) => unknown> = {
    listCompanyWebhooks: () => [endpoint],
    listCompanyWebhookDeliveries: () => [failed, delivered],
    addCompanyWebhook: () => ({ ...endpoint, id: 6, secret: 'whsec_secreto_de_prueba' }),
    deleteCompanyWebhook: () => ({ id: 5 }),
    replayCompanyWebhookDelivery: () => ({ ...failed, status: 'pending' }),
    ...overrides,
  };
  const callEndpoint = vi.fn(async (name: string, input: never) => handlers[name]!(input));
  renderWithAdmin(
    <RecordContextProvider value={{ id: 3, fiscal_name: 'Notaría Central' }}>
      <WebhooksSection />
    </RecordContextProvider>,
    { dataProvider: { callEndpoint } as never },
  );
  return callEndpoint;
}

describe('the company webhooks section', () => {
  it('lists the endpoints with their events and the delivery log in Spanish', async () => {
    render();
    expect(await screen.findByText(endpoint.url)).toBeInTheDocument();
    expect(screen.getByText('Solicitud enviada · Solicitud completada')).toBeInTheDocument();
    const log = await screen.findByRole('list', { name: 'Registro de entregas' });
    const items = within(log).getAllByRole('listitem');
    expect(within(items[0]!).getByText('Fallido')).toBeInTheDocument();
    expect(within(items[0]!).getByText(/Última respuesta HTTP: 500/)).toBeInTheDocument();
    expect(within(items[0]!).getByText(/El receptor respondió 500/)).toBeInTheDocument();
    expect(within(items[1]!).getByText('Entregado')).toBeInTheDocument();
    // 01:56 UTC is 8:56 p. m. of the day before in Bogotá.
    expect(
      within(items[1]!).getByText(/Intentos: 1 · Última respuesta HTTP: 200 · Fecha: 20\/11\/2026/),
    ).toBeInTheDocument();
  });

  it('adds an endpoint with the chosen events and shows its secret once', async () => {
    const callEndpoint = render();
    await screen.findByText(endpoint.url);
    fireEvent.change(screen.getByLabelText('URL de destino'), {
      target: { value: ' https://nuevo.cliente.co/h ' },
    });
    fireEvent.click(screen.getByLabelText('Solicitud completada'));
    fireEvent.click(screen.getByLabelText('Firma de un firmante'));
    fireEvent.click(screen.getByRole('button', { name: 'Agregar webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Secreto de firma del webhook' });
    expect(within(dialog).getByText('whsec_secreto_de_prueba')).toBeInTheDocument();
    expect(callEndpoint).toHaveBeenCalledWith('addCompanyWebhook', {
      companyId: 3,
      body: { url: 'https://nuevo.cliente.co/h', events: ['request.sent', 'signer.signed'] },
    });
  });

  it('shows the server refusal next to the form and sends nothing without an event', async () => {
    const callEndpoint = render({
      addCompanyWebhook: () => {
        throw new Error('La dirección del webhook apunta a una red privada, local o reservada');
      },
    });
    await screen.findByText(endpoint.url);
    fireEvent.change(screen.getByLabelText('URL de destino'), { target: { value: 'http://10.0.0.1/' } });
    fireEvent.click(screen.getByRole('button', { name: 'Agregar webhook' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/red privada, local o reservada/);

    fireEvent.click(screen.getByLabelText('Solicitud enviada'));
    fireEvent.click(screen.getByLabelText('Solicitud completada'));
    fireEvent.click(screen.getByRole('button', { name: 'Agregar webhook' }));
    expect(await screen.findByText('Elija al menos un evento')).toBeInTheDocument();
    expect(callEndpoint.mock.calls.filter(([name]) => name === 'addCompanyWebhook')).toHaveLength(1);
  });

  it('deletes an endpoint only after the confirmation', async () => {
    const callEndpoint = render();
    await screen.findByText(endpoint.url);
    fireEvent.click(screen.getByRole('button', { name: `Eliminar webhook ${endpoint.url}` }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/dejará de recibir avisos/)).toBeInTheDocument();
    expect(callEndpoint).not.toHaveBeenCalledWith('deleteCompanyWebhook', expect.anything());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(callEndpoint).toHaveBeenCalledWith('deleteCompanyWebhook', { id: 5 }));
  });

  it('replays a finished delivery from the log', async () => {
    const callEndpoint = render();
    fireEvent.click(
      await screen.findByRole('button', { name: /^Reenviar la entrega Solicitud completada del / }),
    );
    await waitFor(() =>
      expect(callEndpoint).toHaveBeenCalledWith('replayCompanyWebhookDelivery', { companyId: 3, id: 32 }),
    );
    // The log is read again to show the new attempt.
    await waitFor(() =>
      expect(
        callEndpoint.mock.calls.filter(([name]) => name === 'listCompanyWebhookDeliveries').length,
      ).toBeGreaterThan(1),
    );
  });
});
