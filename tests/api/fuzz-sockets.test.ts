import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSpanishMessage } from './support/sweep.js';
import { createTestApp, type TestApp } from './support/testApp.js';

/** Raw HTTP that Node refuses before Fastify sees a request: the reply is still Spanish JSON. */
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** Sends raw bytes and reads until the server closes the connection. */
function rawRequest(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      received += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
    socket.write(bytes);
  });
}

const parse = (reply: string) => {
  const [head = '', body = ''] = reply.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), head, body };
};

describe('malformed HTTP on a real socket', () => {
  it('answers headers over the limit with 431 in Spanish', async () => {
    const reply = parse(
      await rawRequest(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Relleno: ${'r'.repeat(20 * 1024)}\r\n\r\n`),
    );
    expect(reply.status).toBe(431);
    expect(isSpanishMessage(JSON.parse(reply.body).message)).toBe(true);
  });

  it('answers a malformed request line or header with 400 in Spanish, echoing nothing', async () => {
    for (const bytes of [
      'GET /api/health HTTP/1.1\r\nHost: x\r\nMal\u0001Encabezado: y\r\n\r\n',
      'BASURA\r\n\r\n',
      'GET /api/health HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n',
    ]) {
      const reply = parse(await rawRequest(bytes));
      expect(reply.status).toBe(400);
      const { message } = JSON.parse(reply.body);
      expect(isSpanishMessage(message)).toBe(true);
      expect(reply.body).not.toMatch(/Mal|BASURA|-5/);
    }
  });
});
