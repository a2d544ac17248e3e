import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../errors.js';
import { API_PREFIX } from './contractRoutes.js';

/**
 * The login page and the page the build writes for it (scripts/login-html.mjs): index.html with
 * the guest's form in it and the page's chunks named up front. Only the plain address: with a
 * query (`?unlock=…`) the form differs, and index.html is sent.
 */
const LOGIN_URL = '/session/login';
const LOGIN_HTML = 'login.html';

/**
 * Serves the built web app with history fallback: any GET outside /api that is not a file gets
 * index.html, so deep links and reloads work on real paths.
 */
export async function installSpa(app: FastifyInstance, webRoot: string): Promise<void> {
  const hasWeb = existsSync(join(webRoot, 'index.html'));
  const hasLoginHtml = existsSync(join(webRoot, LOGIN_HTML));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies (scripts/compress-web.mjs): sent to browsers that take them.
      preCompressed: true,
      maxAge: '1h',
      setHeaders: (response, path) => {
        // Hashed assets never change; index.html must be revalidated to pick up new builds.
        if (path.includes(`${join(webRoot, 'assets')}`)) {
          response.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (path.endsWith('.html')) {
          // A page kept for an hour would name chunks a new build has removed.
          response.header('cache-control', 'no-cache');
        }
      },
    });
    app.get('/assets/*', (request, reply) => {
      const file = (request.params as { '*': string })['*'];
      return reply.sendFile(join('assets', file));
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === API_PREFIX || request.url.startsWith(`${API_PREFIX}/`);
    if (hasWeb && request.method === 'GET' && !isApi && !request.url.startsWith('/assets/')) {
      const page = hasLoginHtml && request.url === LOGIN_URL ? LOGIN_HTML : 'index.html';
      return reply.header('cache-control', 'no-cache').sendFile(page);
    }
    return reply.status(404).send({ message: MESSAGES.routeNotFound });
  });
}
