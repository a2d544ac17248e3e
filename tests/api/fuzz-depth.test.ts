import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../server/errors.js';
import { REQUEST_LIMITS } from '../../server/http/requestLimits.js';
import { isSpanishMessage } from './support/sweep.js';
import { ADMIN, bearer, createTestApp, type TestApp } from './support/testApp.js';

/**
 * JSON nested far deeper than any body needs, sent to every route the app registered (contract,
 * docs, mail pixel, web app), with no token and as the administrator. A route that reads a body
 * refuses it with 400 and the nesting message before anything parses it; no route answers 5xx.
 * GET and HEAD bodies are never read: those routes answer as they would without one (and take
 * the deep JSON in their query string, which does not nest).
 */

const DEEP_BODIES = {
  '100.000 listas': `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
  '10.000 objetos': `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
};
/** As deep as a query string may be while the request line still fits Node's header limit. */
const DEEP_QUERY = encodeURIComponent(`${'['.repeat(2_000)}${']'.repeat(2_000)}`);
const BODYLESS = new Set(['GET', 'HEAD']);

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.signin(ADMIN.email, ADMIN.password);
});
afterAll(() => t.close());

const urlOf = (route: string) => route.replace(/:\w+/g, '1').replace(/\*$/, 'x');

async function probe(label: string, request: InjectOptions, expectRefusal: boolean): Promise<string | null> {
  const response = await t.app.inject(request);
  const status = response.statusCode;
  if (status >= 500) return `${label}: ${status}`;
  // A HEAD reply has no body to carry a message.
  if (request.method === 'HEAD' || (!expectRefusal && status < 400)) return null;
  let message: unknown;
  try {
    message = (response.json() as { message?: unknown }).message;
  } catch {
    return `${label}: ${status} sin JSON`;
  }
  if (expectRefusal) {
    const expected = MESSAGES.bodyTooDeep(REQUEST_LIMITS.bodyDepth);
    return status === 400 && message === expected ? null : `${label}: ${status} ${String(message)}`;
  }
  return isSpanishMessage(message) ? null : `${label}: ${status} sin mensaje en español`;
}

describe('JSON nested too deep, on every registered route', () => {
  it('reaches every kind of route the app has', () => {
    const methods = new Set(t.app.registeredRoutes.map((route) => route.method));
    expect([...methods]).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']));
    expect(t.app.registeredRoutes.length).toBeGreaterThan(190);
  });

  it('answers 400 with the nesting message wherever a body is read, and never 5xx', async () => {
    const problems: string[] = [];
    let refused = 0;
    for (const route of t.app.registeredRoutes) {
      const url = urlOf(route.url);
      const method = route.method as InjectOptions['method'];
      const takesBody = !BODYLESS.has(route.method);
      for (const [shape, payload] of Object.entries(DEEP_BODIES)) {
        for (const headers of [{}, bearer(adminToken)]) {
          const label = `${route.method} ${route.url} (${shape}${'authorization' in headers ? ', administrador' : ''})`;
          const request = {
            method,
            url,
            payload,
            headers: { ...headers, 'content-type': 'application/json' },
          };
          const problem = await probe(label, request, takesBody);
          if (problem) problems.push(problem);
          else if (takesBody) refused++;
        }
      }
      if (!takesBody) {
        const problem = await probe(
          `${route.method} ${route.url} (consulta anidada)`,
          {
            method,
            url: `${url}?q=${DEEP_QUERY}&filter=${DEEP_QUERY}`,
            headers: bearer(adminToken),
          },
          false,
        );
        if (problem) problems.push(problem);
      }
    }
    expect(problems).toEqual([]);
    expect(refused).toBeGreaterThan(100 * 4);
  });

  it('still accepts a body at the limit', async () => {
    const nested = (depth: number): unknown => (depth <= 1 ? {} : { a: nested(depth - 1) });
    // A body one level under the limit is parsed; the route then refuses the unknown field, not its depth.
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: { email: ADMIN.email, password: ADMIN.password, extra: nested(REQUEST_LIMITS.bodyDepth - 1) },
    });
    expect(response.statusCode).toBe(200);
  });
});
