import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Styles are inline because MUI (emotion) injects them at run time; scripts are only our own files.
 * Frames show our own pages and the PDFs the app builds in memory (a document group's «Ver en
 * PDF» is a blob: URL); no other origin may be framed.
 */
const POLICY = [
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
];
export const CONTENT_SECURITY_POLICY = [...POLICY, "frame-ancestors 'none'"].join('; ');
export const PERMISSIONS_POLICY = 'camera=(self), microphone=(), geolocation=()';

/**
 * A signer's page (`/signature-request/<token>`) whose company lists origins: those origins may
 * frame it, and its camera works inside their frame (the iframe also needs `allow="camera"`).
 * The origins were checked and normalised when saved (contract/frameOrigins.ts).
 */
export const embeddedPolicies = (origins: readonly string[]) => ({
  csp: [...POLICY, `frame-ancestors 'self' ${origins.join(' ')}`].join('; '),
  permissions: `camera=(self ${origins.map((origin) => `"${origin}"`).join(' ')}), microphone=(), geolocation=()`,
});

const SIGNER_PAGE = /^\/signature-request\/([A-Za-z0-9_-]{1,200})\/?(?:[?#]|$)/;

/** The token of a signer's page served as HTML, or null for any other reply. */
function signerPageToken(request: FastifyRequest, contentType: unknown): string | null {
  if (request.method !== 'GET' || typeof contentType !== 'string' || !contentType.startsWith('text/html'))
    return null;
  return SIGNER_PAGE.exec(request.url)?.[1] ?? null;
}

/** `frameOriginsOf`: the origins a signer's token lets frame its page (none for an unknown token). */
export function installSecurityHeaders(
  app: FastifyInstance,
  embedding: { frameOriginsOf: (token: string) => Promise<readonly string[]> },
): void {
  app.addHook('onSend', async (request, reply, payload) => {
    // API replies carry sessions and personal data: no browser or proxy keeps them, unless the
    // endpoint declared its own caching (a company logo).
    if (request.url.startsWith('/api') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    // The API docs plugin replaces this with its own policy (hashes for its scripts) afterwards.
    const token = signerPageToken(request, reply.getHeader('content-type'));
    const origins = token ? await embedding.frameOriginsOf(token) : [];
    if (origins.length > 0) {
      const embedded = embeddedPolicies(origins);
      reply.header('content-security-policy', embedded.csp);
      reply.header('permissions-policy', embedded.permissions);
      reply.removeHeader('x-frame-options');
    } else {
      reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      reply.header('x-frame-options', 'DENY');
    }
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cross-origin-opener-policy', 'same-origin');
    return payload;
  });
}
