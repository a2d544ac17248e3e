import type { FastifyInstance } from 'fastify';

/**
 * Styles are inline because MUI (emotion) injects them at run time; scripts are only our own files.
 * Frames show our own pages and the PDFs the app builds in memory (a document group's «Ver en
 * PDF» is a blob: URL); no other origin may be framed.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    // API replies carry sessions and personal data: no browser or proxy keeps them, unless the
    // endpoint declared its own caching (a company logo).
    if (request.url.startsWith('/api') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    // The API docs plugin replaces this with its own policy (hashes for its scripts) afterwards.
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(self), microphone=(), geolocation=()');
    return payload;
  });
}
