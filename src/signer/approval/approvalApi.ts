import type { z } from 'zod';
import type { autoSignStatusRecord } from '../../../contract/endpoints/approval';

export type AutoSignStatus = z.output<typeof autoSignStatusRecord>;

export class ApprovalRequestError extends Error {}

async function post(path: string, body: unknown): Promise<{ data: AutoSignStatus; message?: string }> {
  let response: Response;
  try {
    response = await fetch(`/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApprovalRequestError(
      'No fue posible conectar con el servidor. Revise su conexión e intente de nuevo',
    );
  }
  const json = (await response.json().catch(() => null)) as {
    data?: AutoSignStatus;
    message?: string;
  } | null;
  if (!response.ok || !json?.data) throw new ApprovalRequestError(json?.message || 'Error del servidor');
  return { data: json.data, message: json.message };
}

export const checkStatus = (token: string) => post('check_status_auto_sign_request', { token });

export const decide = (token: string, approve: boolean, reason?: string) =>
  post('approve_or_reject_auto_sign_request', { token, approve, ...(reason ? { reason } : {}) });
