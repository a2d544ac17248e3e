import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SigningView } from './api';
import { SignRequestPage } from './SignRequestPage';

const TOKEN = 'T'.repeat(43);

const view = (overrides: Partial<SigningView> = {}): SigningView => ({
  request_id: 4,
  title: 'Contrato de arriendo',
  message: null,
  company: 'Andina Firmas',
  status: 'in_progress',
  expires_at: '2030-01-01T00:00:00.000Z',
  your_turn: true,
  signer: {
    name: 'Ana Firmante',
    status: 'invited',
    authentication: [],
    email: 'an••••@c•••.test',
    phone: null,
    authenticated: true,
    code_locked: false,
    channels: [],
  },
  documents: [
    {
      id: 9,
      name: 'Contrato (1)',
      page_count: 1,
      pages: [{ width: 595, height: 842, svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' }],
      boxes: [{ field: 'firma_1', kind: 'signature', page: 1, x: 50, y: 100, width: 150, height: 40 }],
    },
  ],
  consent: { version: 'consentimiento-2026-01', text: 'Acepto firmar electrónicamente estos documentos.' },
  rejection_reasons: ['Los datos no son correctos'],
  ...overrides,
});

/** A server stand-in answering each endpoint from a table and recording the bodies. */
function serve(replies: Record<string, { status?: number; body: unknown }>) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const path = url.replace('/api/', '');
    calls.push({ path, body: JSON.parse(String(init.body)) });
    const reply = replies[path] ?? { body: { data: {} } };
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200 });
  });
  return calls;
}

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={[`/signature-request/${TOKEN}`]}>
      <Routes>
        <Route path="/signature-request/:token" element={<SignRequestPage />} />
      </Routes>
    </MemoryRouter>,
  );

describe('SignRequestPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the pages, marks the opening, and signs with a typed signature after the consent', async () => {
    const calls = serve({
      verify_token_sign_request: { body: { data: view() } },
      do_sign_request: { body: { data: { status: 'signed', request_status: 'completed' } } },
    });
    renderPage();
    expect(await screen.findByRole('img', { name: 'Contrato (1), página 1 de 1' })).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.map((call) => call.path)).toContain('send_notification_attempt_open_document'),
    );
    const user = userEvent.setup();
    const sign = await screen.findByRole('button', { name: 'Firmar' });
    expect(sign).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Acepto firmar electrónicamente' }));
    await user.click(screen.getByRole('tab', { name: 'Escribir' }));
    expect(screen.getByLabelText('Escriba su nombre como firma')).toHaveValue('Ana Firmante');
    await user.click(sign);
    expect(await screen.findByText(/Todos firmaron/)).toBeInTheDocument();
    const signCall = calls.find((call) => call.path === 'do_sign_request')!;
    expect(signCall.body).toMatchObject({
      token: TOKEN,
      consent_version: 'consentimiento-2026-01',
      signature: { kind: 'typed', text: 'Ana Firmante' },
    });
  });

  it('tells the signer the last minute of the last day to sign', async () => {
    serve({
      verify_token_sign_request: { body: { data: view({ expires_at: '2026-12-28T04:59:59.999Z' }) } },
    });
    renderPage();
    expect(
      await screen.findByText(
        (text) => text.replace(/\s/g, ' ') === 'Puede firmar hasta el 27/12/2026, 11:59 p. m.',
      ),
    ).toBeInTheDocument();
  });

  it('asks for the e-mailed code before signing when the request requires it', async () => {
    const calls = serve({
      verify_token_sign_request: {
        body: {
          data: view({
            signer: {
              ...view().signer,
              authentication: ['email_otp'],
              authenticated: false,
              channels: ['email'],
            },
          }),
        },
      },
      send_code: {
        body: { data: { channel: 'email', sent_to: 'an••••@c•••.test', expires_in_seconds: 600 } },
      },
      validate_code: { body: { data: { channel: 'email', sent_to: 'an••••@c•••.test' } } },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Enviar código' }));
    await user.type(await screen.findByLabelText('Código de 6 dígitos'), '12a3456');
    await user.click(screen.getByRole('button', { name: 'Verificar código' }));
    expect(await screen.findByText('Identidad verificada')).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'validate_code')!.body).toEqual({
      token: TOKEN,
      code: '123456',
    });
  });

  const codeView = (locked: boolean) =>
    view({
      signer: {
        ...view().signer,
        authentication: ['email_otp'],
        authenticated: false,
        code_locked: locked,
        channels: ['email'],
      },
    });

  it('shows a locked link as such and what to do, without offering codes', async () => {
    serve({ verify_token_sign_request: { body: { data: codeView(true) } } });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('este enlace quedó bloqueado');
    expect(alert).toHaveTextContent('Pídale al remitente que le reenvíe la solicitud');
    expect(screen.queryByRole('button', { name: 'Enviar código' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Firmar' })).toBeDisabled();
  });

  it('turns to the locked state when the fifth wrong code locks the link', async () => {
    const locked =
      'Se superó el número de intentos permitidos. El enlace quedó bloqueado hasta que el remitente reenvíe la solicitud';
    const calls = serve({
      verify_token_sign_request: { body: { data: codeView(false) } },
      send_code: {
        body: { data: { channel: 'email', sent_to: 'an••••@c•••.test', expires_in_seconds: 600 } },
      },
      validate_code: { status: 429, body: { message: locked } },
      verify_token_user: { body: { data: { signer: codeView(true).signer, pending: [] } } },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Enviar código' }));
    await user.type(await screen.findByLabelText('Código de 6 dígitos'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verificar código' }));
    expect(await screen.findByText(/Pídale al remitente/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Código de 6 dígitos')).not.toBeInTheDocument();
    expect(calls.map((call) => call.path)).toContain('verify_token_user');
  });

  it('keeps offering codes after a 429 of the per-address limit', async () => {
    serve({
      verify_token_sign_request: { body: { data: codeView(false) } },
      send_code: {
        status: 429,
        body: { message: 'Demasiadas solicitudes. Intente de nuevo en 60 segundos' },
      },
      verify_token_user: { body: { data: { signer: codeView(false).signer, pending: [] } } },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Demasiadas solicitudes');
    expect(screen.getByRole('button', { name: 'Enviar código' })).toBeInTheDocument();
    expect(screen.queryByText(/Pídale al remitente/)).not.toBeInTheDocument();
  });

  it('rejects with one of the company reasons', async () => {
    const calls = serve({ verify_token_sign_request: { body: { data: view() } } });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rechazar la solicitud' }));
    await user.click(screen.getByRole('radio', { name: 'Los datos no son correctos' }));
    await user.click(screen.getByRole('button', { name: 'Confirmar rechazo' }));
    expect(await screen.findByText(/Registramos su rechazo/)).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'do_reject_sign_request')!.body).toEqual({
      token: TOKEN,
      reason: 'Los datos no son correctos',
    });
  });

  it('says when it is not yet their turn, and shows the server message of a closed link', async () => {
    serve({ verify_token_sign_request: { body: { data: view({ your_turn: false }) } } });
    const { unmount } = renderPage();
    expect(await screen.findByText(/Aún no es su turno/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Firmar' })).not.toBeInTheDocument();
    unmount();
    vi.unstubAllGlobals();
    const cancelled = {
      status: 410,
      body: { message: 'La solicitud de firma fue cancelada; el enlace ya no sirve' },
    };
    serve({ verify_token_sign_request: cancelled, signed_request_documents: cancelled });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('fue cancelada');
    expect(screen.queryByRole('link', { name: /Descargar documento firmado/ })).not.toBeInTheDocument();
  });

  const finished = {
    status: 410,
    body: { message: 'La solicitud de firma ya terminó; no hay nada pendiente' },
  };
  const signedView = (
    sealStatus: 'pending' | 'sealed',
    documents = [{ id: 9, name: 'Contrato (1)', page_count: 1 }],
  ) => ({
    body: {
      data: {
        request_id: 4,
        title: 'Contrato de arriendo',
        company: 'Andina Firmas',
        seal_status: sealStatus,
        documents,
      },
    },
  });

  it('offers the sealed document of a completed request instead of only saying it is over', async () => {
    const calls = serve({
      verify_token_sign_request: finished,
      signed_request_documents: signedView('sealed'),
    });
    renderPage();
    const download = await screen.findByRole('link', { name: 'Descargar documento firmado' });
    expect(download).toHaveAttribute('href', `/api/signed_request_document?token=${TOKEN}&document_id=9`);
    expect(screen.getByRole('heading', { level: 1, name: 'Contrato de arriendo' })).toBeInTheDocument();
    expect(screen.getByText('La solicitud de Andina Firmas terminó: todos firmaron.')).toBeInTheDocument();
    expect(screen.queryByText(/ya terminó; no hay nada pendiente/)).not.toBeInTheDocument();
    expect(calls.find((call) => call.path === 'signed_request_documents')!.body).toEqual({ token: TOKEN });
  });

  it('names each document when there are several', async () => {
    serve({
      verify_token_sign_request: finished,
      signed_request_documents: signedView('sealed', [
        { id: 9, name: 'Contrato (1)', page_count: 1 },
        { id: 10, name: 'Anexo (2)', page_count: 2 },
      ]),
    });
    renderPage();
    expect(
      await screen.findByRole('link', { name: 'Descargar documento firmado: Anexo (2)' }),
    ).toHaveAttribute('href', `/api/signed_request_document?token=${TOKEN}&document_id=10`);
    expect(
      screen.getByRole('link', { name: 'Descargar documento firmado: Contrato (1)' }),
    ).toBeInTheDocument();
  });

  it('says the document is being sealed, then offers it once it is', async () => {
    const replies = { verify_token_sign_request: finished, signed_request_documents: signedView('pending') };
    serve(replies);
    renderPage();
    expect(await screen.findByRole('status')).toHaveTextContent('El documento se está sellando');
    expect(screen.queryByRole('link', { name: 'Descargar documento firmado' })).not.toBeInTheDocument();
    replies.signed_request_documents = signedView('sealed');
    expect(
      await screen.findByRole('link', { name: 'Descargar documento firmado' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/se está sellando/)).not.toBeInTheDocument();
  }, 30_000);
});
