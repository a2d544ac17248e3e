import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandling } from './errorHandler.js';
import { jsonNestsDeeperThan as deeper, installJsonBodyParser } from './jsonBody.js';

const arrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const objects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('jsonNestsDeeperThan', () => {
  it('accepts exactly the limit and refuses one level more, arrays and objects alike', () => {
    expect(deeper(arrays(64), 64)).toBe(false);
    expect(deeper(arrays(65), 64)).toBe(true);
    expect(deeper(objects(64), 64)).toBe(false);
    expect(deeper(objects(65), 64)).toBe(true);
    expect(deeper(`{"a":[{"b":[1,2]},{"c":{}}],"d":[]}`, 4)).toBe(false);
    expect(deeper(`{"a":[{"b":[1,2]},{"c":{}}],"d":[]}`, 3)).toBe(true);
  });

  it('counts the depth reached, not the brackets seen: siblings do not add up', () => {
    const wide = `[${Array.from({ length: 10_000 }, () => '[[1]]').join(',')}]`;
    expect(deeper(wide, 3)).toBe(false);
    expect(deeper(wide, 2)).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes and backslashes included', () => {
    expect(deeper(JSON.stringify({ text: '[[[[{{{{' }), 1)).toBe(false);
    expect(deeper(JSON.stringify({ text: 'dijo \\"[[[[\\" y \\\\' }), 1)).toBe(false);
    expect(deeper(JSON.stringify({ text: 'dijo "[[[[" y "{{{{"' }), 1)).toBe(false);
    // An escaped backslash before the closing quote ends the string: the brackets after it count.
    expect(deeper(`{"a":"x\\\\","b":[[1]]}`, 2)).toBe(true);
    expect(deeper(`{"a":"x\\\\","b":[[1]]}`, 3)).toBe(false);
    expect(deeper(JSON.stringify({ [`clave [${'['.repeat(100)}`]: 'valor {' }), 1)).toBe(false);
    expect(deeper(JSON.stringify([`${'\\'.repeat(7)}"[[[`]), 1)).toBe(false);
  });

  it('answers for 100,000 arrays and 10,000 objects deep in one pass', () => {
    expect(deeper(arrays(100_000), 64)).toBe(true);
    expect(deeper(objects(10_000), 64)).toBe(true);
  });

  it('leaves malformed text to the parser', () => {
    expect(deeper('{"roto', 64)).toBe(false);
    expect(deeper(']]]]}}}}', 64)).toBe(false);
    expect(deeper('"sin cerrar [[[[', 1)).toBe(false);
  });
});

describe('installJsonBodyParser', () => {
  async function app() {
    const app = Fastify({ bodyLimit: 1024 * 1024 });
    installErrorHandling(app);
    installJsonBodyParser(app, 64);
    app.post('/eco', async (request) => ({ body: request.body }));
    await app.ready();
    return app;
  }
  const post = async (payload: string, contentType = 'application/json') => {
    const server = await app();
    const response = await server.inject({
      method: 'POST',
      url: '/eco',
      headers: { 'content-type': contentType },
      payload,
    });
    await server.close();
    return { status: response.statusCode, body: response.json() };
  };

  it('refuses deep JSON with 400 and a Spanish message, before anything parses it', async () => {
    for (const payload of [arrays(100_000), objects(10_000), arrays(65)]) {
      expect(await post(payload)).toEqual({
        status: 400,
        body: { message: 'El cuerpo de la solicitud tiene demasiados niveles de anidación (máximo 64)' },
      });
    }
    expect((await post(arrays(65), 'application/json; charset=utf-8')).status).toBe(400);
  });

  it('parses what is within the limit as Fastify did, and keeps its refusals', async () => {
    expect(await post(arrays(64))).toMatchObject({ status: 200 });
    expect(await post('{"texto":"[[[ {{{"}')).toEqual({ status: 200, body: { body: { texto: '[[[ {{{' } } });
    expect((await post('{"roto')).body).toEqual({
      message: 'El cuerpo de la solicitud no es un JSON válido',
    });
    expect((await post('')).status).toBe(400);
    expect(await post('{"__proto__":{"x":1}}')).toEqual({
      status: 400,
      body: { message: 'El cuerpo de la solicitud no es un JSON válido' },
    });
    expect((await post(`{"a":"${'x'.repeat(1024 * 1024)}"}`)).status).toBe(413);
  });
});
