import { fireEvent, screen, waitFor } from '@testing-library/react';
import { RecordContextProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { renderWithAdmin } from '../../test/harness';
import { EmbeddingSection } from './EmbeddingSection';

function render() {
  const handlers: Record<string, (input: never) => unknown> = {
    getCompanyEmbedding: () => ({
      frame_origins: ['https://portal.cliente.co'],
      signer_links_in_reply: false,
    }),
    updateCompanyEmbedding: (input: { body: unknown }) => input.body,
  };
  const callEndpoint = vi.fn(async (name: string, input: never) => handlers[name]!(input));
  renderWithAdmin(
    <RecordContextProvider value={{ id: 3, fiscal_name: 'Notaría Central' }}>
      <EmbeddingSection />
    </RecordContextProvider>,
    { dataProvider: { callEndpoint } as never },
  );
  return callEndpoint;
}

describe('EmbeddingSection', () => {
  it('shows the saved origins and saves them normalised with the links switch', async () => {
    const callEndpoint = render();
    const origins = await screen.findByRole('textbox', { name: 'Orígenes autorizados' });
    await waitFor(() => expect(origins).toHaveValue('https://portal.cliente.co'));
    fireEvent.change(origins, { target: { value: 'https://portal.cliente.co\n\nHTTP://LOCALHOST:8080/' } });
    fireEvent.click(screen.getByRole('switch', { name: /Entregar los enlaces de firma/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar firma embebida' }));
    await waitFor(() =>
      expect(callEndpoint).toHaveBeenCalledWith('updateCompanyEmbedding', {
        companyId: 3,
        body: {
          frame_origins: ['https://portal.cliente.co', 'http://localhost:8080'],
          signer_links_in_reply: true,
        },
      }),
    );
  });

  it('names the line of an origin it refuses, and saves nothing', async () => {
    const callEndpoint = render();
    const origins = await screen.findByRole('textbox', { name: 'Orígenes autorizados' });
    await waitFor(() => expect(origins).toHaveValue('https://portal.cliente.co'));
    fireEvent.change(origins, { target: { value: 'https://portal.cliente.co\nhttp://portal.cliente.co' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar firma embebida' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Línea 2: El origen debe usar https:\/\//);
    expect(callEndpoint).not.toHaveBeenCalledWith('updateCompanyEmbedding', expect.anything());
  });
});
