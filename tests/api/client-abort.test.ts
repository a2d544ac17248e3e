import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../server/logger.js';
import { createTestApp, type TestApp } from './support/testApp.js';

/**
 * A browser that leaves a page closes the sockets of the requests still in flight. On a listening
 * server, with real sockets: nothing about it reaches the log above debug, and no reply (let alone
 * a 500) is attempted on the closed connection.
 */

type LogLine = { level: number; msg?: string; err?: { message?: string } };

const lines: LogLine[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
    done();
  },
});
const statuses: { url: string; status: number }[] = [];
const webRoot = mkdtempSync(join(tmpdir(), 'rubrica-web-'));
let t: TestApp;
let port: number;
let arrived: () => void = () => {};

beforeAll(async () => {
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Rúbrica</title><div id="root"></div>');
  mkdirSync(join(webRoot, 'assets'));
  // Large and without a .gz copy: compressed on the fly, several chunks long.
  writeFileSync(join(webRoot, 'assets', 'grande-abc123.js'), randomBytes(6_000_000).toString('base64'));
  t = await createTestApp({
    webRoot,
    logger: createLogger('debug', sink),
    extend: (app) => {
      app.addHook('onSend', async (request, reply, payload) => {
        statuses.push({ url: request.url, status: reply.statusCode });
        return payload;
      });
      // A list that takes a while: it answers only once its client has left.
      app.post('/prueba/lista-lenta', async (request) => {
        const socket = request.raw.socket;
        arrived();
        if (!socket.destroyed) await once(socket, 'close');
        return { data: Array.from({ length: 2000 }, (_, id) => ({ id, nombre: `Solicitud ${id}` })) };
      });
    },
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const open = async (request: string): Promise<Socket> => {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write(request);
  return socket;
};

const abortLines = (from: number) =>
  lines
    .slice(from)
    .filter((line) => /premature close|cerró la conexión/i.test(`${line.msg} ${line.err?.message}`));

describe('a client that leaves mid-request', () => {
  it('is not an error while its compressed reply is still being prepared, and gets no 500', async () => {
    const from = lines.length;
    const entered = new Promise<void>((resolve) => (arrived = resolve));
    const socket = await open(
      'POST /prueba/lista-lenta HTTP/1.1\r\nHost: rubrica\r\nAccept-Encoding: gzip\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
    );
    await entered;
    socket.destroy();
    // Fastify's failed stream and the compression pipe each report the close.
    await vi.waitFor(() => expect(abortLines(from).length).toBeGreaterThanOrEqual(2), { timeout: 20_000 });
    expect(lines.slice(from).filter((line) => line.level >= 40)).toEqual([]);
    expect(abortLines(from).every((line) => line.level <= 20)).toBe(true);
    // Its own reply went out (200) and was cut; no error reply followed it.
    expect(statuses.filter((each) => each.url === '/prueba/lista-lenta').map((each) => each.status)).toEqual([
      200,
    ]);
  });

  it('is not an error when it closes the socket in the middle of a compressed file', async () => {
    const from = lines.length;
    const socket = await open(
      'GET /assets/grande-abc123.js HTTP/1.1\r\nHost: rubrica\r\nAccept-Encoding: gzip\r\n\r\n',
    );
    await once(socket, 'data');
    socket.destroy();
    await vi.waitFor(() => expect(abortLines(from).length).toBeGreaterThanOrEqual(1), { timeout: 20_000 });
    expect(lines.slice(from).filter((line) => line.level >= 40)).toEqual([]);
    expect(abortLines(from).every((line) => line.level <= 20)).toBe(true);
  });
});
