import type { FastifyInstance } from 'fastify';

/**
 * `app.close()` resolves only once every route handler that had started has finished. Node's
 * server closes when its connections do, and a client that gave up mid-request takes its
 * connection with it while the handler still runs: without this, closing went on to end the
 * database pool under that handler (a 500 logged for nobody, a write cut in half). Every route
 * registered after this call is tracked, whatever its plugin.
 */
export function installHandlerDrain(app: FastifyInstance): void {
  let running = 0;
  let drained: (() => void) | undefined;
  const finished = () => {
    running -= 1;
    if (running === 0) drained?.();
  };
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    // Same shape as the handler it wraps: a handler that returns nothing and replies later (a
    // static file's stream) must not become an async one, which Fastify would answer at once.
    route.handler = function tracked(this: FastifyInstance, request, reply) {
      running += 1;
      let result: unknown;
      try {
        result = handler.call(this, request, reply);
      } catch (error) {
        finished();
        throw error;
      }
      if (result instanceof Promise) return result.finally(finished);
      finished();
      return result;
    };
  });
  app.addHook('onClose', async () => {
    if (running > 0) await new Promise<void>((resolve) => (drained = resolve));
  });
}
