import { createCompany, createUser } from '../../../server/db/factories.js';
import { requestEvents } from '../../../server/requests/core/events.js';
import { createTestRequest } from '../../../server/requests/core/factories.js';
import type { TestApp } from './testApp.js';

/** A request with two signers, whose links two different clients open. */
export async function twoSignerRequest(t: TestApp, label: string) {
  const db = t.deps.database.db;
  const companyId = await createCompany(db, { fiscalName: `Proxy ${label} S.A.S.`, taxId: '901000777-1' });
  const createdBy = await createUser(db, {
    companyId,
    name: 'Remitente',
    lastName: label,
    email: `remitente.${label}@proxy.test`,
    password: 'Remitente-2026',
  });
  const request = await createTestRequest(t.deps, {
    companyId,
    createdBy,
    signers: [
      { name: 'Ana Cliente', email: `ana.${label}@proxy.test` },
      { name: 'Beto Cliente', email: `beto.${label}@proxy.test` },
    ],
  });
  return { requestId: request.requestId, signers: request.signers };
}

/** The address the evidence trail recorded for each signer's opening of the documents, by signer id. */
export async function openedFrom(t: TestApp, requestId: number): Promise<Record<number, string | null>> {
  const events = await requestEvents(t.deps.database.db, requestId);
  return Object.fromEntries(
    events
      .filter((event) => event.action === 'viewed' || event.action === 'opened')
      .map((event) => [event.signerId, event.ip]),
  );
}

export const OPEN_DOCUMENT_URL = '/api/send_notification_attempt_open_document';
export const SIGNIN_URL = '/api/users/signin';
/** A sign-in nobody can pass: 401 while the address's bucket has room, 429 after. */
export const WRONG_SIGNIN = { email: 'nadie@proxy.test', password: 'Incorrecta-2026' };
