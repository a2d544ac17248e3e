import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PdfField, PdfTemplateRecord } from '../../../contract/endpoints/pdfRequests';
import { fakeToken, fakeUser } from '../../test/fakes';
import { renderWithAdmin } from '../../test/harness';
import { BulkPdfRequestsPage } from './BulkPdfRequestsPage';
import { PdfFieldEditor } from './PdfFieldEditor';
import { SinglePdfRequestPage } from './SinglePdfRequestPage';

const A4 = { width: 595, height: 842 };

function record(id: number, name: string, pages = [A4]): PdfTemplateRecord {
  return {
    id,
    company_id: 3,
    name,
    sha256: 'a'.repeat(64),
    page_count: pages.length,
    pages,
    fields: [],
    signers: [{ number: 1, label: 'Firmante 1' }],
    batch_id: null,
    send: null,
    created_at: '2026-11-24T12:00:00.000Z',
    updated_at: '2026-11-24T12:00:00.000Z',
  };
}

/** The editor with its state, reporting every change. */
function EditorHarness({ onFields }: { onFields: (fields: PdfField[]) => void }) {
  const [fields, setFields] = useState<PdfField[]>([]);
  return (
    <PdfFieldEditor
      pages={[A4, { width: 792, height: 612 }]}
      file={null}
      fields={fields}
      signers={[
        { number: 1, label: 'Ana Arrendadora' },
        { number: 2, label: 'Beto Arrendatario' },
      ]}
      onChange={(next) => {
        setFields(next);
        onFields(next);
      }}
    />
  );
}

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('PDF field editor', { timeout: 60_000 }, () => {
  it('places fields by click and by button, then moves, resizes and removes them with the keyboard', async () => {
    const user = userEvent.setup();
    const onFields = vi.fn();
    renderWithAdmin(<EditorHarness onFields={onFields} />);
    const latest = () => onFields.mock.lastCall![0] as PdfField[];

    const firstPage = screen.getByRole('region', { name: 'Página 1 de 2' });
    fireEvent.click(firstPage.querySelector('[data-page="1"]')!, { clientX: 200, clientY: 100 });
    expect(latest()).toHaveLength(1);
    expect(latest()[0]).toMatchObject({ field: 'firma_1_1', kind: 'signature', signer: 1, page: 1 });

    // Initials for the second signer, on page 2, through the keyboard's button.
    await user.click(screen.getByRole('button', { name: 'Iniciales' }));
    await user.click(screen.getByRole('combobox', { name: 'Para' }));
    await user.click(screen.getByRole('option', { name: 'Beto Arrendatario' }));
    await user.click(screen.getByRole('button', { name: 'Iniciales · Página 2 de 2' }));
    const initials = latest()[1]!;
    expect(initials).toMatchObject({ field: 'iniciales_2_1', signer: 2, page: 2, width: 70, height: 36 });
    // Centred on the landscape page, in PDF points from the bottom-left corner.
    expect(initials.x).toBeCloseTo(396 - 35);
    expect(initials.y).toBeCloseTo(306 - 18);

    const box = screen.getByRole('button', { name: 'Iniciales de Beto Arrendatario, página 2' });
    box.focus();
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(latest()[1]).toMatchObject({ x: initials.x + 2, y: initials.y - 2 });
    await user.keyboard('{Shift>}{ArrowRight}{ArrowDown}{/Shift}');
    // Taller downwards: the top edge stays, so y drops by the growth.
    expect(latest()[1]).toMatchObject({ width: 72, height: 38, y: initials.y - 4 });
    expect(box).toHaveAccessibleDescription(/Las flechas mueven el campo/);

    // Reassign the selected field, then delete it with the keyboard.
    const panel = screen.getByRole('region', { name: 'Campo seleccionado' });
    await user.click(within(panel).getByRole('combobox', { name: 'Firmante' }));
    await user.click(screen.getByRole('option', { name: 'Ana Arrendadora' }));
    expect(latest()[1]).toMatchObject({ signer: 1 });
    screen.getByRole('button', { name: 'Iniciales de Ana Arrendadora, página 2' }).focus();
    await user.keyboard('{Delete}');
    expect(latest()).toHaveLength(1);
    expect(screen.getByText('1 campo')).toBeInTheDocument();
  });

  it('keeps a field inside its page when moved against the edge', async () => {
    const user = userEvent.setup();
    const onFields = vi.fn();
    renderWithAdmin(<EditorHarness onFields={onFields} />);
    await user.click(screen.getByRole('button', { name: 'Firma · Página 1 de 2' }));
    screen.getByRole('button', { name: 'Firma de Ana Arrendadora, página 1' }).focus();
    for (let press = 0; press < 30; press++) await user.keyboard('{Alt>}{ArrowLeft}{/Alt}');
    expect((onFields.mock.lastCall![0] as PdfField[])[0]!.x).toBe(0);
  });
});

function signIn() {
  localStorage.setItem('access_token', fakeToken({ id: 7, exp: Math.floor(Date.now() / 1000) + 3600 }));
  localStorage.setItem(
    'current_user',
    JSON.stringify(fakeUser({ permissions: ['signature_request.create'] })),
  );
}

const pdfFile = (name: string) => new File(['%PDF-1.7\n%%EOF'], name, { type: 'application/pdf' });

describe('PDF sending screens', { timeout: 120_000 }, () => {
  it('uploads a PDF, refuses to send without names and signature, then sends it', async () => {
    signIn();
    const user = userEvent.setup();
    const calls: { name: string; input: unknown }[] = [];
    const callEndpoint = vi.fn(async (name: string, input: unknown) => {
      calls.push({ name, input });
      if (name === 'getCompanyFeatures')
        return { company_id: 3, enabled: ['pdf_to_sign', 'otp_email', 'selfie'] };
      if (name === 'uploadPdfTemplate') return record(11, 'arriendo.pdf');
      if (name === 'updatePdfContent') return record(11, 'arriendo.pdf');
      if (name === 'signPdf') return { request_id: 90, validation_code: 'RUB-ABC-123' };
      throw new Error(`inesperado: ${name}`);
    });
    const { container } = renderWithAdmin(<SinglePdfRequestPage />, {
      path: '/single-pdf-request',
      dataProvider: { callEndpoint },
    });
    const input = await waitFor(() => {
      const found = container.querySelector<HTMLInputElement>('input[type="file"]');
      expect(found).not.toBeNull();
      return found!;
    });
    await user.upload(input, pdfFile('arriendo.pdf'));
    expect(await screen.findByRole('region', { name: 'Página 1 de 1' })).toBeInTheDocument();
    expect(calls.find((call) => call.name === 'uploadPdfTemplate')!.input).toMatchObject({
      body: { filename: 'arriendo.pdf' },
    });

    await user.click(screen.getByRole('button', { name: 'Enviar a firmar' }));
    expect(screen.getAllByText('Campo requerido').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('alert')).toHaveTextContent('Ubique al menos un campo de firma');
    expect(calls.some((call) => call.name === 'signPdf')).toBe(false);

    await user.type(screen.getByRole('textbox', { name: 'Nombre completo' }), 'Ana Arrendadora');
    await user.type(screen.getByRole('textbox', { name: 'Correo electrónico' }), 'ana@correo.test');
    await user.click(screen.getByRole('button', { name: 'Firma · Página 1 de 1' }));
    // The identity checks of a template request, those the company lacks shown but disabled.
    const checks = screen.getByRole('group', { name: 'Verificación de identidad' });
    expect(within(checks).getByRole('checkbox', { name: 'Código OTP por SMS' })).toBeDisabled();
    await user.click(within(checks).getByRole('checkbox', { name: 'Código OTP por correo' }));
    await user.click(within(checks).getByRole('checkbox', { name: 'Fotografía (selfie)' }));
    await user.click(screen.getByRole('button', { name: 'Enviar a firmar' }));
    expect(
      await screen.findByText('Solicitud enviada. Código de validación: RUB-ABC-123'),
    ).toBeInTheDocument();
    const saved = calls.find((call) => call.name === 'updatePdfContent')!.input as {
      body: { fields: PdfField[]; signers: unknown[] };
    };
    expect(saved.body.signers).toEqual([{ number: 1, label: 'Ana Arrendadora' }]);
    expect(saved.body.fields).toEqual([expect.objectContaining({ kind: 'signature', signer: 1, page: 1 })]);
    expect(calls.find((call) => call.name === 'signPdf')!.input).toMatchObject({
      body: {
        pdf_template_id: 11,
        title: 'arriendo',
        signing_order: 'sequential',
        signers: [
          {
            number: 1,
            kind: 'signer',
            name: 'Ana Arrendadora',
            email: 'ana@correo.test',
            authentication: ['email_otp', 'selfie'],
          },
        ],
      },
    });
  });

  it('tells the user when the company has bulk PDF switched off', async () => {
    signIn();
    const callEndpoint = vi.fn(async () => ({ company_id: 3, enabled: ['pdf_to_sign'] }));
    renderWithAdmin(<BulkPdfRequestsPage />, { path: '/bulk-pdf-requests', dataProvider: { callEndpoint } });
    expect(await screen.findByText('Su empresa no tiene activo este tipo de envío.')).toBeInTheDocument();
  });

  it('sends several files each to its own signer and follows them until each is sent or failed', async () => {
    signIn();
    const user = userEvent.setup();
    let polls = 0;
    const callEndpoint = vi.fn(async (name: string, input: { body?: { filename?: string } }) => {
      if (name === 'getCompanyFeatures') return { company_id: 3, enabled: ['pdf_to_sign', 'bulk_pdf'] };
      if (name === 'uploadPdfTemplate')
        return record(input.body!.filename === 'uno.pdf' ? 21 : 22, input.body!.filename!);
      if (name === 'updatePdfContent') return record(21, 'uno.pdf');
      if (name === 'updatePdfContentMassive') {
        const body = (input as { body: { pdf_template_ids: number[]; fields: PdfField[] } }).body;
        return {
          items: body.pdf_template_ids.map((id) => ({
            ...record(id, id === 21 ? 'uno.pdf' : 'dos.pdf'),
            fields: body.fields,
          })),
        };
      }
      if (name === 'signPdfMultiple') return { batch_id: 5, pdf_template_ids: [21, 22] };
      if (name === 'getPdfTemplates') {
        polls++;
        const done = polls > 1;
        return {
          total: 2,
          items: [
            {
              ...record(21, 'uno.pdf'),
              send: { status: done ? 'sent' : 'queued', request_id: done ? 1 : null, failure: null },
            },
            {
              ...record(22, 'dos.pdf'),
              send: {
                status: done ? 'failed' : 'queued',
                request_id: null,
                failure: done ? 'Sin unidades disponibles' : null,
              },
            },
          ],
        };
      }
      throw new Error(`inesperado: ${name}`);
    });
    const { container } = renderWithAdmin(<BulkPdfRequestsPage />, {
      path: '/bulk-pdf-requests',
      dataProvider: { callEndpoint },
    });
    const input = await waitFor(() => {
      const found = container.querySelector<HTMLInputElement>('input[type="file"]');
      expect(found).not.toBeNull();
      return found!;
    });
    await user.upload(input, [pdfFile('uno.pdf'), pdfFile('dos.pdf')]);
    expect(await screen.findByRole('tab', { name: 'dos.pdf' })).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Nombre completo' }), 'Ana Uno');
    await user.type(screen.getByRole('textbox', { name: 'Correo electrónico' }), 'ana@correo.test');
    await user.click(screen.getByRole('button', { name: 'Firma · Página 1 de 1' }));
    // The first file's fields go to every file, each checked by the server against its pages.
    await user.click(screen.getByRole('button', { name: 'Usar estos campos en todos los PDF' }));
    await user.click(screen.getByRole('tab', { name: /dos\.pdf/ }));
    expect(await screen.findByRole('button', { name: 'Firma de Firmante 1, página 1' })).toBeInTheDocument();
    expect(callEndpoint.mock.calls.find(([name]) => name === 'updatePdfContentMassive')![1]).toMatchObject({
      body: {
        pdf_template_ids: [21, 22],
        fields: [expect.objectContaining({ kind: 'signature', signer: 1 })],
      },
    });
    await user.type(screen.getByRole('textbox', { name: 'Nombre completo' }), 'Beto Dos');
    await user.type(screen.getByRole('textbox', { name: 'Correo electrónico' }), 'beto@correo.test');
    await user.click(screen.getByRole('button', { name: 'Enviar todos (2)' }));
    expect(await screen.findByText('1 enviado, 1 fallido', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Sin unidades disponibles')).toBeInTheDocument();
    const sent = callEndpoint.mock.calls.find(([name]) => name === 'signPdfMultiple')![1] as {
      body: { items: { pdf_template_id: number; signers: { name: string }[] }[] };
    };
    expect(sent.body.items.map((item) => [item.pdf_template_id, item.signers[0]!.name])).toEqual([
      [21, 'Ana Uno'],
      [22, 'Beto Dos'],
    ]);
  });
});
