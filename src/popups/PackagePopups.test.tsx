import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithAdmin } from '../test/harness';
import { PackagePopups } from './PackagePopups';
import type { PopupEnvironment } from './popupRules';

const support = { phone: '+57 601 555 0100', whatsapp: '+57 300 555 0100', email: 'soporte@rubrica.test' };
const expiredReply = {
  notifications: [{ id: 'a-9', message: 'Su plan Plan Oro venció el 1/3/2026.' }],
  support,
};
const reminderReply = {
  notifications: [{ id: 'a-7', message: 'Su plan Plan Plata vence el 20/3/2026.' }],
  support,
};
const none = { notifications: [], support };

type Replies = { expired: unknown; reminder: unknown };

function Navigator() {
  const navigate = useNavigate();
  return (
    <nav>
      <button type="button" onClick={() => navigate('/user/profile')}>
        perfil
      </button>
      <button type="button" onClick={() => navigate('/home')}>
        inicio
      </button>
      <button type="button" onClick={() => navigate('/signature-request/abc')}>
        firmar
      </button>
    </nav>
  );
}

let now: Date;
const environment: PopupEnvironment = {
  get storage() {
    return localStorage;
  },
  now: () => now,
};

function renderPopups(replies: Partial<Replies> = {}) {
  const { expired = none, reminder = none } = replies;
  const callEndpoint = vi.fn(async (name: string) => {
    const reply = name === 'checkExpiredPackages' ? expired : reminder;
    if (reply instanceof Error) throw reply;
    return reply;
  });
  const view = renderWithAdmin(
    <>
      <PackagePopups environment={environment} />
      <Navigator />
    </>,
    { path: '/home', route: '*', dataProvider: { callEndpoint } },
  );
  const calls = () => callEndpoint.mock.calls.map(([name]) => name);
  return { ...view, callEndpoint, calls, user: userEvent.setup() };
}

const go = async (name: string) => {
  // The nav sits behind the modal when a pop-up is open; route changes come from code in real life.
  fireEvent.click(screen.getByRole('button', { name, hidden: true }));
  await act(async () => {});
};

beforeEach(() => {
  now = new Date(2026, 2, 10, 9, 30);
});
afterEach(() => vi.restoreAllMocks());

describe('PackagePopups', () => {
  it('runs only the expired check at start and shows "Importante" with the message, renewal text and support', async () => {
    const { calls, callEndpoint } = renderPopups({ expired: expiredReply });
    const dialog = await screen.findByRole('dialog', { name: 'Importante' });
    expect(calls()).toEqual(['checkExpiredPackages']);
    expect(callEndpoint).toHaveBeenCalledWith('checkExpiredPackages', { body: { user_id: 7 } });
    expect(within(dialog).getByText('Su plan Plan Oro venció el 1/3/2026.')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Para renovarlo, comuníquese con su representante. Si ya lo renovó, ignore este mensaje.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('WhatsApp: +57 300 555 0100')).toBeInTheDocument();
    expect(within(dialog).getByText('Correo de soporte: soporte@rubrica.test')).toBeInTheDocument();
    expect(localStorage.getItem('expired_notification_a-9_lastShowDate')).toBe(
      new Date(2026, 2, 10).toISOString(),
    );
  });

  it('"Importante" ignores Escape, Enter and a click outside', async () => {
    const { user } = renderPopups({ expired: expiredReply });
    const dialog = await screen.findByRole('dialog', { name: 'Importante' });
    const remindLaterButton = within(dialog).getByRole('button', { name: 'Recordar más tarde' });
    remindLaterButton.focus();
    await user.keyboard('{Escape}');
    await user.keyboard('{Enter}');
    const container = document.querySelector('.MuiDialog-container');
    if (container) fireEvent.click(container);
    expect(screen.getByRole('dialog', { name: 'Importante' })).toBeInTheDocument();
    expect(localStorage.getItem('expired_notification_a-9_remindLater')).toBeNull();
  });

  it('"Recordar más tarde" closes it until tomorrow', async () => {
    const { user } = renderPopups({ expired: expiredReply });
    await user.click(await screen.findByRole('button', { name: 'Recordar más tarde' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(localStorage.getItem('expired_notification_a-9_remindLater')).toBe('true');
    expect(localStorage.getItem('expired_notification_a-9_nextShowTime')).toBe(
      new Date(2026, 2, 11).toISOString(),
    );
    await go('perfil');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('checks both on each route change and shows "Recordatorio", which a click outside does not close', async () => {
    const { calls, user } = renderPopups({ reminder: reminderReply });
    await waitFor(() => expect(calls()).toEqual(['checkExpiredPackages']));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await go('perfil');
    const dialog = await screen.findByRole('dialog', { name: 'Recordatorio' });
    expect(calls().slice(1).sort()).toEqual(['checkExpiredPackages', 'checkPackages']);
    expect(within(dialog).getByText('Su plan Plan Plata vence el 20/3/2026.')).toBeInTheDocument();
    const container = document.querySelector('.MuiDialog-container');
    if (container) fireEvent.click(container);
    expect(screen.getByRole('dialog', { name: 'Recordatorio' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'No recordar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(localStorage.getItem('notification_a-7_remindLater')).toBe('false');
    expect(localStorage.getItem('notification_a-7_lastShowDate')).toBeNull();
    expect(localStorage.getItem('notification_a-7_nextShowTime')).toBeNull();

    // At most once a day, even though "No recordar" cleared the stored date.
    await go('inicio');
    await waitFor(() => expect(calls()).toHaveLength(5));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Escape closes "Recordatorio" (only "Importante" blocks it), without a choice stored', async () => {
    const { user, calls } = renderPopups({ reminder: reminderReply });
    await waitFor(() => expect(calls()).toHaveLength(1));
    await go('perfil');
    const dialog = await screen.findByRole('dialog', { name: 'Recordatorio' });
    within(dialog).getByRole('button', { name: 'No recordar' }).focus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(localStorage.getItem('notification_a-7_remindLater')).toBeNull();
    expect(localStorage.getItem('notification_a-7_lastShowDate')).toBe(new Date(2026, 2, 10).toISOString());
  });

  it('shows "Importante" before "Recordatorio", one at a time', async () => {
    const replies: Partial<Replies> = { expired: none, reminder: reminderReply };
    const callEndpoint = vi.fn(async (name: string) =>
      name === 'checkExpiredPackages' ? replies.expired : replies.reminder,
    );
    renderWithAdmin(
      <>
        <PackagePopups environment={environment} />
        <Navigator />
      </>,
      { path: '/home', route: '*', dataProvider: { callEndpoint } },
    );
    const user = userEvent.setup();
    await waitFor(() => expect(callEndpoint).toHaveBeenCalledTimes(1));
    replies.expired = expiredReply;
    await go('perfil');

    const first = await screen.findByRole('dialog', { name: 'Importante' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await user.click(within(first).getByRole('button', { name: 'Recordar más tarde' }));
    expect(await screen.findByRole('dialog', { name: 'Recordatorio' })).toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('does not check on the signing view', async () => {
    const { calls } = renderPopups({ reminder: reminderReply });
    await waitFor(() => expect(calls()).toHaveLength(1));
    await go('firmar');
    expect(calls()).toHaveLength(1);
  });

  it('only logs a failed check', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPopups({ expired: new Error('Error del servidor') });
    await waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows nothing and clears every expired key when no package has expired', async () => {
    localStorage.setItem('expired_notification_old_remindLater', 'true');
    localStorage.setItem('notification_a-7_remindLater', 'true');
    const { calls } = renderPopups({ expired: { support } });
    await waitFor(() => expect(calls()).toHaveLength(1));
    await waitFor(() => expect(localStorage.getItem('expired_notification_old_remindLater')).toBeNull());
    expect(localStorage.getItem('notification_a-7_remindLater')).toBe('true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
