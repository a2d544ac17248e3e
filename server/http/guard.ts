import { sql } from 'drizzle-orm';
import { refusalOf } from '../../contract/access.js';
import { type EndpointDefinition, INTEGRATION_ROLE } from '../../contract/define.js';
import { PLATFORM_COMPANY_ID } from '../../contract/permissions.js';
import { type Db, queryRows } from '../db/client.js';
import { enabledFeatureKeys } from '../db/companyFeatures.js';
import type { Actor, Deps } from '../deps.js';
import { forbidden, MESSAGES, unauthorized } from '../errors.js';
import { findApiKey, touchApiKey } from './apiKeys.js';
import { checkRateLimit, hitRateLimit, recordRateLimitHit } from './rateLimit.js';

type SessionRow = {
  user_id: number;
  company_id: number;
  role_id: number;
  user_status: string;
  deleted: boolean;
  company_deleted: boolean;
  impersonator_user_id: number | null;
  permissions: string[];
  branch_ids: number[];
};

/** Loads the actor of a live session in one query; null when the session is revoked, expired or the user inactive or deleted. */
export async function loadActor(db: Db, sessionId: string, userId: number): Promise<Actor | null> {
  const [row] = await queryRows<SessionRow>(
    db,
    sql`
    SELECT u.id AS user_id, u.company_id, u.role_id, u.status AS user_status,
           u.deleted_at IS NOT NULL AS deleted, uc.deleted_at IS NOT NULL AS company_deleted,
           s.impersonator_user_id,
           ARRAY(SELECT permission FROM role_permissions rp WHERE rp.role_id = u.role_id) AS permissions,
           ARRAY(SELECT c.id FROM companies c WHERE c.parent_id = u.company_id AND c.deleted_at IS NULL) AS branch_ids
    FROM sessions s JOIN users u ON u.id = s.user_id JOIN companies uc ON uc.id = u.company_id
    WHERE s.id = ${sessionId} AND s.user_id = ${userId} AND s.revoked_at IS NULL AND s.expires_at > now()`,
  );
  // The users of a deleted company lose their sessions with it.
  if (row?.user_status !== 'active' || row.deleted || row.company_deleted) return null;
  return {
    userId: row.user_id,
    sessionId,
    companyId: row.company_id,
    roleId: row.role_id,
    permissions: new Set(row.permissions),
    impersonatorUserId: row.impersonator_user_id,
    visibleCompanyIds:
      row.company_id === PLATFORM_COMPANY_ID ? 'all' : [row.company_id, ...row.branch_ids.map(Number)],
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * How long this process trusts a loaded actor without asking the database again. Any change made
 * through this process (logout, revocation, a user or company edited or deleted) empties the cache
 * at once (see `forgetActors`); a change made by another process shows within this time.
 */
export const ACTOR_CACHE_MS = 1000;
const ACTOR_CACHE_MAX = 10_000;

type CachedActor = { actor: Actor; userId: number; until: number };
const cachedActors = new Map<string, CachedActor>();

/** Empties the actor cache: called after every request that may change who may do what. */
export function forgetActors(): void {
  cachedActors.clear();
}

async function cachedActor(db: Db, sessionId: string, userId: number): Promise<Actor | null> {
  const now = performance.now();
  const cached = cachedActors.get(sessionId);
  if (cached && cached.until > now && cached.userId === userId) return cached.actor;
  const actor = await loadActor(db, sessionId, userId);
  if (!actor) {
    cachedActors.delete(sessionId);
    return null;
  }
  if (cachedActors.size >= ACTOR_CACHE_MAX) cachedActors.clear();
  cachedActors.set(sessionId, { actor, userId, until: now + ACTOR_CACHE_MS });
  return actor;
}

/** The actor behind a bearer token, or a 401. */
export async function authenticate(deps: Deps, authorization: string | undefined): Promise<Actor> {
  const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!token) throw unauthorized();
  const claims = await deps.tokens.verify(token);
  if (!claims || !UUID.test(claims.sid)) throw unauthorized(MESSAGES.sessionExpired);
  const actor = await cachedActor(deps.database.db, claims.sid, claims.id);
  if (!actor) throw unauthorized(MESSAGES.sessionExpired);
  return actor;
}

export const API_KEY_MESSAGES = {
  invalid: 'La clave de API no es válida',
  notAllowed: 'Esta operación no está disponible con la clave de API',
  disabled: 'La empresa no tiene habilitado el acceso por API',
  revoked: 'La clave de API fue revocada; use otra clave activa de la empresa',
} as const;

/** Calls per minute of one API key, and failed keys per minute from one address. */
export const API_KEY_LIMITS = { callsPerMinute: 120, failuresPerMinute: 20 } as const;

/** The key a server-to-server call carries (`Authorization: ApiKey <key>` or `X-Api-Key`), if any. */
export function apiKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const authorization = headers.authorization;
  const fromAuthorization =
    typeof authorization === 'string' ? authorization.match(/^ApiKey\s+(\S+)$/i)?.[1] : undefined;
  const header = headers['x-api-key'];
  return fromAuthorization ?? (typeof header === 'string' && header.trim() ? header.trim() : undefined);
}

/**
 * The actor of an API-key call: the integration role's permissions in the key's company only (no
 * branches, no user). A wrong key is 401 (and counts toward the address's failure limit); a revoked
 * key, a valid key on an endpoint the contract does not open to keys, or of a company without API
 * access, 403; each key is rate-limited on its own and its last use noted (once a minute at most).
 */
export async function authenticateApiKey(
  deps: Deps,
  definition: EndpointDefinition,
  key: string,
  ip: string,
  scale = 1,
): Promise<Actor> {
  const { db } = deps.database;
  const failures = {
    key: `api-key-failure:${ip}`,
    max: Math.ceil(API_KEY_LIMITS.failuresPerMinute * scale),
    windowSeconds: 60,
  };
  await checkRateLimit(db, failures);
  const holder = await findApiKey(db, key);
  if (holder === null) {
    await recordRateLimitHit(db, failures);
    throw unauthorized(API_KEY_MESSAGES.invalid);
  }
  if (holder.revoked) throw forbidden(API_KEY_MESSAGES.revoked);
  const { companyId, keyId } = holder;
  if (!definition.apiKey) throw forbidden(API_KEY_MESSAGES.notAllowed);
  if (!(await enabledFeatureKeys(db, companyId)).includes('api_access'))
    throw forbidden(API_KEY_MESSAGES.disabled);
  await hitRateLimit(db, `api-key-id:${keyId}`, Math.ceil(API_KEY_LIMITS.callsPerMinute * scale), 60);
  await touchApiKey(db, keyId);
  return {
    userId: 0,
    sessionId: `api-key:${keyId}`,
    companyId,
    roleId: 0,
    permissions: new Set(INTEGRATION_ROLE.permissions),
    impersonatorUserId: null,
    visibleCompanyIds: [companyId],
    apiClient: true,
    apiKey: { id: keyId, name: holder.name },
  };
}

/** The caller of a non-public endpoint: a company's API key when one is given, else the bearer token's session. */
export async function authenticateCall(
  deps: Deps,
  definition: EndpointDefinition,
  request: { headers: Record<string, string | string[] | undefined>; ip: string },
): Promise<Actor> {
  const key = apiKeyOf(request.headers);
  if (key) return authenticateApiKey(deps, definition, key, request.ip, deps.config.RATE_LIMIT_SCALE);
  const authorization = request.headers.authorization;
  return authenticate(deps, typeof authorization === 'string' ? authorization : undefined);
}

/**
 * Scope and permission checks declared by the contract entry (403 when they fail), by the rule the
 * web app also reads to show an action only to those who may use it (contract/access.ts).
 */
export function authorize(definition: EndpointDefinition, actor: Actor): void {
  const refusal = refusalOf(definition, {
    permissions: actor.permissions,
    companyId: actor.companyId,
    impersonating: actor.impersonatorUserId !== null,
  });
  if (refusal === 'platform_only') throw forbidden(MESSAGES.platformOnly);
  if (refusal === 'impersonating') throw forbidden(MESSAGES.impersonationRefused);
  if (refusal) throw forbidden();
}

/** The `selfOr` rule: a user reads their own record freely, another's only with the listed permissions. */
export function authorizeSelfOr(definition: EndpointDefinition, actor: Actor, params: unknown): void {
  const rule = definition.selfOr;
  if (!rule) return;
  const target = (params as Record<string, unknown> | undefined)?.[rule.param];
  if (target === actor.userId) return;
  for (const permission of rule.permissions) {
    if (!actor.permissions.has(permission)) throw forbidden();
  }
}
