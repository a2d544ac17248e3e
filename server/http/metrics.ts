import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics } from 'prom-client';
import type { Deps } from '../deps.js';
import { notFound, unauthorized } from '../errors.js';

export const METRICS_PATH = '/metrics';

export const METRICS_MESSAGES = {
  off: 'Las métricas no están activadas en este servidor',
  token: 'Falta el token de métricas o no es válido',
} as const;

/** Compares the presented token with the configured one in constant time (both hashed to one length). */
function sameToken(presented: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

/**
 * `GET /metrics` in Prometheus's text format, with the duration of every request by its route's
 * pattern (`/api/get_users/:id`, never the URL itself, which may carry a signer's token). Off
 * (404) unless METRICS_TOKEN is set; then only `Authorization: Bearer <METRICS_TOKEN>` reads it.
 */
export function installMetrics(app: FastifyInstance, deps: Pick<Deps, 'config' | 'metrics'>): void {
  const token = deps.config.METRICS_TOKEN;
  const { metrics } = deps;
  if (token) {
    collectDefaultMetrics({ register: metrics.registry });
    app.addHook('onResponse', async (request, reply) => {
      metrics.httpDuration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });
  }
  app.get(METRICS_PATH, async (request, reply) => {
    if (!token) throw notFound(METRICS_MESSAGES.off);
    const presented = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!presented || !sameToken(presented, token)) {
      reply.header('www-authenticate', 'Bearer');
      throw unauthorized(METRICS_MESSAGES.token);
    }
    return reply.header('content-type', metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
