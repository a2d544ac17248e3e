import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { seededRoleUser, signInAs } from '../../test/fakes';
import { renderWithAdmin } from '../../test/harness';
import { RequestDetailPage } from './RequestDetailPage';
import { fakeApi, summary } from './requestHistoryFakes';

const detail = (status = 'in_progress') => ({
  ...summary(5, 'Contrato de arriendo', status),
  message: null,
  signing_order: 'sequential',
  reminder_days: 2,
  cancel_reason: status === 'cancelled' ? 'El cliente desistió' : null,
  validation_code: 'ABCD-1234',
  editable: true,
  documents: [
    { id: 51, position: 1, name: 'Contrato de arriendo (1)', page_count: 2, sealed: false, field_values: {} },
  ],
  signer_details: [
    {
      id: 61,
      number: 1,
      turn: 1,
      kind: 'signer',
      name: 'Ana Errada',
      email: 'ana@mal.test',
      phone: null,
      status: 'invited',
      token_round: 1,
      rejection_reason: null,
      invited_at: '2026-11-23T15:00:00.000Z',
      viewed_at: null,
      signed_at: null,
      rejected_at: null,
    },
    {
      id: 62,
      number: 2,
      turn: 2,
      kind: 'signer',
      name: 'Beto Espera',
      email: 'beto@correo.test',
      phone: null,
      status: 'waiting',
      token_round: 1,
      rejection_reason: null,
      invited_at: null,
      viewed_at: null,
      signed_at: null,
      rejected_at: null,
    },
  ],
  events: [
    {
      id: 1,
      sequence: 1,
      action: 'sent',
      signer_id: null,
      signer_name: null,
      signer_email: null,
      user_id: 7,
      user_name: 'Elena Prueba',
      details: { source: 'single', signers: 2, documents: [{ name: 'Contrato de arriendo (1)' }] },
      ip: null,
      at: '2026-11-23T15:00:00.000Z',
    },
    {
      id: 2,
      sequence: 2,
      action: 'invited',
      signer_id: 61,
      signer_name: 'Ana Errada',
      signer_email: 'ana@mal.test',
      user_id: null,
      user_name: null,
      details: {},
      ip: null,
      at: '2026-11-23T15:00:01.000Z',
    },
    {
      id: 3,
      sequence: 3,
      action: 'otp_validated',
      signer_id: 61,
      signer_name: 'Ana Errada',
      signer_email: 'ana@mal.test',
      user_id: null,
      user_name: null,
      details: { channel: 'email', destination: 'a***@mal.test', ip: '203.0.113.7' },
      ip: '203.0.113.7',
      at: '2026-11-23T15:10:00.000Z',
    },
    {
      id: 4,
      sequence: 4,
      action: 'selfie',
      signer_id: 61,
      signer_name: 'Ana Errada',
      signer_email: 'ana@mal.test',
      user_id: null,
      user_name: null,
      details: { sha256: 'ab'.repeat(32), consent: true },
      ip: '203.0.113.7',
      at: '2026-11-23T15:11:00.000Z',
    },
  ],
  emails: [
    {
      id: 9,
      kind: 'invitation',
      to: 'ana@mal.test',
      signer_id: 61,
      status: 'bounced',
      subject: 'Firme',
      error: '550',
      created_at: '2026-11-23T15:00:01.000Z',
      sent_at: null,
      opened_at: null,
    },
  ],
});

const renderDetail = (answer: Parameters<typeof fakeApi>[0]) => {
  const api = fakeApi(answer);
  renderWithAdmin(<RequestDetailPage />, {
    path: '/update-signature-request/update/5',
    route: '/update-signature-request/update/:id?',
    dataProvider: api.dataProvider,
  });
  return api;
};

describe('RequestDetailPage', () => {
  // The sender's actions show to whoever may call them: an operator here, unless a test says otherwise.
  beforeEach(() => {
    signInAs(seededRoleUser('Operador'));
  });

  it('without a request id keeps the screen title and points to the history', async () => {
    renderWithAdmin(<RequestDetailPage />, {
      path: '/update-signature-request/update',
      route: '/update-signature-request/update/:id?',
    });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Actualizar solicitud de firma',
    );
    expect(screen.getByRole('link', { name: 'Historial de solicitudes' })).toHaveAttribute(
      'href',
      '/list-signature-request',
    );
  });

  it('shows documents, signers with status, the timeline and the e-mails with delivery status', async () => {
    const api = renderDetail(() => detail());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Contrato de arriendo' }),
    ).toBeInTheDocument();
    expect(api.requests[0]).toMatchObject({ url: '/api/view_pdf_history', body: { request_id: 5 } });
    // Headed by the request's own title; its group is secondary information.
    expect(screen.getByTestId('request-group')).toHaveTextContent('Grupo de documentos: Contratos laborales');
    expect(screen.getByText('Contrato de arriendo (1)')).toBeInTheDocument();
    expect(screen.getByText('2 páginas')).toBeInTheDocument();
    expect(screen.getByText('Invitado')).toBeInTheDocument();
    expect(screen.getByText('En espera')).toBeInTheDocument();
    // The timeline reads as Spanish sentences with names, in Bogotá time; no action key shows.
    const timeline = screen.getByRole('heading', { name: 'Línea de tiempo' }).parentElement!;
    expect(
      within(timeline).getByText('Elena Prueba envió la solicitud a 2 firmantes con 1 documento'),
    ).toBeVisible();
    expect(
      within(timeline).getByText('Se envió a Ana Errada (ana@mal.test) la invitación a firmar'),
    ).toBeVisible();
    expect(
      within(timeline).getByText(
        'Ana Errada (ana@mal.test) verificó su identidad con un código enviado a a***@mal.test',
      ),
    ).toBeVisible();
    expect(
      within(timeline).getByText(
        'Ana Errada (ana@mal.test) se tomó una foto de verificación y autorizó su uso',
      ),
    ).toBeVisible();
    expect(within(timeline).getByText('23/11/2026, 10:11 a. m.')).toBeVisible();
    expect(timeline.textContent).not.toMatch(/\b(sent|invited|otp_validated)\b|selfie ·/);
    expect(screen.getByText('Invitación · ana@mal.test')).toBeInTheDocument();
    expect(screen.getByText('Rebotado')).toBeInTheDocument();
    // Only the signer holding a live link can be resent to.
    expect(screen.getByRole('button', { name: 'Reenviar a Ana Errada' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reenviar a Beto Espera' })).not.toBeInTheDocument();
  }, 60_000);

  it('offers an auditor no action their role may not call, and keeps the downloads', async () => {
    signInAs(seededRoleUser('Auditor'));
    renderDetail(() => detail());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Contrato de arriendo' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Invitado')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ampliar vencimiento' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar solicitud' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Reenviar/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Descargar' })).toHaveLength(2);
  }, 60_000);

  it('offers an operator extending, cancelling and resending', async () => {
    renderDetail(() => detail());
    expect(await screen.findByRole('button', { name: 'Ampliar vencimiento' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancelar solicitud' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reenviar a Ana Errada' })).toBeInTheDocument();
  }, 60_000);

  it('resends to a corrected address', async () => {
    const api = renderDetail((request) => (request.url === '/api/view_pdf_history' ? detail() : {}));
    await userEvent.click(await screen.findByRole('button', { name: 'Reenviar a Ana Errada' }));
    const dialog = await screen.findByRole('dialog');
    const email = within(dialog).getByRole('textbox', { name: /Correo electrónico/ });
    await userEvent.clear(email);
    await userEvent.type(email, 'ana@bien.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() =>
      expect(api.requests.find((request) => request.url === '/api/resend_signature_request')).toMatchObject({
        method: 'POST',
        body: { signer_id: 61, email: 'ana@bien.test' },
      }),
    );
  }, 60_000);

  it('asks for a reason before cancelling, then cancels with it', async () => {
    const api = renderDetail((request) => (request.url === '/api/view_pdf_history' ? detail() : {}));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar solicitud' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(within(dialog).getByText('Campo requerido')).toBeInTheDocument();
    expect(api.requests.some((request) => request.url === '/api/cancel_signature_request')).toBe(false);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'El cliente desistió');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() =>
      expect(api.requests.find((request) => request.url === '/api/cancel_signature_request')).toMatchObject({
        body: { request_id: 5, reason: 'El cliente desistió' },
      }),
    );
  }, 60_000);

  it('shows the reason next to the signer who rejected', async () => {
    const base = detail('rejected');
    const [first, second] = base.signer_details;
    const rejected = {
      ...base,
      signer_details: [
        {
          ...first!,
          status: 'rejected',
          rejection_reason: 'El valor del contrato no es el acordado',
          rejected_at: '2026-11-23T16:00:00.000Z',
        },
        second!,
      ],
    };
    renderDetail(() => rejected);
    const signer = (await screen.findByText('1. Ana Errada')).closest('li')!;
    expect(within(signer).getByText('Rechazó')).toBeInTheDocument();
    expect(
      within(signer).getByText('Motivo del rechazo: El valor del contrato no es el acordado'),
    ).toBeInTheDocument();
    const waiting = screen.getByText('2. Beto Espera').closest('li')!;
    expect(within(waiting).queryByText(/Motivo del rechazo/)).not.toBeInTheDocument();
  }, 60_000);

  it('shows why the documents of a completed request could not be sealed', async () => {
    const reason =
      'No se pudo generar el documento: el generador de PDF falló con este documento y se reinició; revise el texto';
    renderDetail(() => {
      const completed = detail('completed');
      return {
        ...completed,
        events: [
          ...completed.events,
          {
            id: 3,
            sequence: 3,
            action: 'seal_failed',
            signer_id: null,
            signer_name: null,
            user_id: null,
            details: { reason },
            ip: null,
            at: '2026-11-23T16:00:00.000Z',
          },
        ],
      };
    });
    expect(
      await screen.findByText(`No se pudieron sellar los documentos. Motivo: «${reason}»`),
    ).toBeInTheDocument();
  }, 60_000);

  it('reads the deadline as the last minute of the last day and extends it by a last day', async () => {
    // Last day 27/12/2099: stored as 23:59:59.999 COT of that day.
    const api = renderDetail((request) =>
      request.url === '/api/view_pdf_history' ? { ...detail(), expires_at: '2099-12-28T04:59:59.999Z' } : {},
    );
    expect(await screen.findByText(/Vence el 27\/12\/2099, 11:59 p\. m\./)).toBeInTheDocument();
    expect(screen.queryByText(/28\/12\/2099/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ampliar vencimiento' }));
    const dialog = await screen.findByRole('dialog');
    const day = within(dialog).getByLabelText(/Nuevo último día para firmar/);
    expect(day).toHaveValue('2100-01-03');
    expect(within(dialog).getByText(/hasta las 11:59 p\. m\./)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() =>
      expect(api.requests.find((request) => request.url === '/api/extend_time_limit')).toMatchObject({
        body: { request_id: 5, expires_at: '2100-01-03' },
      }),
    );
  }, 60_000);

  it('offers no cancel or resend once a request is cancelled, and shows the reason', async () => {
    renderDetail(() => detail('cancelled'));
    expect(await screen.findByText('Motivo de cancelación: El cliente desistió')).toBeInTheDocument();
    expect(screen.getByText('Cancelada')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar solicitud' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reenviar a Ana Errada' })).not.toBeInTheDocument();
  }, 60_000);
});
