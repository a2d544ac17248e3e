import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeToken, fakeUser } from '../../test/fakes';
import { renderWithAdmin } from '../../test/harness';
import { SingleRequestPage } from './SingleRequestPage';

const FORM = {
  id: 12,
  company_id: 3,
  name: 'Vinculación de clientes',
  signing_order: 'sequential',
  expiry_days: 10,
  reminder_days: 3,
  documents: [{ name: 'Contrato', kind: 'template' }],
  fields: [
    { name: 'cliente', label: 'Cliente', type: 'text', required: true, filled_by: 0 },
    { name: 'valor', label: 'Valor', type: 'number', required: false, filled_by: 0, integer: true },
    { name: 'inicio', label: 'Inicio', type: 'date', required: false, filled_by: 0 },
  ],
  signer_roles: [
    { number: 1, position: 1, label: 'Cliente', kind: 'signer', fields: [], authentication: ['email_otp'] },
    { number: 2, position: 2, label: 'Gerente', kind: 'approver', fields: [], authentication: [] },
  ],
  authentications: [
    { key: 'email_otp', label: 'Código OTP por correo', enabled: true },
    { key: 'sms_otp', label: 'Código OTP por SMS', enabled: false },
  ],
  signing_order_enabled: true,
  reminders_enabled: true,
};

function renderPage(send: (body: unknown) => Promise<unknown>) {
  localStorage.setItem('access_token', fakeToken({ id: 7, exp: Math.floor(Date.now() / 1000) + 3600 }));
  localStorage.setItem(
    'current_user',
    JSON.stringify(
      fakeUser({
        role_id: 22,
        company_id: 3,
        permissions: ['signature_request.create', 'signature_request.list'],
      }),
    ),
  );
  const callEndpoint = vi.fn(async (name: string, input: { body?: unknown }) => {
    if (name === 'listSendablePackages')
      return [
        {
          id: 12,
          name: 'Vinculación de clientes',
          folder_name: 'Clientes',
          document_count: 1,
          signer_count: 2,
        },
      ];
    if (name === 'getRequestForm') return FORM;
    if (name === 'getUserSigners')
      return [
        {
          name: 'Ana Cliente',
          email: 'ana@cliente.co',
          phone: '+57 300 111 2233',
          id_type: 'CC',
          id_number: '1020304050',
          source: 'previous',
        },
      ];
    if (name === 'processSignatureRequest') return send(input.body);
    throw new Error(`inesperado: ${name}`);
  });
  renderWithAdmin(<SingleRequestPage />, {
    path: '/single-signature-request',
    dataProvider: { callEndpoint },
  });
  return callEndpoint;
}

afterEach(() => localStorage.clear());

/** Types by pasting: the same events for the form, without a key at a time on a slow machine. */
async function fill(user: ReturnType<typeof userEvent.setup>, element: HTMLElement, text: string) {
  await user.click(element);
  await user.paste(text);
}

const SLOW = 90_000;

async function chooseGroup() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('combobox', { name: 'Grupo de documentos' }));
  await user.click(await screen.findByRole('option', { name: /Vinculación de clientes/ }));
  await screen.findByRole('textbox', { name: 'Cliente' });
  return user;
}

describe('single signature request screen', () => {
  it(
    'says until when the last day to sign keeps the request open',
    async () => {
      renderPage(vi.fn());
      await chooseGroup();
      fireEvent.change(screen.getByLabelText(/Último día para firmar/), { target: { value: '2099-12-27' } });
      expect(
        await screen.findByText('Abierta hasta el 27/12/2099, 11:59 p. m. (hora de Colombia)'),
      ).toBeTruthy();
    },
    SLOW,
  );

  it(
    'shows how a date and a number will print in the document',
    async () => {
      renderPage(vi.fn());
      const user = await chooseGroup();
      await fill(user, screen.getByRole('textbox', { name: 'Valor' }), '12000000');
      expect(await screen.findByText('En el documento: 12.000.000')).toBeTruthy();
      fireEvent.change(screen.getByLabelText('Inicio'), { target: { value: '2026-12-01' } });
      expect(await screen.findByText('En el documento: 1 de diciembre de 2026')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'checks the fields and signers with the shared schemas before sending, in Spanish',
    async () => {
      const send = vi.fn(async () => ({ request_id: 1 }));
      renderPage(send);
      const user = await chooseGroup();
      await fill(user, screen.getByRole('textbox', { name: 'Valor' }), '12,5');
      await user.tab();
      expect(await screen.findByText('Solo se permiten números enteros')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
      expect(await screen.findByText('Revise los campos marcados')).toBeTruthy();
      expect(screen.getAllByText('Este campo es obligatorio').length).toBeGreaterThan(0);
      expect(send).not.toHaveBeenCalled();
    },
    SLOW,
  );

  it(
    'fills a signer from a known contact and sends the request in order',
    async () => {
      const send = vi.fn(async (_body: unknown) => ({ request_id: 345 }));
      renderPage(send);
      const user = await chooseGroup();
      await fill(user, screen.getByRole('textbox', { name: 'Cliente' }), 'Comercial del Norte');
      const first = screen.getByRole('group', { name: /1\. Cliente · Firmante/ });
      await user.click(within(first).getByRole('combobox', { name: 'Buscar un contacto' }));
      await user.click(await screen.findByRole('option', { name: /Ana Cliente/ }));
      expect(
        (within(first).getByRole('textbox', { name: /Correo electrónico/ }) as HTMLInputElement).value,
      ).toBe('ana@cliente.co');
      const second = screen.getByRole('group', { name: /2\. Gerente · Aprobador/ });
      await fill(user, within(second).getByRole('textbox', { name: /Nombre completo/ }), 'Germán Gerente');
      await fill(
        user,
        within(second).getByRole('textbox', { name: /Correo electrónico/ }),
        'german@empresa.co',
      );
      await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
      const outcome = await screen.findByRole('region', { name: 'Solicitud n.º 345 enviada' });
      expect(within(outcome).getByText('Las primeras invitaciones van en camino.')).toBeTruthy();
      expect(send).toHaveBeenCalledWith(
        expect.objectContaining({
          document_package_id: 12,
          idempotency_key: expect.stringMatching(/^[0-9a-f]{32}$/),
          values: { cliente: 'Comercial del Norte' },
          signing_order: 'sequential',
          reminder_days: 3,
          signers: [
            expect.objectContaining({ number: 1, email: 'ana@cliente.co', authentication: ['email_otp'] }),
            expect.objectContaining({ number: 2, name: 'Germán Gerente', email: 'german@empresa.co' }),
          ],
        }),
      );
    },
    SLOW,
  );

  it(
    "shows the server's refusal on the field it names",
    async () => {
      renderPage(async () => {
        throw new HttpError('Hay valores que no cumplen las reglas de sus campos', 422, {
          errors: { 'signers.1.email': 'Ingrese un correo electrónico válido' },
        });
      });
      const user = await chooseGroup();
      await fill(user, screen.getByRole('textbox', { name: 'Cliente' }), 'Comercial del Norte');
      const groups = screen.getAllByRole('group', { name: /Firmante|Aprobador/ });
      for (const [index, group] of groups.entries()) {
        await fill(
          user,
          within(group).getByRole('textbox', { name: /Nombre completo/ }),
          `Persona ${index + 1}`,
        );
        await fill(
          user,
          within(group).getByRole('textbox', { name: /Correo electrónico/ }),
          `p${index + 1}@correo.co`,
        );
      }
      await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
      await waitFor(() =>
        expect(screen.getByText('Hay valores que no cumplen las reglas de sus campos')).toBeTruthy(),
      );
      expect(within(groups[1]!).getByText('Ingrese un correo electrónico válido')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'sends once while a send runs, puts its outcome in place of the form, and «Enviar otra» takes a new key',
    async () => {
      const replies: ((reply: unknown) => void)[] = [];
      const send = vi.fn((_body: unknown) => new Promise((resolve) => replies.push(resolve)));
      renderPage(send);
      const user = await chooseGroup();
      const fillForm = async () => {
        await fill(user, screen.getByRole('textbox', { name: 'Cliente' }), 'Comercial del Norte');
        const groups = screen.getAllByRole('group', { name: /Firmante|Aprobador/ });
        for (const [index, group] of groups.entries()) {
          await fill(
            user,
            within(group).getByRole('textbox', { name: /Nombre completo/ }),
            `Persona ${index}`,
          );
          await fill(
            user,
            within(group).getByRole('textbox', { name: /Correo electrónico/ }),
            `p${index}@correo.co`,
          );
        }
      };
      await fillForm();
      const button = screen.getByRole('button', { name: 'Enviar solicitud' });
      fireEvent.click(button);
      fireEvent.click(button);
      await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
      expect(button).toBeDisabled();
      replies[0]!({ request_id: 77, repeated: false });
      const outcome = await screen.findByRole('region', { name: 'Solicitud n.º 77 enviada' });
      await waitFor(() => expect(outcome).toHaveFocus());
      expect(within(outcome).getByRole('link', { name: 'Ver la solicitud' })).toHaveAttribute(
        'href',
        '/update-signature-request/update/77',
      );
      expect(screen.queryByRole('button', { name: 'Enviar solicitud' })).toBeNull();

      await user.click(within(outcome).getByRole('button', { name: 'Enviar otra' }));
      expect((screen.getByRole('textbox', { name: 'Cliente' }) as HTMLInputElement).value).toBe('');
      await fillForm();
      await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
      await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
      const [first, second] = send.mock.calls.map(
        ([body]) => (body as { idempotency_key: string }).idempotency_key,
      );
      expect(second).not.toBe(first);
    },
    SLOW,
  );
});
