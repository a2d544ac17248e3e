import { LOGS_GROUP } from '../fixtures/operationsLogs.fixture.js';
import type { ApiSession } from './apiSession.js';

/** Requests sent and documents downloaded through the API, as the e-mail tracker and download log specs need. */

const baseUrl = () => process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100';

export async function callApi<T>(session: ApiSession, method: 'GET' | 'POST', path: string, body?: object) {
  const response = await fetch(`${baseUrl()}/api/${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${session.token}`,
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) {
    await response.arrayBuffer();
    return undefined as T;
  }
  return ((await response.json()) as { data: T }).data;
}

/** Sends the company's group to one signer (process_signature_request); the invitation is e-mailed. */
export async function sendRequest(
  session: ApiSession,
  signer: { name: string; email: string },
  title?: string,
) {
  const groups = await callApi<{ id: number; name: string }[]>(
    session,
    'GET',
    `signature_request_packages/${session.user.company_id}`,
  );
  const group = groups.find((each) => each.name === LOGS_GROUP);
  if (!group) throw new Error(`No está el grupo ${LOGS_GROUP}`);
  const sent = await callApi<{ request_id: number }>(session, 'POST', 'process_signature_request', {
    document_package_id: group.id,
    values: { cliente: signer.name },
    ...(title ? { title } : {}),
    signers: [{ number: 1, ...signer }],
  });
  return sent.request_id;
}
