import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { EndpointDefinition } from '../contract/define.js';
import { endpoints } from '../contract/index.js';
import { installSpanishZodMessages } from '../contract/validation.js';
import type { Deps } from './deps.js';
import { registerContract } from './http/contractRoutes.js';
import { errorServerOptions, installErrorHandling } from './http/errorHandler.js';
import type { Handler, Handlers } from './http/handlers.js';
import { installApiDocs } from './http/openapi.js';
import { installSecurityHeaders } from './http/security.js';
import { installSpa } from './http/spa.js';
import { installMailTracking } from './mail/tracking.js';
import { bannersHandlers } from './modules/banners/banners.handlers.js';
import { companiesHandlers } from './modules/companies/companies.handlers.js';
import { companyFeaturesHandlers } from './modules/companies/features.handlers.js';
import { documentGroupsHandlers } from './modules/documentGroups/documentGroups.handlers.js';
import { documentTypesHandlers } from './modules/documentTypes/documentTypes.handlers.js';
import { locationHandlers } from './modules/location/location.handlers.js';
import { notificationsHandlers } from './modules/notifications/notifications.handlers.js';
import { plansHandlers } from './modules/plans/plans.handlers.js';
import { publishingHandlers } from './modules/publishing/publishing.handlers.js';
import { sessionHandlers } from './modules/session/session.handlers.js';
import { statisticsHandlers } from './modules/statistics/statistics.handlers.js';
import { systemHandlers } from './modules/system/system.handlers.js';
import { templatesHandlers } from './modules/templates/templates.handlers.js';
import { userGroupsHandlers } from './modules/userGroups/userGroups.handlers.js';
import { usersHandlers } from './modules/users/users.handlers.js';
import { webDistFolder } from './paths.js';

/** Every module's handlers; the type makes a missing one a compile error, the route layer a start error. */
export const handlers: Handlers = {
  ...systemHandlers,
  ...sessionHandlers,
  ...usersHandlers,
  ...companiesHandlers,
  ...companyFeaturesHandlers,
  ...locationHandlers,
  ...notificationsHandlers,
  ...plansHandlers,
  ...bannersHandlers,
  ...publishingHandlers,
  ...statisticsHandlers,
  ...userGroupsHandlers,
  ...documentTypesHandlers,
  ...templatesHandlers,
  ...documentGroupsHandlers,
};

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
};

export async function buildApp(deps: Deps, options: BuildOptions = {}): Promise<FastifyInstance> {
  installSpanishZodMessages();
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    trustProxy: false,
    bodyLimit: 10 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    ...errorServerOptions,
  });
  const table = options.endpoints ?? endpoints;
  // Every route registered from here on, contract or not: the route sweep walks this list.
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url });
  });
  installErrorHandling(app);
  installSecurityHeaders(app);
  await installApiDocs(app, table);
  registerContract(
    app,
    deps,
    table,
    options.handlers ?? (handlers as unknown as Record<string, Handler<EndpointDefinition>>),
  );
  installMailTracking(app, deps);
  await installSpa(app, options.webRoot ?? webDistFolder());
  return app;
}
