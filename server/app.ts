import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { EndpointDefinition } from '../contract/define.js';
import { endpoints } from '../contract/index.js';
import { type MergedTables, mergeTables } from '../contract/registry.js';
import { installSpanishZodMessages } from '../contract/validation.js';
import type { Deps } from './deps.js';
import { handlerModules } from './handlers.generated.js';
import { registerContract } from './http/contractRoutes.js';
import { errorServerOptions, installErrorHandling } from './http/errorHandler.js';
import { installHandlerDrain } from './http/handlerDrain.js';
import type { Handler, Handlers } from './http/handlers.js';
import { installHealth } from './http/health.js';
import { installJsonBodyParser } from './http/jsonBody.js';
import { installMetrics } from './http/metrics.js';
import { installApiDocs } from './http/openapi.js';
import { REQUEST_LIMITS } from './http/requestLimits.js';
import { installSecurityHeaders } from './http/security.js';
import { installSpa } from './http/spa.js';
import { installMailTracking } from './mail/tracking.js';
import { webDistFolder } from './paths.js';
import { frameOriginsOfToken } from './requests/core/embedding.js';
import { signerLinkReplies } from './requests/core/signerLinks.js';

const isHandler = (value: unknown) => typeof value === 'function';

/**
 * Every handler: the tables exported by each `server/modules/<module>/*.handlers.ts` and
 * `server/requests/<stage>/*.handlers.ts`, found by the generated barrel, so a new module edits
 * nothing here. The type makes a missing
 * handler a compile error, the route layer a start error.
 */
export const handlers: Handlers = mergeTables(handlerModules, isHandler, 'Handler') as MergedTables<
  typeof handlerModules,
  Handler<never>
>;

export type RegisteredRoute = { method: string; url: string };

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: readonly RegisteredRoute[];
  }
}

export type BuildOptions = {
  /** Overrides for tests: another contract table or handler set. */
  endpoints?: Record<string, EndpointDefinition>;
  handlers?: Record<string, Handler<EndpointDefinition>>;
  webRoot?: string;
  /** A server opened before the app (server/http/startup.ts), instead of one of Fastify's own. */
  serverFactory?: FastifyServerOptions['serverFactory'];
};

/**
 * TRUST_PROXY as Fastify takes it: a hop count becomes the function Fastify itself makes of one
 * (its types accept no number): the first `hops` addresses from the socket's end are proxies.
 */
const trustProxyOption = (setting: Deps['config']['TRUST_PROXY']) =>
  typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;

export async function buildApp(deps: Deps, options: BuildOptions = {}): Promise<FastifyInstance> {
  installSpanishZodMessages();
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    trustProxy: trustProxyOption(deps.config.TRUST_PROXY),
    bodyLimit: REQUEST_LIMITS.bodyBytes,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: REQUEST_LIMITS.paramLength },
    ...errorServerOptions,
    ...(options.serverFactory ? { serverFactory: options.serverFactory } : {}),
  });
  const table = options.endpoints ?? endpoints;
  // Every route registered from here on, contract or not: the route sweep walks this list.
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url });
  });
  installHandlerDrain(app);
  installErrorHandling(app);
  // First, so the request-duration hook sees every route registered after it.
  installMetrics(app, deps);
  installJsonBodyParser(app);
  installSecurityHeaders(app, { frameOriginsOf: (token) => frameOriginsOfToken(deps.database.db, token) });
  // Replies over 1 KiB go compressed to clients that accept it (the signer's page on a phone link:
  // its document view is tens of KB of JSON). Files the build compressed already are left alone.
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await installApiDocs(app, table);
  registerContract(
    app,
    deps,
    table,
    options.handlers ?? (handlers as unknown as Record<string, Handler<EndpointDefinition>>),
    { keptReplies: signerLinkReplies(deps) },
  );
  installMailTracking(app, deps);
  installHealth(app, deps);
  await installSpa(app, options.webRoot ?? webDistFolder());
  return app;
}
