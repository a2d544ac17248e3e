import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignPlan, createPlan } from '../../server/db/factories.js';
import { companyFeatures } from '../../server/db/schema/index.js';
import { insertApiKey } from '../../server/modules/apiKeys/apiKeys.service.js';
import { testDatabaseKind } from './support/database.js';
import { freshIp } from './support/mailbox.js';
import { createSendingGroup, type SendingGroup, sendingBody } from './support/sendingGroup.js';
import { isSpanishMessage } from './support/sweep.js';
import { createTenants, type TenantIds, type TenantTokens } from './support/tenants.js';
import { bearer, createTestApp, type TestApp } from './support/testApp.js';

/**
 * Hostile values at the endpoints added for integrations: named API keys (create, revoke), the
 * audit trail and the certificate of a request, bulk rows in JSON, the replay of a webhook
 * delivery, and the Idempotency-Key header; through a session and through the company's key.
 * A right-to-left override, lone surrogates, NUL, 4,000-character names, huge and negative
 * numbers: a 4xx with a Spanish `message`, never a 5xx. The override is ordinary text where a
 * field takes free text (`mayPass`): stored as sent, or refused in Spanish.
 */

const PASSWORD = 'Fuzz-Integraciones-2026';
const RLO = '\u202e';
const LONG = 'n'.repeat(4000);
/** Numbers an id must not be: past PostgreSQL's integer, past a double's integers, negative, fractional. */
const BAD_IDS = ['2147483648', '99999999999999999999999', '1e400', '-1', '0', '1.5', 'NaN', '0x10', LONG];
/** The same as raw text in a path: NUL, a lone surrogate (as UTF-8 would never encode it), the override. */
const BAD_PATH_TEXT = [
  '%00',
  '1%00',
  '%ED%A0%80',
  encodeURIComponent(`${RLO}1`),
  encodeURIComponent(`1${RLO}`),
];

let t: TestApp;
let ids: TenantIds;
let tokens: TenantTokens;
let group: SendingGroup;
let apiKey = '';

beforeAll(async () => {
  t = await createTestApp();
  ({ ids, tokens } = await createTenants(t, { password: PASSWORD }));
  const db = t.deps.database.db;
  const plan = await createPlan(db, { name: 'Fuzz de integraciones', signatures: 100 });
  await assignPlan(db, { companyId: ids.andina, planId: plan, startsAt: new Date(Date.now() - 86_400_000) });
  group = await createSendingGroup(t, { companyId: ids.andina, adminToken: tokens.elena });
  await db.insert(companyFeatures).values({ companyId: ids.andina, feature: 'api_access', enabled: true });
  ({ key: apiKey } = await insertApiKey(db, {
    companyId: ids.andina,
    name: 'Principal',
    createdBy: null,
    now: new Date(),
  }));
});
afterAll(() => t.close());

type Probe = { label: string; request: InjectOptions; mayPass?: boolean };
type Caller = { who: string; headers: () => Record<string, string> };
const callers: Caller[] = [
  { who: 'sesión', headers: () => bearer(tokens.elena) },
  { who: 'clave', headers: () => ({ 'x-api-key': apiKey }) },
];

/** What is wrong with the answer to `probe`, or null. */
async function problemOf(probe: Probe): Promise<string | null> {
  const response = await t.app.inject({ remoteAddress: freshIp(), ...probe.request });
  const status = response.statusCode;
  if (status >= 500) return `${probe.label}: ${status}`;
  if (status < 400) return probe.mayPass ? null : `${probe.label}: ${status}, se esperaba un 4xx`;
  let message: unknown;
  try {
    message = (response.json() as { message?: unknown }).message;
  } catch {
    return `${probe.label}: ${status} sin JSON`;
  }
  return isSpanishMessage(message)
    ? null
    : `${probe.label}: ${status} sin mensaje en español (${String(message)})`;
}

async function problemsOf(probes: Probe[]): Promise<string[]> {
  const problems: string[] = [];
  for (const probe of probes) {
    const problem = await problemOf(probe);
    if (problem) problems.push(problem);
  }
  return problems;
}

/** Every bad id and bad path text in each `{param}` of `path`, the others valid. */
function pathProbes(
  method: 'GET' | 'POST',
  path: string,
  valid: Record<string, number>,
  caller: Caller,
): Probe[] {
  const probes: Probe[] = [];
  for (const param of Object.keys(valid)) {
    for (const bad of [...BAD_IDS, ...BAD_PATH_TEXT]) {
      const url = `/api/${path.replace(/\{(\w+)\}/g, (_, name: string) => (name === param ? bad : String(valid[name])))}`;
      probes.push({
        label: `${caller.who} ${method} ${path} ${param}=${bad.slice(0, 24)}`,
        request: { method, url, headers: caller.headers(), ...(method === 'POST' ? { payload: {} } : {}) },
      });
    }
  }
  return probes;
}

/** A JSON body with a lone surrogate in `field` (JSON.stringify would escape it as text). */
const withLoneSurrogate = (body: object, field: string) =>
  JSON.stringify(body).replace(`"${field}":"x"`, `"${field}":"\\ud800"`);

describe(`hostile input at the integration endpoints on ${testDatabaseKind}`, () => {
  it('ids and path text: huge, negative, fractional, NUL, lone surrogates, the override', async () => {
    const probes = [
      ...pathProbes('POST', 'company_api_keys/{companyId}', { companyId: ids.andina }, callers[0]!),
      ...pathProbes('POST', 'company_api_keys/revoke/{id}', { id: 1 }, callers[0]!),
      ...callers.flatMap((caller) => [
        ...pathProbes('GET', 'signature_request_audit_trail/{id}', { id: 1 }, caller),
        ...pathProbes('GET', 'signature_request_certificate/{documentId}', { documentId: 1 }, caller),
        ...pathProbes('GET', 'signature_request_status/{id}', { id: 1 }, caller),
        ...pathProbes(
          'GET',
          'view_pdf/{company_id}/{id}/{document_package_signer_id}',
          {
            company_id: ids.andina,
            id: 1,
            document_package_signer_id: 1,
          },
          caller,
        ),
      ]),
      ...pathProbes(
        'POST',
        'company_webhook_deliveries/{companyId}/replay/{id}',
        { companyId: ids.andina, id: 1 },
        callers[0]!,
      ),
    ];
    expect(probes.length).toBeGreaterThan(200);
    expect(await problemsOf(probes)).toEqual([]);
  });

  it('a named key’s name: 4,000 characters, NUL, a lone surrogate, blank; the override is text', async () => {
    const url = `/api/company_api_keys/${ids.andina}`;
    const headers = { ...bearer(tokens.elena), 'content-type': 'application/json' };
    const probes: Probe[] = [
      { label: 'nombre de 4.000', request: { method: 'POST', url, headers, payload: { name: LONG } } },
      { label: 'nombre con NUL', request: { method: 'POST', url, headers, payload: { name: 'ERP\u0000' } } },
      {
        label: 'nombre con sustituto suelto',
        request: { method: 'POST', url, headers, payload: withLoneSurrogate({ name: 'x' }, 'name') },
      },
      { label: 'nombre en blanco', request: { method: 'POST', url, headers, payload: { name: ' \t ' } } },
      { label: 'nombre numérico', request: { method: 'POST', url, headers, payload: { name: 1e308 } } },
      { label: 'nombre como lista', request: { method: 'POST', url, headers, payload: { name: [LONG] } } },
      {
        label: 'nombre con U+202E',
        request: { method: 'POST', url, headers, payload: { name: `${RLO}exe.fdp ERP` } },
        mayPass: true,
      },
    ];
    expect(await problemsOf(probes)).toEqual([]);
  });

  it('bulk rows in JSON: long column names and values, NUL, lone surrogates, huge numbers', async () => {
    const rows = (row: Record<string, unknown>) => ({ document_package_id: group.packageId, rows: [row] });
    const bodies: { label: string; payload: InjectOptions['payload']; mayPass?: boolean }[] = [
      { label: 'columna de 4.000', payload: rows({ [LONG]: 'Ana' }) },
      { label: 'valor de 4.000 × 2', payload: rows({ cliente: LONG.repeat(2) }) },
      { label: 'valor con NUL', payload: rows({ cliente: 'Ana\u0000' }) },
      { label: 'columna con NUL', payload: rows({ 'cli\u0000ente': 'Ana' }) },
      { label: 'valor con sustituto suelto', payload: withLoneSurrogate(rows({ cliente: 'x' }), 'cliente') },
      { label: 'valor numérico enorme', payload: rows({ cliente: 1e308 }) },
      {
        label: 'paquete enorme',
        payload: { document_package_id: 99999999999999, rows: [{ cliente: 'Ana' }] },
      },
      { label: 'paquete negativo', payload: { document_package_id: -1, rows: [{ cliente: 'Ana' }] } },
      { label: 'paquete como texto con U+202E', payload: { document_package_id: `${RLO}1`, rows: [{}] } },
      { label: 'sin filas', payload: { document_package_id: group.packageId, rows: [] } },
      {
        label: 'valor con U+202E',
        payload: rows({ ...sendingBody(group.packageId).values, cliente: `${RLO}Ana Pérez` }),
        mayPass: true,
      },
    ];
    const probes = callers.flatMap((caller) =>
      bodies.map(({ label, payload, mayPass }) => ({
        label: `${caller.who} filas: ${label}`,
        request: {
          method: 'POST' as const,
          url: '/api/import_documents_packages_rows',
          headers: { ...caller.headers(), 'content-type': 'application/json' },
          payload,
        },
        mayPass,
      })),
    );
    expect(await problemsOf(probes)).toEqual([]);
  });

  it('the Idempotency-Key header: NUL, the override, a lone surrogate, 4,000 characters, too short', async () => {
    const body = sendingBody(group.packageId);
    const keys = [
      'clave-de-idempotencia\u0000-1',
      `clave-de-idempotencia-${RLO}1`,
      'clave-de-idempotencia-\ud800',
      LONG,
      'corta',
      ' '.repeat(20),
      '-1',
    ];
    const probes = callers.flatMap((caller) =>
      keys.map((key) => ({
        label: `${caller.who} Idempotency-Key ${JSON.stringify(key.slice(0, 30))}`,
        request: {
          method: 'POST' as const,
          url: '/api/process_signature_request',
          // As bytes on the wire: a header carries Latin-1, so the override and the surrogate arrive garbled.
          headers: { ...caller.headers(), 'idempotency-key': Buffer.from(key, 'utf8').toString('latin1') },
          payload: body,
        },
      })),
    );
    expect(await problemsOf(probes)).toEqual([]);
  });
});
