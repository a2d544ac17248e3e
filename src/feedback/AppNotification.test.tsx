import { act, fireEvent, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { HttpError, useNotify } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithAdmin } from '../test/harness';
import { AppNotification } from './AppNotification';
import { FeedbackBridge, FeedbackBusContext } from './FeedbackBridge';
import { createFeedbackBus } from './feedbackBus';

function Notifier({ message }: { message: string }) {
  const notify = useNotify();
  useEffect(() => notify(message, { type: 'success' }), [notify, message]);
  return null;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('AppNotification', () => {
  it('keeps a toast for 5 seconds (not react-admin’s 4) and then hides it', async () => {
    renderWithAdmin(
      <>
        <Notifier message="Guardado" />
        <AppNotification />
      </>,
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Guardado');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4800);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Guardado');
    // The 5 s timer fires, then the exit transition runs.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a new toast at once, in place of the one on screen', async () => {
    const bus = createFeedbackBus();
    renderWithAdmin(
      <FeedbackBusContext.Provider value={bus}>
        <FeedbackBridge />
        <AppNotification />
      </FeedbackBusContext.Provider>,
    );
    await act(async () => {
      bus.showToast({ type: 'success', message: 'Primero' });
      await vi.advanceTimersByTimeAsync(50);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Primero');
    // Well inside the first toast's 5 seconds.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
      bus.showToast({ type: 'error', message: 'Segundo' });
      await vi.advanceTimersByTimeAsync(50);
    });
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Segundo']);
    // The replacement has its own 5 seconds.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4800);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Segundo');
  });

  it('has a close button', async () => {
    renderWithAdmin(
      <>
        <Notifier message="Guardado" />
        <AppNotification />
      </>,
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows what bespoke calls report, with the Spanish default titles', async () => {
    const bus = createFeedbackBus();
    renderWithAdmin(
      <FeedbackBusContext.Provider value={bus}>
        <FeedbackBridge />
        <AppNotification />
      </FeedbackBusContext.Provider>,
    );
    await act(async () => {
      bus.showToast({ type: 'error', message: null });
      await vi.advanceTimersByTimeAsync(50);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Error del servidor');
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
      bus.showToast({ type: 'success' });
      await vi.advanceTimersByTimeAsync(50);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Operación exitosa');
  });

  it('logs out after a swallowed 401, and stays silent after a swallowed 403', async () => {
    const bus = createFeedbackBus();
    const logout = vi.fn(async () => '/session/login');
    const checkError = vi.fn(async (error: { status?: number }) => {
      if (error.status === 401) throw new Error('Sesión vencida');
    });
    renderWithAdmin(
      <FeedbackBusContext.Provider value={bus}>
        <FeedbackBridge />
        <AppNotification />
      </FeedbackBusContext.Provider>,
      { authProvider: { logout, checkError } },
    );
    await act(async () => {
      bus.reportSwallowedFailure(new HttpError('Prohibido', 403, {}));
      await vi.advanceTimersByTimeAsync(50);
    });
    expect(checkError).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => {
      bus.reportSwallowedFailure(new HttpError('No autenticado', 401, {}));
      await vi.advanceTimersByTimeAsync(50);
    });
    expect(checkError).toHaveBeenCalledOnce();
    expect(logout).toHaveBeenCalled();
  });
});
