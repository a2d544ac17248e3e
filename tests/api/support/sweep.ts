import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { EndpointDefinition, InputSource } from '../../../contract/define.js';
import { OWNED_ENTITIES, OWNED_TABLES } from '../../../contract/ownedTables.js';
import type { OwnedEntity } from '../../../contract/owners.js';
import { idFieldsOf } from '../../../contract/ownershipCoverage.js';
import { type Db, queryRows } from '../../../server/db/client.js';

/** Endpoints meant to answer without a token. Anything else declared public is a finding. */
export const PUBLIC_ENDPOINTS = new Set([
  'health',
  'signin',
  'secondFactorRequest',
  'sendCode',
  'passwordReset',
  'passwordResetConfirm',
  // Logos are not secret, and an <img> cannot send the token.
  'getCompanyLogo',
  // The FAQ page /frequently-asked-questions has no access list (SPEC §2.1).
  'listFaqArticles',
  // Anyone holding a signed document or its validation code may check it (issue 11).
  'validateCertificateCode',
  'validateCertificatePdf',
  // The auto-sign approver's link carries its own derived token.
  'checkStatusAutoSignRequest',
  'approveOrRejectAutoSignRequest',
  // The signer's pages: the link's token in the body is the credential (contract/endpoints/signing.ts).
  'verifyTokenSignRequest',
  'verifyTokenUser',
  'sendNotificationAttemptOpenDocument',
  'signerSendCode',
  'resendCode',
  'validateCode',
  'updatedCodeAsUsed',
  'detectFace',
  'uploadPhotosLogs',
  'uploadSignImages',
  'doSignRequest',
  'doRejectSignRequest',
  'doSignRequestMultiple',
  // The signer's copy of a finished request: their signing link's token, or the e-mailed link's.
  'signedRequestDocuments',
  'downloadSignedRequestDocument',
  'downloadSignedCopy',
]);

/** Routes outside the contract that may answer without a token (the API docs). */
const DOCS_PREFIX = '/api/docs';

export type SweepTokens = {
  /** A company user whose role has no permission at all. */
  noPermissions: string;
  /** A company user whose role has every permission (not the platform company). */
  companyAll: string;
  /** The platform administrator. */
  platformAdmin: string;
  /**
   * An API key of the same company as `companyAll`, with API access: refused (403) by every
   * endpoint not marked `apiKey`, and kept from another company's records by the marked ones.
   */
  apiKey?: string;
};

export type SweepContext = {
  app: FastifyInstance;
  endpoints: Record<string, EndpointDefinition>;
  tokens: SweepTokens;
  /** For each kind of owned record: the id of one that belongs to another company. */
  foreignIds: Record<OwnedEntity, number>;
};

const ENGLISH = /\b(the|invalid|must|required|bad request|not found|unauthorized|forbidden|error)\b/i;

/** A non-empty message with none of the usual English words (framework errors leak them). */
export const isSpanishMessage = (message: unknown): message is string =>
  typeof message === 'string' && message.length > 0 && !ENGLISH.test(message);

function fill(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(values[name] ?? 1)));
}

type Probe = { what: string; request: InjectOptions; expect: (status: number) => boolean; expected: string };

/**
 * Walks every route the app registered and every contract entry, and returns what is wrong:
 * a route outside the contract, a protected route answering without a token, a missing 403,
 * another tenant's record not answering 404, malformed input not answering 400/422 with a Spanish
 * message, or any 5xx.
 */
export async function sweepRoutes(context: SweepContext): Promise<string[]> {
  const { app, endpoints, tokens, foreignIds } = context;
  const problems: string[] = [];
  const contractUrls = new Map(
    Object.entries(endpoints).map(([name, entry]) => [
      `${entry.method} /api/${entry.path.replace(/\{(\w+)\}/g, ':$1')}`,
      name,
    ]),
  );

  const check = async (label: string, probe: Probe) => {
    const response: LightMyRequestResponse = await app.inject(probe.request);
    const status = response.statusCode;
    if (status >= 500) problems.push(`${label}: ${probe.what} → ${status} (nunca 5xx)`);
    else if (!probe.expect(status))
      problems.push(`${label}: ${probe.what} → ${status}, se esperaba ${probe.expected}`);
    if (status >= 400) {
      const message = (response.json() as { message?: unknown }).message;
      if (!isSpanishMessage(message)) {
        problems.push(`${label}: ${probe.what} → ${status} sin mensaje en español (${String(message)})`);
      }
    }
  };

  // 1. Every /api route, however it was registered.
  for (const route of app.registeredRoutes) {
    if (!route.url.startsWith('/api/') || route.url.startsWith(DOCS_PREFIX) || route.method === 'HEAD')
      continue;
    const key = `${route.method} ${route.url}`;
    const name = contractUrls.get(key);
    if (!name) problems.push(`${key}: ruta registrada fuera del contrato`);
    if (name && PUBLIC_ENDPOINTS.has(name)) continue;
    const url = route.url.replace(/:(\w+)/g, '1');
    await check(key, {
      what: 'sin token',
      request: {
        method: route.method as InjectOptions['method'],
        url,
        payload: route.method === 'GET' ? undefined : {},
      },
      expect: (status) => status === 401,
      expected: '401',
    });
  }

  // 2. Every contract entry, by its declaration.
  for (const [name, entry] of Object.entries(endpoints)) {
    const label = `${name} (${entry.method} ${entry.path})`;
    const example = entry.example ?? {};
    const url = (values: Record<string, unknown> = {}) =>
      `/api/${fill(entry.path, { ...example.params, ...values })}`;
    const request = (token: string | undefined, override: Partial<InjectOptions> = {}): InjectOptions => ({
      method: entry.method,
      url: url(),
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: entry.method === 'GET' ? undefined : ((example.body as object | undefined) ?? {}),
      ...override,
    });
    const withApiKey = (override: Partial<InjectOptions> = {}): InjectOptions => ({
      ...request(undefined, override),
      headers: { 'x-api-key': tokens.apiKey! },
    });

    if (entry.scope === 'public') {
      if (!PUBLIC_ENDPOINTS.has(name))
        problems.push(`${label}: declarado público sin estar en la lista de públicos`);
    } else {
      await check(label, {
        what: 'sin token',
        request: request(undefined),
        expect: (s) => s === 401,
        expected: '401',
      });
      await check(label, {
        what: 'token falso',
        request: request('x.y.z'),
        expect: (s) => s === 401,
        expected: '401',
      });
    }
    if (entry.permissions.length > 0) {
      await check(label, {
        what: 'sin el permiso',
        request: request(tokens.noPermissions),
        expect: (s) => s === 403,
        expected: '403',
      });
    }
    if (tokens.apiKey && entry.scope !== 'public' && !entry.apiKey) {
      await check(label, {
        what: 'clave de API en un endpoint no abierto a claves',
        request: withApiKey(),
        expect: (s) => s === 403,
        expected: '403',
      });
    }
    if (entry.scope === 'global') {
      await check(label, {
        what: 'usuario de una empresa cliente',
        request: request(tokens.companyAll),
        expect: (s) => s === 403,
        expected: '403',
      });
    }
    // Global endpoints refuse every customer company with 403 (above); only the platform, which sees
    // every tenant, gets as far as the ownership check.
    if (entry.scope !== 'global' && entry.scope !== 'public') {
      for (const probe of foreignIdProbes(entry, foreignIds)) {
        const value = probe.array ? [probe.id] : probe.id;
        const override: Partial<InjectOptions> =
          probe.from === 'params'
            ? { url: url({ [probe.field]: probe.id }) }
            : probe.from === 'query'
              ? { query: { ...example.query, [probe.field]: String(probe.id) } as Record<string, string> }
              : { payload: { ...(example.body as object), [probe.field]: value } };
        await check(label, {
          what: `${probe.entity} de otra empresa (${probe.from}.${probe.field}${probe.declared})`,
          request: request(tokens.companyAll, override),
          ...probe.expectation,
        });
        if (tokens.apiKey && entry.apiKey) {
          await check(label, {
            what: `${probe.entity} de otra empresa con clave de API (${probe.from}.${probe.field}${probe.declared})`,
            request: withApiKey(override),
            ...probe.expectation,
          });
        }
      }
    }
    // Malformed input, as the administrator so that only validation can refuse it.
    const paramSchemas = (entry.params && 'shape' in entry.params ? entry.params.shape : {}) as Record<
      string,
      { safeParse(value: unknown): { success: boolean } }
    >;
    for (const [param, schema] of Object.entries(paramSchemas)) {
      // A free-text parameter (a search term) takes any word, but must still bound its length.
      const malformed = schema.safeParse('no-es-valido').success ? 'x'.repeat(300) : 'no-es-valido';
      await check(label, {
        what: `parámetro ${param} malformado`,
        request: request(tokens.platformAdmin, { url: url({ [param]: malformed }) }),
        expect: (s) => s === 400 || s === 422 || s === 404,
        expected: '400/422',
      });
    }
    if (entry.body) {
      await check(label, {
        what: 'cuerpo de tipo incorrecto',
        request: request(tokens.platformAdmin, {
          payload: '"texto"',
          headers: { ...request(tokens.platformAdmin).headers, 'content-type': 'application/json' },
        }),
        expect: (s) => s === 400 || s === 422,
        expected: '400/422',
      });
      await check(label, {
        what: 'JSON roto',
        request: request(tokens.platformAdmin, {
          payload: '{"roto',
          headers: { ...request(tokens.platformAdmin).headers, 'content-type': 'application/json' },
        }),
        expect: (s) => s === 400,
        expected: '400',
      });
    }
  }
  return problems;
}

/** The owned entity a field name most likely names, when no rule says it. */
function guessedEntities(field: string): OwnedEntity[] {
  const name = field.toLowerCase().replace(/_/g, '');
  const guesses: [RegExp, OwnedEntity][] = [
    [/^(company|parent|branch)id/, 'company'],
    [/^userids?$/, 'user'],
    [/^(user)?groupids?$/, 'userGroup'],
    [/^documenttypeids?$/, 'documentType'],
    [/^(plan)?assignmentids?$/, 'planAssignment'],
    [/^downloadrequestids?$/, 'downloadRequest'],
  ];
  const guess = guesses.find(([pattern]) => pattern.test(name));
  return guess ? [guess[1]] : OWNED_ENTITIES;
}

type ForeignIdProbe = {
  from: InputSource;
  field: string;
  entity: OwnedEntity;
  id: number;
  array: boolean;
  declared: string;
  expectation: Pick<Probe, 'expect' | 'expected'>;
};

/**
 * Every id-like field of an endpoint, declared or not, with another company's id: a field with
 * an ownership rule must answer 404; a field marked "not a tenant record" must not fail (no 5xx);
 * a field with neither is probed with every kind of record it may name and must refuse them all.
 */
export function foreignIdProbes(
  entry: EndpointDefinition,
  foreignIds: Record<OwnedEntity, number>,
): ForeignIdProbe[] {
  const probes: ForeignIdProbe[] = [];
  for (const { from, field } of idFieldsOf(entry)) {
    if (field.includes('.')) continue;
    const array = /ids$/i.test(field);
    const rule = entry.owns?.find((owned) => owned.from === from && owned.field === field);
    const marked = entry.notTenant && field in entry.notTenant;
    // A marked field is probed once: only a failure (5xx) would be a finding.
    const guessed = guessedEntities(field);
    const entities = rule ? [rule.entity] : marked ? guessed.slice(0, 1) : guessed;
    for (const entity of entities) {
      probes.push({
        from,
        field,
        entity,
        id: foreignIds[entity],
        array,
        declared: rule ? '' : marked ? ', no es de un tenant' : ', sin regla',
        expectation: rule
          ? { expect: (s) => s === 404, expected: '404' }
          : marked
            ? { expect: (s) => s < 500, expected: 'sin error' }
            : { expect: (s) => s >= 400, expected: '4xx (sin regla de propiedad)' },
      });
    }
  }
  return probes;
}

/**
 * One record of company `companyId` in every owned table declared with a `sample` row (a
 * resource's own tables), so the sweep probes a new resource's ids with no fixture of its own.
 */
export async function insertSampleRecords(
  db: Db,
  companyId: number,
): Promise<Partial<Record<OwnedEntity, number>>> {
  const ids: Partial<Record<OwnedEntity, number>> = {};
  for (const entity of OWNED_ENTITIES) {
    const declared = OWNED_TABLES[entity];
    if (!declared.sample) continue;
    const values = { ...declared.sample, [declared.owner]: companyId };
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO ${sql.identifier(declared.table)} (${sql.join(
        Object.keys(values).map((column) => sql.identifier(column)),
        sql`, `,
      )}) VALUES (${sql.join(
        Object.values(values).map((value) => sql`${value}`),
        sql`, `,
      )}) RETURNING id`,
    );
    ids[entity] = Number(row!.id);
  }
  return ids;
}

/** Fails closed: every owned entity needs a foreign id, or the sweep would skip its probes. */
export function everyOwnedEntity(ids: Partial<Record<OwnedEntity, number>>): Record<OwnedEntity, number> {
  const missing = OWNED_ENTITIES.filter((entity) => ids[entity] === undefined);
  if (missing.length) {
    throw new Error(`Sin registro de otra empresa para: ${missing.join(', ')} (declare su \`sample\`)`);
  }
  return ids as Record<OwnedEntity, number>;
}
