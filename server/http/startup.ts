import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import { HEALTH_PATHS } from './health.js';

type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;

export const STARTING_MESSAGE =
  'Rúbrica está arrancando: aplicando las migraciones de la base de datos; intente de nuevo en unos segundos';

/** Until the app takes over: alive (200) for the liveness probe, 503 for anything else. */
const whileStarting: RequestHandler = (request, response) => {
  const live = request.url?.split('?')[0] === HEALTH_PATHS.live;
  response.writeHead(live ? 200 : 503, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...(live ? {} : { 'retry-after': '5' }),
  });
  response.end(JSON.stringify(live ? { status: 'ok' } : { status: 'starting', message: STARTING_MESSAGE }));
};

export type EarlyServer = {
  server: Server;
  /** For buildApp's `serverFactory`: the app is built on this server (it does not listen again). */
  serverFactory: NonNullable<FastifyServerOptions['serverFactory']>;
  /** From now on every request goes to the app (call once it is ready). */
  handOver(): void;
  /** Stops accepting connections and ends the idle ones (after `app.close()` drained the handlers). */
  close(): Promise<void>;
};

/**
 * Opens the HTTP port before the database is migrated, so that probes can tell a process that is
 * starting (live, not ready) from one that is gone: migrating a large database can outlast a
 * liveness probe's patience. The app built afterwards answers on the same server.
 */
export async function listenEarly(port: number, host: string): Promise<EarlyServer> {
  let handler: RequestHandler = whileStarting;
  let appHandler: RequestHandler | undefined;
  const server = createServer((request, response) => handler(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    server,
    serverFactory: (fastifyHandler, options) => {
      appHandler = fastifyHandler;
      // What Fastify sets on a server of its own (its defaults are filled in by then).
      const timing = options as {
        keepAliveTimeout?: number;
        requestTimeout?: number;
        connectionTimeout?: number;
      };
      if (timing.keepAliveTimeout) server.keepAliveTimeout = timing.keepAliveTimeout;
      if (timing.requestTimeout !== undefined) server.requestTimeout = timing.requestTimeout;
      if (timing.connectionTimeout) server.setTimeout(timing.connectionTimeout);
      return server;
    },
    handOver() {
      if (!appHandler) throw new Error('La aplicación no se construyó sobre el servidor temprano');
      handler = appHandler;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
