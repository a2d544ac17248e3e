import type { IncomingMessage } from 'node:http';
import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { childLoggerFactory, isAbortError } from './clientAbort.js';

const withCode = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

function requestLogger(clientGone: boolean) {
  const levels: number[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) levels.push(JSON.parse(line).level);
      done();
    },
  });
  const raw = { aborted: false, socket: { destroyed: clientGone } } as unknown as IncomingMessage;
  const child = childLoggerFactory!.call(
    undefined as never,
    createLogger('debug', sink) as FastifyBaseLogger,
    { reqId: 'req-1' },
    {},
    raw,
  );
  return { child, levels };
}

describe('client aborts', () => {
  it('recognises the errors a closed connection produces', () => {
    expect(isAbortError(withCode('Premature close', 'ERR_STREAM_PREMATURE_CLOSE'))).toBe(true);
    expect(isAbortError(withCode('aborted', 'ECONNRESET'))).toBe(true);
    expect(isAbortError(withCode('write EPIPE', 'EPIPE'))).toBe(true);
    expect(isAbortError(withCode('premature close'))).toBe(true);
    expect(isAbortError(withCode('relation "users" does not exist', '42P01'))).toBe(false);
    expect(isAbortError('aborted')).toBe(false);
  });

  it('logs them at debug once the client has left, whatever level they were logged at', () => {
    const { child, levels } = requestLogger(true);
    child.error(withCode('premature close'));
    child.error({ err: withCode('Premature close', 'ERR_STREAM_PREMATURE_CLOSE') }, 'Error no controlado');
    child.warn({ err: withCode('aborted', 'ECONNRESET') }, 'response terminated');
    child.info({ res: {} }, 'stream closed prematurely');
    expect(levels).toEqual([20, 20, 20, 20]);
    child.error({ err: withCode('boom') }, 'Error no controlado');
    expect(levels.at(-1)).toBe(50);
  });

  it('keeps the level of a reset while the client is still there (an upstream failed)', () => {
    const { child, levels } = requestLogger(false);
    child.error({ err: withCode('read ECONNRESET', 'ECONNRESET') }, 'Error no controlado');
    child.info({ res: {} }, 'stream closed prematurely');
    expect(levels).toEqual([50, 30]);
  });
});
