import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notification } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { renderWithAdmin } from '../test/harness';
import { SignatureSettingsPage } from './SignatureSettingsPage';

type Settings = {
  user_id: number;
  signature_image: string | null;
  certificate_allowed: boolean;
  certificate: { subject: string; issuer: string; valid_until: string; uploaded_at: string } | null;
};

function renderPage(initial: Settings, reply: (input: { body: Record<string, unknown> }) => Settings) {
  const callEndpoint = vi.fn(async (name: string, input: unknown) => {
    if (name === 'getUserSignature') return initial;
    if (name === 'updateSignature') return reply(input as { body: Record<string, unknown> });
    return {};
  });
  renderWithAdmin(
    <>
      <SignatureSettingsPage />
      <Notification />
    </>,
    { path: '/user/signature', dataProvider: { callEndpoint } },
  );
  return { callEndpoint, user: userEvent.setup() };
}

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('SignatureSettingsPage', () => {
  it('uploads the signature image as base64 and shows it; no certificate section below role 20', async () => {
    const { callEndpoint, user } = renderPage(
      { user_id: 7, signature_image: null, certificate_allowed: false, certificate: null },
      () => ({ user_id: 7, signature_image: PNG, certificate_allowed: false, certificate: null }),
    );
    expect(await screen.findByText('Aún no ha guardado una firma.')).toBeInTheDocument();
    expect(screen.queryByText('Certificado digital')).not.toBeInTheDocument();
    await user.upload(
      screen.getByLabelText('Imagen de firma'),
      new File(['imagen'], 'firma.png', { type: 'image/png' }),
    );
    expect(await screen.findByAltText('Su firma guardada')).toHaveAttribute('src', PNG);
    expect(await screen.findByText('Configuración de firma guardada')).toBeInTheDocument();
    expect(callEndpoint).toHaveBeenCalledWith('updateSignature', {
      id: 7,
      body: { signature_image: { filename: 'firma.png', content_base64: btoa('imagen') } },
    });
  });

  it('lets role 20 upload a PKCS#12 with its password and shows who it names', async () => {
    const certificate = {
      subject: 'Ana Administradora',
      issuer: 'Autoridad Certificadora',
      valid_until: '2027-11-24T00:00:00.000Z',
      uploaded_at: '2026-11-24T00:00:00.000Z',
    };
    const { callEndpoint, user } = renderPage(
      { user_id: 7, signature_image: null, certificate_allowed: true, certificate: null },
      () => ({ user_id: 7, signature_image: null, certificate_allowed: true, certificate }),
    );
    expect(await screen.findByText('No tiene un certificado guardado.')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Guardar certificado' });
    expect(save).toBeDisabled();
    await user.upload(
      screen.getByLabelText('Certificado PKCS#12'),
      new File(['p12'], 'firma.p12', { type: 'application/x-pkcs12' }),
    );
    await user.type(screen.getByLabelText('Contraseña del certificado'), 'Clave-2026');
    await user.click(save);
    expect(
      await screen.findByText(/Ana Administradora, emitido por Autoridad Certificadora/),
    ).toBeInTheDocument();
    expect(callEndpoint).toHaveBeenCalledWith('updateSignature', {
      id: 7,
      body: { certificate: { filename: 'firma.p12', content_base64: btoa('p12'), password: 'Clave-2026' } },
    });
    await waitFor(() => expect(screen.getByLabelText('Contraseña del certificado')).toHaveValue(''));
  });
});
