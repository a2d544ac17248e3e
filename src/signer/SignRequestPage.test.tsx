import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignRequestPage, serveSigning, signingView, TOKEN } from './signingTestKit';

describe('SignRequestPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the pages, marks the opening, and signs with a typed signature after the consent', async () => {
    const calls = serveSigning({
      verify_token_sign_request: { body: { data: signingView() } },
      do_sign_request: { body: { data: { status: 'signed', request_status: 'completed' } } },
    });
    renderSignRequestPage();
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
    serveSigning({
      verify_token_sign_request: { body: { data: signingView({ expires_at: '2026-12-28T04:59:59.999Z' }) } },
    });
    renderSignRequestPage();
    expect(
      await screen.findByText(
        (text) => text.replace(/\s/g, ' ') === 'Puede firmar hasta el 27/12/2026, 11:59 p. m.',
      ),
    ).toBeInTheDocument();
  });

  it('asks for the e-mailed code before signing when the request requires it', async () => {
    const calls = serveSigning({
      verify_token_sign_request: {
        body: {
          data: signingView({
            signer: {
              ...signingView().signer,
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
    renderSignRequestPage();
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
    signingView({
      signer: {
        ...signingView().signer,
        authentication: ['email_otp'],
        authenticated: false,
        code_locked: locked,
        channels: ['email'],
      },
    });

  it('shows a locked link as such and what to do, without offering codes', async () => {
    serveSigning({ verify_token_sign_request: { body: { data: codeView(true) } } });
    renderSignRequestPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('este enlace quedó bloqueado');
    expect(alert).toHaveTextContent('Pídale al remitente que le reenvíe la solicitud');
    expect(screen.queryByRole('button', { name: 'Enviar código' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Firmar' })).toBeDisabled();
  });

  it('turns to the locked state when the fifth wrong code locks the link', async () => {
    const locked =
      'Se superó el número de intentos permitidos. El enlace quedó bloqueado hasta que el remitente reenvíe la solicitud';
    const calls = serveSigning({
      verify_token_sign_request: { body: { data: codeView(false) } },
      send_code: {
        body: { data: { channel: 'email', sent_to: 'an••••@c•••.test', expires_in_seconds: 600 } },
      },
      validate_code: { status: 429, body: { message: locked } },
      verify_token_user: { body: { data: { signer: codeView(true).signer, pending: [] } } },
    });
    renderSignRequestPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Enviar código' }));
    await user.type(await screen.findByLabelText('Código de 6 dígitos'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verificar código' }));
    expect(await screen.findByText(/Pídale al remitente/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Código de 6 dígitos')).not.toBeInTheDocument();
    expect(calls.map((call) => call.path)).toContain('verify_token_user');
  });

  it('keeps offering codes after a 429 of the per-address limit', async () => {
    serveSigning({
      verify_token_sign_request: { body: { data: codeView(false) } },
      send_code: {
        status: 429,
        body: { message: 'Demasiadas solicitudes. Intente de nuevo en 60 segundos' },
      },
      verify_token_user: { body: { data: { signer: codeView(false).signer, pending: [] } } },
    });
    renderSignRequestPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Demasiadas solicitudes');
    expect(screen.getByRole('button', { name: 'Enviar código' })).toBeInTheDocument();
    expect(screen.queryByText(/Pídale al remitente/)).not.toBeInTheDocument();
  });

  const openRejection = async (reasons: string[]) => {
    const calls = serveSigning({
      verify_token_sign_request: { body: { data: signingView({ rejection_reasons: reasons }) } },
    });
    renderSignRequestPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rechazar la solicitud' }));
    const reasonList = screen.getByRole('radiogroup', { name: '¿Por qué rechaza la solicitud?' });
    const confirm = screen.getByRole('button', { name: 'Confirmar rechazo' });
    return { calls, user, reasonList, confirm };
  };

  it('rejects with one of the company reasons, none of them chosen beforehand', async () => {
    const { calls, user, reasonList, confirm } = await openRejection([
      'Los datos no son correctos',
      'No reconozco esta solicitud',
      'Otro motivo',
    ]);
    const radios = within(reasonList).getAllByRole('radio');
    // The company's «Otro motivo» is the written one, offered once, last.
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Los datos no son correctos',
      'No reconozco esta solicitud',
      'Otro motivo',
    ]);
    expect(radios.filter((radio) => (radio as HTMLInputElement).checked)).toEqual([]);
    expect(confirm).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'No reconozco esta solicitud' }));
    expect(screen.queryByRole('textbox', { name: /Motivo del rechazo/ })).not.toBeInTheDocument();
    await user.click(confirm);
    expect(await screen.findByText(/Registramos su rechazo/)).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'do_reject_sign_request')!.body).toEqual({
      token: TOKEN,
      reason: 'No reconozco esta solicitud',
    });
  });

  it('asks for the signer’s own words only for «Otro motivo», and sends them as the reason', async () => {
    const { calls, user, confirm } = await openRejection(['Los datos no son correctos']);
    await user.click(screen.getByRole('radio', { name: 'Otro motivo' }));
    const written = screen.getByRole('textbox', { name: /Motivo del rechazo/ });
    expect(written).toBeRequired();
    expect(confirm).toBeDisabled();
    await user.type(written, 'No');
    expect(confirm).toBeDisabled();
    await user.type(written, ' es el precio acordado');
    expect(confirm).toBeEnabled();
    await user.click(screen.getByRole('radio', { name: 'Los datos no son correctos' }));
    expect(screen.queryByRole('textbox', { name: /Motivo del rechazo/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Otro motivo' }));
    expect(screen.getByRole('textbox', { name: /Motivo del rechazo/ })).toHaveValue(
      'No es el precio acordado',
    );
    await user.click(confirm);
    expect(await screen.findByText(/Registramos su rechazo/)).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'do_reject_sign_request')!.body).toEqual({
      token: TOKEN,
      reason: 'No es el precio acordado',
    });
  });

  it('says when it is not yet their turn, and shows the server message of a closed link', async () => {
    serveSigning({ verify_token_sign_request: { body: { data: signingView({ your_turn: false }) } } });
    const { unmount } = renderSignRequestPage();
    expect(await screen.findByText(/Aún no es su turno/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Firmar' })).not.toBeInTheDocument();
    unmount();
    vi.unstubAllGlobals();
    const cancelled = {
      status: 410,
      body: { message: 'La solicitud de firma fue cancelada; el enlace ya no sirve' },
    };
    serveSigning({ verify_token_sign_request: cancelled, signed_request_documents: cancelled });
    renderSignRequestPage();
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
    const calls = serveSigning({
      verify_token_sign_request: finished,
      signed_request_documents: signedView('sealed'),
    });
    renderSignRequestPage();
    const download = await screen.findByRole('link', { name: 'Descargar documento firmado' });
    expect(download).toHaveAttribute('href', `/api/signed_request_document?token=${TOKEN}&document_id=9`);
    expect(screen.getByRole('heading', { level: 1, name: 'Contrato de arriendo' })).toBeInTheDocument();
    expect(screen.getByText('La solicitud de Andina Firmas terminó: todos firmaron.')).toBeInTheDocument();
    expect(screen.queryByText(/ya terminó; no hay nada pendiente/)).not.toBeInTheDocument();
    expect(calls.find((call) => call.path === 'signed_request_documents')!.body).toEqual({ token: TOKEN });
  });

  it('names each document when there are several', async () => {
    serveSigning({
      verify_token_sign_request: finished,
      signed_request_documents: signedView('sealed', [
        { id: 9, name: 'Contrato (1)', page_count: 1 },
        { id: 10, name: 'Anexo (2)', page_count: 2 },
      ]),
    });
    renderSignRequestPage();
    expect(
      await screen.findByRole('link', { name: 'Descargar documento firmado: Anexo (2)' }),
    ).toHaveAttribute('href', `/api/signed_request_document?token=${TOKEN}&document_id=10`);
    expect(
      screen.getByRole('link', { name: 'Descargar documento firmado: Contrato (1)' }),
    ).toBeInTheDocument();
  });

  it('says the document is being sealed, then offers it once it is', async () => {
    const replies = { verify_token_sign_request: finished, signed_request_documents: signedView('pending') };
    serveSigning(replies);
    renderSignRequestPage();
    expect(await screen.findByRole('status')).toHaveTextContent('El documento se está sellando');
    expect(screen.queryByRole('link', { name: 'Descargar documento firmado' })).not.toBeInTheDocument();
    replies.signed_request_documents = signedView('sealed');
    expect(
      await screen.findByRole('link', { name: 'Descargar documento firmado' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/se está sellando/)).not.toBeInTheDocument();
  }, 30_000);
});
