import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CertificateValidationPage } from './CertificateValidationPage';
import type { FileVerdict, RequestSummary } from './validationApi';

const summary: RequestSummary = {
  validation_code: 'K7QM-2XHD-9TRB',
  title: 'Contrato de arrendamiento',
  company: 'Andina Firmas',
  status: 'completed',
  seal_status: 'sealed',
  completed_at: '2026-11-20T15:00:00.000Z',
  sealed_at: '2026-11-20T15:00:05.000Z',
  audit_trail_intact: true,
  signers: [{ name: 'Ana Núñez', status: 'signed', signed_at: '2026-11-20T14:59:00.000Z' }],
  documents: [
    {
      name: 'Contrato (1)',
      pages: 2,
      status: 'intact',
      status_text: 'Íntegro: no ha cambiado desde que se firmó',
      sealed_sha256: 'ab'.repeat(32),
      timestamp: { time: '2026-11-20T15:00:04.000Z', authority: 'Rúbrica Sellado de Tiempo' },
    },
  ],
};

type Call = { url: string; body: Record<string, unknown> };

function fakeFetch(...replies: { status: number; json: unknown }[]) {
  const calls: Call[] = [];
  const fetcher = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, body: JSON.parse(String(init.body)) });
    const reply = replies.shift() ?? { status: 500, json: {} };
    return new Response(JSON.stringify(reply.json), { status: reply.status });
  });
  vi.stubGlobal('fetch', fetcher);
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/certificate_validation');
});

describe('CertificateValidationPage', () => {
  it('validates the code of the QR link at once and shows who signed and the timestamp', async () => {
    window.history.replaceState(null, '', '/certificate_validation?code=K7QM-2XHD-9TRB');
    const calls = fakeFetch({ status: 200, json: { data: summary } });
    render(<CertificateValidationPage />);
    expect(await screen.findByText('Contrato de arrendamiento')).toBeTruthy();
    expect(calls).toEqual([{ url: '/api/certificate_validation/code', body: { code: 'K7QM-2XHD-9TRB' } }]);
    expect(screen.getByText('Ana Núñez')).toBeTruthy();
    expect(screen.getByText('Íntegro: no ha cambiado desde que se firmó')).toBeTruthy();
    expect(screen.getByText(/Sello de tiempo: .* por Rúbrica Sellado de Tiempo/)).toBeTruthy();
    expect(screen.getByText('Registro de auditoría íntegro')).toBeTruthy();
  });

  it('shows the server’s Spanish message for an unknown code or too many tries', async () => {
    fakeFetch({ status: 429, json: { message: 'Demasiadas solicitudes. Intente de nuevo en 60 segundos' } });
    render(<CertificateValidationPage />);
    await userEvent.type(screen.getByLabelText('Código de validación'), 'AAAA-BBBB-CCCC');
    await userEvent.click(screen.getByRole('button', { name: 'Validar' }));
    expect(await screen.findByText('Demasiadas solicitudes. Intente de nuevo en 60 segundos')).toBeTruthy();
  });

  it('asks for the code instead of calling the server with an empty one', async () => {
    const calls = fakeFetch();
    render(<CertificateValidationPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Validar' }));
    expect(await screen.findByText('Escriba el código de validación del certificado')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('uploads a PDF as base64 and explains an altered verdict in plain Spanish', async () => {
    const verdict: FileVerdict = {
      status: 'altered',
      summary: 'El documento fue alterado: las firmas no garantizan su contenido actual.',
      problems: ['la firma no corresponde al contenido'],
      sha256: 'cd'.repeat(32),
      signatures: [
        {
          signer: 'Rúbrica Sello de Documentos',
          organization: 'Rúbrica',
          signed_at: null,
          timestamp: null,
          covers_whole_document: false,
          valid: false,
        },
      ],
      request: null,
    };
    const calls = fakeFetch({ status: 200, json: { data: verdict } });
    render(<CertificateValidationPage />);
    const file = new File(['%PDF-1.7 contenido'], 'contrato.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByLabelText('Archivo PDF a validar'), file);
    expect(await screen.findByText('Documento alterado')).toBeTruthy();
    expect(screen.getByText('la firma no corresponde al contenido')).toBeTruthy();
    expect(screen.getByText(/Firma no válida · sin sello de tiempo/)).toBeTruthy();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url).toBe('/api/certificate_validation/pdf');
    expect(atob(String(calls[0]!.body.content_base64))).toBe('%PDF-1.7 contenido');
    expect(calls[0]!.body.filename).toBe('contrato.pdf');
  });
});
