import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpProblem, MESSAGES } from '../errors.js';

/** Fastify's own client errors, in Spanish. */
const FASTIFY_CODES: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: MESSAGES.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: MESSAGES.invalidJson },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: MESSAGES.unsupportedMediaType },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: MESSAGES.bodyTooLarge },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: MESSAGES.badRequest },
};

/** Every error becomes `{ message, errors? }`: 4xx in Spanish, 5xx details only in the log. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpProblem, request, reply) => {
    if (error instanceof HttpProblem) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({ message: error.message, errors: error.errors });
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return reply.status(known.status).send({ message: known.message });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: MESSAGES.badRequest });
    }
    request.log.error({ err: error }, 'Error no controlado');
    return reply.status(500).send({ message: MESSAGES.internal });
  });
}
