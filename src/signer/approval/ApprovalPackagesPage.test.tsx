import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApprovalPackagesPage } from './ApprovalPackagesPage';
import type { AutoSignStatus } from './approvalApi';

const TOKEN = `12.${'a'.repeat(43)}`;

const pending: AutoSignStatus = {
  title: 'Contrato de suministro',
  company: 'Andina Firmas',
  approver: 'Elena Prueba',
  auto_sign_status: 'pending',
  status: 'in_progress',
  ready: true,
  signers: [{ name: 'Gabriel Cliente', status: 'signed', signed_at: '2026-11-20T14:00:00.000Z' }],
  documents: [{ name: 'Contrato (1)', pages: 3 }],
  signature_image: 'data:image/png;base64,iVBORw0KGgo=',
};

function fakeFetch(...replies: { status: number; json: unknown }[]) {
  const bodies: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      bodies.push({ url, body: JSON.parse(String(init.body)) });
      const reply = replies.shift() ?? { status: 500, json: {} };
      return new Response(JSON.stringify(reply.json), { status: reply.status });
    }),
  );
  return bodies;
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/approval_packages');
});

describe('ApprovalPackagesPage', () => {
  it('shows what will be signed and approves with the link’s token', async () => {
    window.history.replaceState(null, '', `/approval_packages?token=${TOKEN}`);
    const calls = fakeFetch(
      { status: 200, json: { data: pending } },
      {
        status: 200,
        json: {
          data: { ...pending, auto_sign_status: 'approved', status: 'completed' },
          message: 'Firma automática aprobada',
        },
      },
    );
    render(<ApprovalPackagesPage />);
    expect(await screen.findByText('Contrato de suministro')).toBeTruthy();
    expect(screen.getByText(/Andina Firmas firmará automáticamente/)).toBeTruthy();
    expect(screen.getByAltText('Firma que se aplicará')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Aprobar y firmar' }));
    expect(await screen.findByText('Firma automática aprobada')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Aprobar y firmar' })).toBeNull();
    expect(calls).toEqual([
      { url: '/api/check_status_auto_sign_request', body: { token: TOKEN } },
      { url: '/api/approve_or_reject_auto_sign_request', body: { token: TOKEN, approve: true } },
    ]);
  });

  it('rejects with the reason typed', async () => {
    window.history.replaceState(null, '', `/approval_packages?token=${TOKEN}`);
    const calls = fakeFetch(
      { status: 200, json: { data: pending } },
      { status: 200, json: { data: { ...pending, auto_sign_status: 'rejected', status: 'rejected' } } },
    );
    render(<ApprovalPackagesPage />);
    await userEvent.type(await screen.findByLabelText('Motivo del rechazo (opcional)'), 'Valor errado');
    await userEvent.click(screen.getByRole('button', { name: 'Rechazar' }));
    expect(await screen.findByText('Usted rechazó la firma automática.')).toBeTruthy();
    expect(calls[1]!.body).toEqual({ token: TOKEN, approve: false, reason: 'Valor errado' });
  });

  it('says the link is invalid, in Spanish, when the server does', async () => {
    window.history.replaceState(null, '', `/approval_packages?token=${TOKEN}`);
    fakeFetch({ status: 404, json: { message: 'El enlace de aprobación no es válido' } });
    render(<ApprovalPackagesPage />);
    expect(await screen.findByText('El enlace de aprobación no es válido')).toBeTruthy();
  });
});
