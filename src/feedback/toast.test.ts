import { describe, expect, it } from 'vitest';
import { createFeedbackBus } from './feedbackBus';
import { DEFAULT_TOAST_TITLES, TOAST_DURATION_MS, toastTitle } from './toast';

describe('toasts (SPEC §8, §9)', () => {
  it('last 5 seconds', () => {
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it("are titled with the server's message, or the Spanish default of their type", () => {
    expect(toastTitle({ type: 'success', message: 'Usuario creado' })).toBe('Usuario creado');
    expect(toastTitle({ type: 'success', message: null })).toBe('Operación exitosa');
    expect(toastTitle({ type: 'success', message: '  ' })).toBe('Operación exitosa');
    expect(toastTitle({ type: 'error' })).toBe('Error del servidor');
    expect(toastTitle({ type: 'error', message: 'Correo ya registrado' })).toBe('Correo ya registrado');
    expect(DEFAULT_TOAST_TITLES).toEqual({ success: 'Operación exitosa', error: 'Error del servidor' });
  });
});

describe('feedback bus', () => {
  it('counts requests under way and never goes below zero', () => {
    const bus = createFeedbackBus();
    const changes: number[] = [];
    const stop = bus.onPendingChange(() => changes.push(bus.pendingRequests()));
    bus.requestStarted();
    bus.requestStarted();
    bus.requestEnded();
    bus.requestEnded();
    bus.requestEnded();
    stop();
    bus.requestStarted();
    expect(changes).toEqual([1, 2, 1, 0, 0]);
  });

  it('delivers toasts and swallowed failures to subscribers until they unsubscribe', () => {
    const bus = createFeedbackBus();
    const toasts: unknown[] = [];
    const failures: unknown[] = [];
    const stopToasts = bus.onToast((toast) => toasts.push(toast));
    bus.onSwallowedFailure((error) => failures.push(error));
    bus.showToast({ type: 'success', message: 'Listo' });
    stopToasts();
    bus.showToast({ type: 'error' });
    bus.reportSwallowedFailure('boom');
    expect(toasts).toEqual([{ type: 'success', message: 'Listo' }]);
    expect(failures).toEqual(['boom']);
  });
});
