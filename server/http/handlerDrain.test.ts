import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installHandlerDrain } from './handlerDrain.js';

describe('installHandlerDrain', () => {
  it('makes close wait for a handler that is still running, then resolves', async () => {
    const app = Fastify();
    installHandlerDrain(app);
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered = () => {};
    const started = new Promise<void>((resolve) => (entered = resolve));
    const finished: string[] = [];
    app.get('/slow', async () => {
      entered();
      await gate;
      finished.push('handler');
      return { ok: true };
    });
    await app.ready();
    const reply = app.inject('/slow');
    await started;
    const closing = app.close().then(() => finished.push('close'));
    // The handler cannot finish before the gate opens, so neither can close.
    await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, 20))]);
    expect(finished).toEqual([]);
    release();
    await closing;
    expect(finished).toEqual(['handler', 'close']);
    expect((await reply).statusCode).toBe(200);
  });

  it('leaves a handler that replies later (a static file) to reply itself', async () => {
    const app = Fastify();
    installHandlerDrain(app);
    app.get('/later', (_request, reply) => {
      setImmediate(() => reply.send({ later: true }));
    });
    expect((await app.inject('/later')).json()).toEqual({ later: true });
    await app.close();
  });

  it('closes at once when no handler runs', async () => {
    const app = Fastify();
    installHandlerDrain(app);
    app.get('/', async () => ({ ok: true }));
    expect((await app.inject('/')).statusCode).toBe(200);
    await app.close();
  });
});
