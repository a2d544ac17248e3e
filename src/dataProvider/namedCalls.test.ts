import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { createFeedbackBus, type ToastRequest } from '../feedback/feedbackBus';
import { recordingHttpClient } from '../test/fakes';
import { createNamedCalls } from './namedCalls';

function setup(...replies: unknown[]) {
  const httpClient = recordingHttpClient(...replies);
  const feedback = createFeedbackBus();
  const toasts: ToastRequest[] = [];
  const swallowed: unknown[] = [];
  const pending: number[] = [];
  feedback.onToast((toast) => toasts.push(toast));
  feedback.onSwallowedFailure((error) => swallowed.push(error));
  feedback.onPendingChange(() => pending.push(feedback.pendingRequests()));
  const logger = { error: vi.fn() };
  const calls = createNamedCalls({ httpClient, feedback, logger });
  return { ...calls, httpClient, toasts, swallowed, pending, logger };
}

const statistics = { storage_used: '1', storage_capacity: '10' };
const refused = () => new HttpError('Empresa no encontrada', 404, { message: 'Empresa no encontrada' });

describe('tryCallEndpoint (SPEC §7.3)', () => {
  it('resolves the reply data and shows no toast unless asked', async () => {
    const { tryCallEndpoint, httpClient, toasts, pending } = setup({ data: statistics, message: 'Listo' });
    await expect(tryCallEndpoint('getCompanyStatistics', { body: { company_id: 3 } })).resolves.toEqual(
      statistics,
    );
    expect(httpClient.requests).toEqual([
      { method: 'POST', url: '/api/get_company_statistics', body: { company_id: 3 } },
    ]);
    expect(toasts).toEqual([]);
    // The loading indicator went on, then off with the reply.
    expect(pending).toEqual([1, 0]);
  });

  it('swallows a failure: logs it, resolves undefined and stops the loading indicator', async () => {
    const error = refused();
    const { tryCallEndpoint, toasts, swallowed, pending, logger } = setup(error);
    await expect(
      tryCallEndpoint('getCompanyStatistics', { body: { company_id: 3 } }),
    ).resolves.toBeUndefined();
    expect(logger.error).toHaveBeenCalledWith('La llamada getCompanyStatistics falló.', error);
    expect(swallowed).toEqual([error]);
    expect(toasts).toEqual([]);
    expect(pending).toEqual([1, 0]);
  });

  it('shows the reply as a toast when the request asks for alerts', async () => {
    const ok = setup({ data: statistics, message: 'Estadísticas listas' }, { data: statistics });
    await ok.tryCallEndpoint('getCompanyStatistics', { body: { company_id: 3 } }, { alert: true });
    await ok.tryCallEndpoint('getCompanyStatistics', { body: { company_id: 3 } }, { alert: true });
    expect(ok.toasts).toEqual([
      { type: 'success', message: 'Estadísticas listas' },
      { type: 'success', message: null },
    ]);

    const failed = setup(refused());
    await failed.tryCallEndpoint('getCompanyStatistics', { body: { company_id: 3 } }, { alert: true });
    expect(failed.toasts).toEqual([{ type: 'error', message: 'Empresa no encontrada' }]);
  });

  it('ignores an aborted request: no log, no toast', async () => {
    const aborting = async () => {
      throw new DOMException('aborted', 'AbortError');
    };
    const feedback = createFeedbackBus();
    const toasts: ToastRequest[] = [];
    feedback.onToast((toast) => toasts.push(toast));
    const logger = { error: vi.fn() };
    const { tryCallEndpoint } = createNamedCalls({ httpClient: aborting, feedback, logger });
    await expect(
      tryCallEndpoint('getCompanyStatistics', { body: { company_id: 3 } }, { alert: true }),
    ).resolves.toBeUndefined();
    expect(logger.error).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);
  });
});

describe('callEndpoint', () => {
  it('rejects with the server error (for forms and login), toasting it only when asked', async () => {
    const error = refused();
    const { callEndpoint, toasts, pending, logger } = setup(error, refused());
    await expect(callEndpoint('getCompanyStatistics', { body: { company_id: 3 } })).rejects.toBe(error);
    await expect(
      callEndpoint('getCompanyStatistics', { body: { company_id: 3 } }, { alert: true }),
    ).rejects.toMatchObject({ status: 404 });
    expect(toasts).toEqual([{ type: 'error', message: 'Empresa no encontrada' }]);
    expect(logger.error).not.toHaveBeenCalled();
    expect(pending).toEqual([1, 0, 1, 0]);
  });
});
