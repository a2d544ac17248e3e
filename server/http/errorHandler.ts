import type { Socket } from 'node:net';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { HttpProblem, MESSAGES, RetryableProblem } from '../errors.js';
import { childLoggerFactory, isClientAbort } from './clientAbort.js';

/** Fastify's own client errors, in Spanish. */
const FASTIFY_CODES: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: MESSAGES.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: MESSAGES.invalidJson },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: MESSAGES.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_TYPE: { status: 415, message: MESSAGES.unsupportedMediaType },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: MESSAGES.bodyTooLarge },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: MESSAGES.badRequest },
  FST_ERR_BAD_URL: { status: 400, message: MESSAGES.badUrl },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: MESSAGES.uriTooLong },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, message: MESSAGES.badRequest },
};

/** A Spanish message for any client status Fastify or Node may produce on its own. */
const MESSAGE_BY_STATUS: Record<number, string> = {
  400: MESSAGES.badRequest,
  401: MESSAGES.unauthenticated,
  403: MESSAGES.forbidden,
  404: MESSAGES.routeNotFound,
  405: MESSAGES.methodNotAllowed,
  406: MESSAGES.badRequest,
  408: MESSAGES.requestTimeout,
  411: MESSAGES.badRequest,
  413: MESSAGES.bodyTooLarge,
  414: MESSAGES.uriTooLong,
  415: MESSAGES.unsupportedMediaType,
  431: MESSAGES.headersTooLarge,
};

/**
 * The Spanish status and message of a client error that is not ours; never the client's own text
 * (Fastify's messages echo the URL or the header they refused).
 */
export function clientErrorReply(error: { code?: string; statusCode?: number }): {
  status: number;
  message: string;
} | null {
  const known = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (known) return known;
  const status = error.statusCode;
  if (status && status >= 400 && status < 500) {
    return { status, message: MESSAGE_BY_STATUS[status] ?? MESSAGES.badRequest };
  }
  return null;
}

/** Router-level failures (a bad percent-encoding, an over-long path parameter) before any route runs. */
function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const { status, message } = clientErrorReply(error) ?? { status: 400, message: MESSAGES.badRequest };
  // These replies skip the route hooks, so they carry the API's no-store rule themselves.
  void reply.status(status).header('cache-control', 'no-store').send({ message });
}

/** Malformed HTTP (headers too large, bad characters): Node answers before Fastify sees a request. */
function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', MESSAGES.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', MESSAGES.requestTimeout]
        : [400, 'Bad Request', MESSAGES.badRequest];
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** The Fastify options that route every framework-level client error through Spanish replies. */
export const errorServerOptions = {
  frameworkErrors,
  clientErrorHandler,
  childLoggerFactory,
} satisfies Partial<FastifyServerOptions>;

/**
 * An error reply is JSON even when the route had begun a file (its content type and name are
 * dropped), so Fastify never refuses to serialise it.
 */
function sendError(
  reply: FastifyReply,
  status: number,
  body: { message: string; errors?: Record<string, string> },
) {
  reply.removeHeader('content-disposition');
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/**
 * Every error becomes `{ message, errors? }`: 4xx in Spanish (an `HttpProblem` or a
 * `RetryableProblem` with its own message), 5xx details only in the log.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpProblem | RetryableProblem, request, reply) => {
    // A client that left mid-reply (a page closed or navigated away): nobody to answer, nothing broke.
    if (isClientAbort(error, request.raw)) {
      request.log.debug({ err: error }, 'El cliente cerró la conexión antes de terminar la respuesta');
      if (!reply.raw.destroyed) reply.raw.destroy();
      return reply;
    }
    const client =
      error instanceof HttpProblem || error instanceof RetryableProblem ? null : clientErrorReply(error);
    // Not the client's doing, yet its message is for the client (a document that crashed the PDF generator).
    if (error instanceof RetryableProblem) request.log.warn({ err: error }, 'Fallo transitorio');
    else if (!(error instanceof HttpProblem) && !client)
      request.log.error({ err: error }, 'Error no controlado');
    // A reply whose headers already left (a download that failed midway) can only be cut short.
    if (reply.sent || reply.raw.headersSent) {
      reply.raw.destroy();
      return reply;
    }
    if (error instanceof HttpProblem) {
      if (error.headers) reply.headers(error.headers);
      return sendError(reply, error.statusCode, { message: error.message, errors: error.errors });
    }
    if (error instanceof RetryableProblem)
      return sendError(reply, error.statusCode, { message: error.message });
    if (client) return sendError(reply, client.status, { message: client.message });
    return sendError(reply, 500, { message: MESSAGES.internal });
  });
}
