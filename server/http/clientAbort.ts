import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

/**
 * A browser that leaves a page cancels the requests still in flight: the socket closes under a
 * reply that is being written (a compressed list, a file). That is not an error of ours. Fastify
 * then fails the reply's stream with «Premature close» (or notes at info that the stream closed
 * prematurely) and @fastify/compress logs its own pipe's «premature close» at error; all of them
 * are logged at debug, and no reply is attempted on a closed socket.
 */

const ABORT_CODES = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'ECONNABORTED', 'EPIPE']);
const ABORT_MESSAGES = /^(aborted|premature close)$/i;

/** An error a closed connection produces (its code, or the bare message of end-of-stream). */
export function isAbortError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code } = error as { code?: unknown };
  return (typeof code === 'string' && ABORT_CODES.has(code)) || ABORT_MESSAGES.test(error.message);
}

/** The client's side of the request is gone: its socket closed before the reply ended. */
export const clientGone = (raw: IncomingMessage): boolean =>
  raw.aborted || raw.socket === null || raw.socket.destroyed;

/** An abort error on a request whose client has left: debug at most, never a reply. */
export const isClientAbort = (error: unknown, raw: IncomingMessage): boolean =>
  isAbortError(error) && clientGone(raw);

const errorIn = (first: unknown): unknown =>
  first instanceof Error
    ? first
    : typeof first === 'object' && first !== null
      ? ((first as { err?: unknown }).err ?? (first as { error?: unknown }).error)
      : undefined;

/** Fastify's own note when a reply's stream ends because the client left after the headers. */
const STREAM_CLOSED_NOTE = 'stream closed prematurely';

const isAbortEntry = (first: unknown, message: unknown) =>
  isAbortError(errorIn(first)) || message === STREAM_CLOSED_NOTE;

/**
 * The per-request logger: Fastify's child, whose `info`, `warn` and `error` write a client's abort
 * at debug (plugins log through the request's logger, so their abort errors land here too). Any
 * other entry, or an abort error while the client is still connected (an upstream reset), keeps
 * its level.
 */
export const childLoggerFactory: FastifyServerOptions['childLoggerFactory'] = function childLogger(
  logger,
  bindings,
  options,
  raw,
) {
  const child = logger.child(bindings, options) as FastifyBaseLogger;
  for (const level of ['info', 'warn', 'error'] as const) {
    const original = child[level].bind(child);
    child[level] = ((first: unknown, ...rest: unknown[]) => {
      if (isAbortEntry(first, rest[0]) && clientGone(raw))
        (child.debug as (...args: unknown[]) => void)(first, ...rest);
      else (original as (...args: unknown[]) => void)(first, ...rest);
    }) as FastifyBaseLogger[typeof level];
  }
  return child;
};
