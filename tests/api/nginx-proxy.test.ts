import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTools, missingReason } from '../../scripts/system-tools.mjs';
import { buildApp } from '../../server/app.js';
import { REQUEST_LIMITS } from '../../server/http/requestLimits.js';
import {
  OPEN_DOCUMENT_URL,
  openedFrom,
  SIGNIN_URL,
  twoSignerRequest,
  WRONG_SIGNIN,
} from './support/clientAddress.js';
import { createTestApp, type TestApp } from './support/testApp.js';

/**
 * The shipped deploy/nginx/rubrica.conf, run by Debian's nginx on loopback in front of two app
 * processes (one database) started with TRUST_PROXY=1: clients on 127.0.0.2 and 127.0.0.3 get
 * rate-limit buckets of their own and their own address in a signer's evidence, and a client's
 * forged X-Forwarded-For changes neither.
 */

const TEMPLATE = join(import.meta.dirname, '../../deploy/nginx/rubrica.conf');
const nginxMissing = missingReason(['nginx']);
const SIGNIN_LIMIT = 2;

/** The template with its marked lines pointed at this test's processes and port. */
function renderNginxConfig(template: string, upstreams: string[], listen: string): string {
  const processLine = /^(\s*)server \S+;\s*# rubrica-process\n/gm;
  const listenLine = /^(\s*)listen \S+;\s*# rubrica-listen$/m;
  if (!processLine.test(template) || !listenLine.test(template))
    throw new Error('rubrica.conf: faltan las líneas marcadas «# rubrica-process» y «# rubrica-listen»');
  let first = true;
  return template
    .replace(processLine, (_line, indent: string) => {
      if (!first) return '';
      first = false;
      return upstreams.map((address) => `${indent}server ${address};\n`).join('');
    })
    .replace(listenLine, `$1listen ${listen};`);
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Resolves once `port` accepts a connection; rejects if the server process ended first. */
async function acceptsConnections(port: number, exited: () => string | null): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const ended = exited();
    if (ended !== null) throw new Error(`nginx terminó al arrancar: ${ended}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => resolve(true));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (attempt > 600) throw new Error('nginx no abrió su puerto');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

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
    const size = /client_max_body_size (\d+)m;/.exec(readFileSync(TEMPLATE, 'utf8'))?.[1];
    expect(Number(size) * 1024 * 1024).toBe(REQUEST_LIMITS.bodyBytes);
  });
});

describe.skipIf(nginxMissing)(
  `behind nginx with TRUST_PROXY=1${nginxMissing ? ` (omitido: ${nginxMissing})` : ''}`,
  () => {
    let t: TestApp;
    let second: FastifyInstance;
    let prefix: string;
    let nginx: ReturnType<typeof spawn>;
    let port: number;
    let exit: string | null = null;

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
      port = await freePort();
      prefix = mkdtempSync(join(tmpdir(), 'rubrica-nginx-'));
      mkdirSync(join(prefix, 'logs'));
      const site = renderNginxConfig(readFileSync(TEMPLATE, 'utf8'), upstreams, `127.0.0.1:${port}`);
      const root = typeof process.getuid === 'function' && process.getuid() === 0;
      writeFileSync(
        join(prefix, 'nginx.conf'),
        [
          'daemon off;',
          'master_process on;',
          'worker_processes 1;',
          // Workers as root only when the test is root: they write temp files under this prefix.
          root ? 'user root;' : '',
          `pid ${join(prefix, 'nginx.pid')};`,
          `error_log ${join(prefix, 'logs', 'error.log')} warn;`,
          'events { worker_connections 64; }',
          'http {',
          `  access_log ${join(prefix, 'logs', 'access.log')};`,
          ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
            (kind) => `  ${kind}_temp_path ${join(prefix, `${kind}_temp`)};`,
          ),
          site,
          '}',
        ].join('\n'),
      );
      const binary = findTools().nginx as string;
      nginx = spawn(
        binary,
        ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'logs', 'error.log')],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
      let stderr = '';
      nginx.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      nginx.on('exit', (code) => {
        exit = `código ${code}: ${stderr}${readFileSync(join(prefix, 'logs', 'error.log'), 'utf8')}`;
      });
      await acceptsConnections(port, () => exit);
    });

    afterAll(async () => {
      if (nginx && exit === null) {
        const ended = new Promise((resolve) => nginx.once('exit', resolve));
        // Fast shutdown: a graceful one waits a minute on its idle upstream connections.
        nginx.kill('SIGTERM');
        await ended;
      }
      await second?.close();
      await t?.close();
      if (prefix) rmSync(prefix, { recursive: true, force: true });
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
