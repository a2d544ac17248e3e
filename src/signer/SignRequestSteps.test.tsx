import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderSignRequestPage, screenWidth, serveSigning, signingView, TOKEN } from './signingTestKit';

/** The signer's page on a 390 px phone: one step at a time. */

const consentBox = () => screen.getByRole('checkbox', { name: 'Acepto firmar electrónicamente' });
const next = () => screen.getByRole('button', { name: 'Siguiente' });
const back = () => screen.getByRole('button', { name: 'Atrás' });

describe('SignRequestPage on a phone', () => {
  beforeEach(() => screenWidth(390));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows one step at a time, keeps what was done when going back, and signs from the confirmation', async () => {
    const calls = serveSigning({
      verify_token_sign_request: { body: { data: signingView() } },
      do_sign_request: { body: { data: { status: 'signed', request_status: 'completed' } } },
    });
    renderSignRequestPage();
    const user = userEvent.setup();
    expect(await screen.findByText('Paso 1 de 4')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Contrato (1), página 1 de 1' })).toBeInTheDocument();
    expect(await screen.findByText('Página 1 de 1')).toBeInTheDocument();
    expect(
      screen.queryByRole('checkbox', { name: 'Acepto firmar electrónicamente' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Su firma' })).not.toBeInTheDocument();
    expect(back()).toBeDisabled();

    await user.click(next());
    expect(screen.getByText('Paso 2 de 4')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Contrato (1), página 1 de 1' })).not.toBeInTheDocument();
    expect(next()).toBeDisabled();
    expect(screen.getByText('Acepte firmar electrónicamente para continuar')).toBeInTheDocument();
    await user.click(consentBox());
    await user.click(back());
    expect(screen.getByText('Paso 1 de 4')).toBeInTheDocument();
    await user.click(next());
    expect(consentBox()).toBeChecked();

    await user.click(next());
    expect(screen.getByText('Paso 3 de 4')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Su firma' })).toBeInTheDocument();
    expect(next()).toBeDisabled();
    expect(screen.getByText('Firme para continuar')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Escribir' }));
    await user.click(next());
    expect(screen.getByText('Paso 4 de 4')).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Confirme y firme' });
    expect(summary).toHaveTextContent('Contrato (1)');
    expect(summary).toHaveTextContent('Firmará como Ana Firmante, con su firma escrita.');
    await user.click(back());
    expect(screen.getByLabelText('Escriba su nombre como firma')).toHaveValue('Ana Firmante');
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Firmar' }));
    expect(await screen.findByText(/Todos firmaron/)).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'do_sign_request')!.body).toMatchObject({
      token: TOKEN,
      signature: { kind: 'typed', text: 'Ana Firmante' },
    });
  });

  it('gives each identity check the request asks a step of its own', async () => {
    serveSigning({
      verify_token_sign_request: {
        body: {
          data: signingView({
            signer: {
              ...signingView().signer,
              authentication: ['email_otp', 'selfie'],
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
    expect(await screen.findByText('Paso 1 de 6')).toBeInTheDocument();
    await user.click(next());
    await user.click(consentBox());
    await user.click(next());
    expect(screen.getByText('Paso 3 de 6')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Verifique su identidad' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Foto de verificación' })).not.toBeInTheDocument();
    expect(next()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    await user.type(await screen.findByLabelText('Código de 6 dígitos'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verificar código' }));
    expect(await screen.findByText('Identidad verificada')).toBeInTheDocument();
    await user.click(next());
    expect(screen.getByText('Paso 4 de 6')).toBeInTheDocument();
    const selfie = screen.getByRole('region', { name: 'Foto de verificación' });
    expect(within(selfie).getByRole('button', { name: 'Usar la cámara' })).toBeDisabled();
    expect(screen.queryByRole('heading', { name: 'Verifique su identidad' })).not.toBeInTheDocument();
    expect(next()).toBeDisabled();
    expect(screen.getByText('Registre la foto para continuar')).toBeInTheDocument();
  });

  it('takes no photo before the camera shows a frame, and turns it off when the signer leaves the step', async () => {
    const stop = vi.fn();
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: async () => ({ getTracks: () => [{ stop }] }) },
    });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    serveSigning({
      verify_token_sign_request: {
        body: {
          data: signingView({
            signer: { ...signingView().signer, authentication: ['selfie'], authenticated: false },
          }),
        },
      },
    });
    renderSignRequestPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Siguiente' }));
    await user.click(consentBox());
    await user.click(next());
    await user.click(screen.getByRole('checkbox', { name: /Autorizo tomar y guardar una foto/ }));
    await user.click(screen.getByRole('button', { name: 'Usar la cámara' }));
    // No photo before the camera's first frame: it would be black, and refused as faceless.
    const shutter = await screen.findByRole('button', { name: 'Tomar foto' });
    expect(shutter).toBeDisabled();
    fireEvent.loadedData(screen.getByLabelText('Vista de la cámara'));
    expect(shutter).toBeEnabled();
    expect(stop).not.toHaveBeenCalled();
    await user.click(back());
    expect(stop).toHaveBeenCalled();
    await user.click(next());
    expect(screen.getByRole('button', { name: 'Usar la cámara' })).toBeEnabled();
  });

  it('keeps what was done when the screen crosses to the desktop layout and back', async () => {
    const screenSize = screenWidth(390);
    serveSigning({ verify_token_sign_request: { body: { data: signingView() } } });
    renderSignRequestPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Siguiente' }));
    await user.click(consentBox());
    await user.click(next());
    await user.click(screen.getByRole('tab', { name: 'Escribir' }));
    act(() => screenSize.resize(1440));
    expect(screen.queryByText(/^Paso \d+ de \d+$/)).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Contrato (1), página 1 de 1' })).toBeInTheDocument();
    expect(consentBox()).toBeChecked();
    expect(screen.getByLabelText('Escriba su nombre como firma')).toHaveValue('Ana Firmante');
    expect(screen.getByRole('button', { name: 'Firmar' })).toBeEnabled();
    act(() => screenSize.resize(390));
    expect(screen.getByText('Paso 3 de 4')).toBeInTheDocument();
    expect(screen.getByLabelText('Escriba su nombre como firma')).toHaveValue('Ana Firmante');
  });

  it('pages through several documents one page at a time', async () => {
    const page = { width: 595, height: 842, svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' };
    serveSigning({
      verify_token_sign_request: {
        body: {
          data: signingView({
            documents: [
              { id: 9, name: 'Contrato (1)', page_count: 2, pages: [page, page], boxes: [] },
              { id: 10, name: 'Anexo (2)', page_count: 1, pages: [page], boxes: [] },
            ],
          }),
        },
      },
    });
    renderSignRequestPage();
    const user = userEvent.setup();
    expect(await screen.findByText('Página 1 de 2')).toBeInTheDocument();
    expect(screen.getByText('Documento 1 de 2')).toBeInTheDocument();
    const previous = screen.getByRole('button', { name: 'Página anterior' });
    const following = screen.getByRole('button', { name: 'Página siguiente' });
    expect(previous).toBeDisabled();
    await user.click(following);
    expect(screen.getByRole('img', { name: 'Contrato (1), página 2 de 2' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Contrato (1), página 1 de 2' })).not.toBeInTheDocument();
    await user.click(following);
    expect(screen.getByRole('img', { name: 'Anexo (2), página 1 de 1' })).toBeInTheDocument();
    expect(screen.getByText('Documento 2 de 2')).toBeInTheDocument();
    expect(following).toBeDisabled();
    await user.click(previous);
    expect(screen.getByText('Página 2 de 2')).toBeInTheDocument();
  });
});
