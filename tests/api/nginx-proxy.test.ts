import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { REQUEST_LIMITS } from '../../server/http/requestLimits.js';
import {
  OPEN_DOCUMENT_URL,
  openedFrom,
  SIGNIN_URL,
  twoSignerRequest,
  WRONG_SIGNIN,
} from './support/clientAddress.js';
import { NGINX_TEMPLATE, type Nginx, nginxMissing, startNginx } from './support/nginx.js';
import { createTestApp, type TestApp } from './support/testApp.js';

/**
 * The shipped deploy/nginx/rubrica.conf, run by Debian's nginx on loopback in front of two app
 * processes (one database) started with TRUST_PROXY=1: clients on 127.0.0.2 and 127.0.0.3 get
 * rate-limit buckets of their own and their own address in a signer's evidence, and a client's
 * forged X-Forwarded-For changes neither.
 */

const SIGNIN_LIMIT = 2;

/** A POST through nginx from the client address `localAddress`. */
function post(
  port: number,
  localAddress: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        localAddress,
        // A connection per request: nothing is left open to hold nginx's shutdown.
        agent: false,
        method: 'POST',
        path,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

describe('the shipped nginx config', () => {
  it('allows the bodies the app allows, no more', () => {
    const size = /client_max_body_size (\d+)m;/.exec(readFileSync(NGINX_TEMPLATE, 'utf8'))?.[1];
    expect(Number(size) * 1024 * 1024).toBe(REQUEST_LIMITS.bodyBytes);
  });
});

describe.skipIf(nginxMissing)(
  `behind nginx with TRUST_PROXY=1${nginxMissing ? ` (omitido: ${nginxMissing})` : ''}`,
  () => {
    let t: TestApp;
    let second: FastifyInstance;
    let nginx: Nginx;
    let port: number;

    beforeAll(async () => {
      t = await createTestApp({
        env: { TRUST_PROXY: '1', SIGNIN_RATE_LIMIT_PER_MINUTE: String(SIGNIN_LIMIT) },
      });
      // A second process of the same deployment: same database, same settings.
      second = await buildApp(t.deps);
      const upstreams = [
        await t.app.listen({ port: 0, host: '127.0.0.1' }),
        await second.listen({ port: 0, host: '127.0.0.1' }),
      ].map((address) => new URL(address).host);
      nginx = await startNginx(upstreams);
      port = nginx.port;
    });

    afterAll(async () => {
      await nginx?.stop();
      await second?.close();
      await t?.close();
    });

    const signin = (client: string, headers?: Record<string, string>) =>
      post(port, client, SIGNIN_URL, WRONG_SIGNIN, headers).then((response) => response.status);

    it('gives two clients separate rate-limit buckets, whichever process answers', async () => {
      expect(await signin('127.0.0.2')).toBe(401);
      // A forged header: nginx appends the address it saw, the one the app believes.
      expect(await signin('127.0.0.2', { 'x-forwarded-for': '198.51.100.9' })).toBe(401);
      expect(await signin('127.0.0.3')).toBe(401);
      expect(await signin('127.0.0.2', { 'x-forwarded-for': '198.51.100.10' })).toBe(429);
      expect(await signin('127.0.0.3')).toBe(401);
      expect(await signin('127.0.0.3')).toBe(429);
    });

    it("records each client's own address in the signer's evidence", async () => {
      const { requestId, signers } = await twoSignerRequest(t, 'nginx');
      const first = await post(port, '127.0.0.2', OPEN_DOCUMENT_URL, { token: signers[0]!.token });
      const secondOpen = await post(
        port,
        '127.0.0.3',
        OPEN_DOCUMENT_URL,
        { token: signers[1]!.token },
        {
          'x-forwarded-for': '203.0.113.99',
        },
      );
      expect([first.status, secondOpen.status]).toEqual([200, 200]);
      expect(await openedFrom(t, requestId)).toEqual({
        [signers[0]!.id]: '127.0.0.2',
        [signers[1]!.id]: '127.0.0.3',
      });
    });
  },
);
