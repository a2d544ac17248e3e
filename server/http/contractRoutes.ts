import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { EndpointDefinition } from '../../contract/define.js';
import { fieldErrors } from '../../contract/validation.js';
import { auditLog } from '../db/schema/index.js';
import type { Actor, Deps } from '../deps.js';
import { HttpProblem, MESSAGES } from '../errors.js';
import { streamStarted } from './fileReply.js';
import { authenticateCall, authorize, authorizeSelfOr, forgetActors } from './guard.js';
import type { FileReply, Handler } from './handlers.js';
import { claimIdempotencyKey, type IdempotencyClaim, type KeptReplyCodec } from './idempotency.js';
import { refuseControlCharacters } from './inputText.js';
import { checkOwnership } from './ownership.js';
import { hitRateLimit } from './rateLimit.js';

export const API_PREFIX = '/api';

/** `get_users/{id}` → `/api/get_users/:id` */
export const fastifyUrl = (path: string) => `${API_PREFIX}/${path.replace(/\{(\w+)\}/g, ':$1')}`;

/** Refuses a contract with an endpoint lacking its handler, or a handler naming no endpoint. */
export function assertHandlersMatchContract(
  endpoints: Record<string, EndpointDefinition>,
  handlers: Record<string, unknown>,
): void {
  const missing = Object.keys(endpoints).filter((name) => typeof handlers[name] !== 'function');
  const orphan = Object.keys(handlers).filter((name) => !(name in endpoints));
  const problems = [
    ...missing.map((name) => {
      const entry = endpoints[name]!;
      return `el endpoint «${name}» (${entry.method} ${entry.path}) del contrato no tiene handler`;
    }),
    ...orphan.map((name) => `el handler «${name}» no corresponde a ningún endpoint del contrato`),
  ];
  if (problems.length) throw new Error(`Contrato y handlers no coinciden: ${problems.join('; ')}`);
}

function parseInput<S extends z.ZodType>(schema: S | undefined, value: unknown, status: 400 | 422) {
  // Before any schema: no control character reaches a service, a query or the log.
  refuseControlCharacters(value, status);
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  throw new HttpProblem(
    status,
    status === 400 ? MESSAGES.invalidParams : MESSAGES.invalidBody,
    fieldErrors(result.error),
  );
}

const clientIp = (request: FastifyRequest) => request.ip;

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `attachment` (or `inline`) with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export const contentDisposition = (filename: string, type: 'attachment' | 'inline' = 'attachment') =>
  `${type}; filename="${filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`;

/** The audit row of a state-changing call (every call of an API key): the real actor and the effective user. */
async function auditCall(deps: Deps, actor: Actor, action: string, params: unknown, ip: string) {
  await deps.database.db.insert(auditLog).values({
    actorUserId: actor.apiClient ? null : (actor.impersonatorUserId ?? actor.userId),
    effectiveUserId: actor.apiClient ? null : actor.userId,
    companyId: actor.companyId,
    action,
    entity: actor.apiClient ? 'api_key' : null,
    entityId: typeof params === 'object' && params && 'id' in params ? String(params.id) : null,
    ip,
    details: actor.apiKey ? { api_key_id: actor.apiKey.id, api_key_name: actor.apiKey.name } : null,
  });
}

async function runHandler<T>(changes: boolean, work: () => Promise<T>): Promise<T> {
  if (!changes) return work();
  try {
    return await work();
  } finally {
    forgetActors();
  }
}

/**
 * Registers every contract entry as a Fastify route. This is the one place that authenticates,
 * authorises (scope + permissions), applies rate limits, validates input, checks that named
 * records belong to the caller's tenant, strips replies to their schema and audits changes.
 */
export function registerContract(
  app: FastifyInstance,
  deps: Deps,
  endpoints: Record<string, EndpointDefinition>,
  handlers: Record<string, Handler<EndpointDefinition>>,
  options: { keptReplies?: KeptReplyCodec } = {},
): void {
  assertHandlersMatchContract(endpoints, handlers);
  const { SIGNIN_RATE_LIMIT_PER_MINUTE: signinMax, RATE_LIMIT_SCALE: scale } = deps.config;
  /** The declared per-IP maximum, as configured for this deployment. */
  const maxHits = ({ bucket, max }: NonNullable<EndpointDefinition['rateLimit']>) =>
    bucket === 'signin-ip' && signinMax ? signinMax : Math.ceil(max * scale);
  for (const [name, definition] of Object.entries(endpoints)) {
    const handler = handlers[name]!;
    app.route({
      method: definition.method,
      url: fastifyUrl(definition.path),
      handler: async (request, reply) => {
        const ip = clientIp(request);
        let actor: Actor | null = null;
        if (definition.scope !== 'public') {
          actor = await authenticateCall(deps, definition, { headers: request.headers, ip });
          authorize(definition, actor);
        }
        if (definition.rateLimit) {
          const { bucket, windowSeconds } = definition.rateLimit;
          await hitRateLimit(
            deps.database.db,
            `${bucket}:${ip}`,
            maxHits(definition.rateLimit),
            windowSeconds,
          );
        }
        const params = parseInput(definition.params, request.params, 400);
        if (actor) authorizeSelfOr(definition, actor, params);
        const query = parseInput(definition.query, request.query, 400);
        const body = parseInput(definition.body, request.body, 422);
        if (actor && definition.owns) {
          await checkOwnership(deps.database.db, actor, definition.owns, { params, query, body });
        }
        const idempotencyKey = request.headers['idempotency-key'];
        let claim: IdempotencyClaim | null = null;
        if (definition.idempotent && actor && typeof idempotencyKey === 'string') {
          const claimed = await claimIdempotencyKey(
            deps,
            actor,
            {
              endpoint: name,
              key: idempotencyKey,
              input: { params, query, body },
            },
            options.keptReplies,
          );
          if ('replay' in claimed) {
            return reply
              .code(claimed.replay.status)
              .header('idempotent-replayed', 'true')
              .send(claimed.replay.body);
          }
          claim = claimed.claim;
        }
        // A call that may change sessions, users, roles or companies: no cached actor outlives it,
        // even when it fails halfway.
        const changes = definition.method !== 'GET' && !definition.readOnly;
        let result: Awaited<ReturnType<typeof handler>>;
        try {
          result = await runHandler(changes, () =>
            handler({
              deps,
              actor: actor as Actor,
              params,
              query,
              body,
              ip,
              userAgent: request.headers['user-agent'],
              request,
            }),
          );
        } catch (error) {
          // Nothing was created: a retry with the same key runs again.
          await claim?.release();
          throw error;
        }
        if (actor && (actor.apiClient || (definition.method !== 'GET' && !definition.skipAudit))) {
          await auditCall(deps, actor, name, params, ip);
        }
        if ('file' in result) {
          await claim?.release();
          const { stream, filename, contentType, maxAgeSeconds } = result.file as FileReply;
          await streamStarted(stream);
          const image = definition.produces === 'image';
          const shown = image || definition.produces === 'inline';
          if (image && maxAgeSeconds) reply.header('cache-control', `public, max-age=${maxAgeSeconds}`);
          const type =
            definition.produces === 'xlsx' ? XLSX_MIME : (contentType ?? 'application/octet-stream');
          return reply
            .header('content-type', type)
            .header('content-disposition', contentDisposition(filename, shown ? 'inline' : 'attachment'))
            .send(stream);
        }
        const data = definition.reply.parse(result.data);
        const answer = {
          status: definition.successStatus ?? 200,
          body: { data, message: result.message ?? MESSAGES.success },
        };
        await claim?.keep(answer);
        return reply.code(answer.status).send(answer.body);
      },
    });
  }
}
