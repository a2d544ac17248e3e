import pino, { type Logger } from 'pino';

/** Paths whose values never reach the logs. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  '*.code',
  '*.otp',
  '*.secret',
  '*.apiKey',
  '*.api_key',
  '*.sessionSecret',
  '*.SESSION_SECRET',
  '*.SECRETS_KEY',
  '*.SEAL_P12_PASSWORD',
];

/** Signer links and one-time tokens in URLs are masked: `/signature-request/abc…` → `/signature-request/***`. */
export function maskUrl(url: string): string {
  return url
    .replace(/(\/signature-request\/)[^/?#]+/g, '$1***')
    .replace(/([?&](?:token|code|otp|access_token|api_key)=)[^&#]*/gi, '$1***');
}

const HIDDEN = '[oculto]';
/** Fields of database errors that carry the values of a query (drizzle, pg, PGlite) or of a row. */
const VALUE_FIELDS = new Set(['params', 'parameters', 'queryOptions', 'detail']);

/**
 * Drizzle writes a failed query's parameters into its message (and so its stack), and PostgreSQL
 * quotes the refused value at the end of a line (`invalid input syntax for type integer: "…"`).
 */
const scrubText = (text: string) =>
  text
    .replace(/(\nparams: )[\s\S]*?(?=\n\s+at |$)/, `$1${HIDDEN}`)
    .replace(/: "[^\n]*"(?=\n|$)/gm, `: "${HIDDEN}"`);

/**
 * An error as one line for the terminal (start-up failures, crashes printed with console.error):
 * its message and its causes', without a failed query's parameters or quoted values.
 */
export function describeError(error: unknown, options: { causes?: boolean } = {}): string {
  const parts: string[] = [];
  let current: unknown = error;
  const depthLimit = options.causes === false ? 1 : 5;
  for (let depth = 0; current !== undefined && current !== null && depth < depthLimit; depth++) {
    const message = current instanceof Error ? current.message : String(current);
    parts.push(scrubText(message).replace(/\nparams: \[oculto\]/, ''));
    current = current instanceof Error ? current.cause : undefined;
  }
  return parts.join(' — causa: ');
}

/** The same for a crash's stack, which repeats the message (a failed query's parameters with it). */
export function describeErrorStack(error: unknown): string {
  if (!(error instanceof Error) || !error.stack) return describeError(error);
  const cause = error.cause === undefined ? '' : ` — causa: ${describeError(error.cause)}`;
  return `${scrubText(error.stack).replace(/\nparams: \[oculto\]/, '')}${cause}`;
}

function scrubError(value: unknown, depth = 0): unknown {
  if (!value || typeof value !== 'object' || depth > 5) return value;
  const scrubbed: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (VALUE_FIELDS.has(key)) scrubbed[key] = HIDDEN;
    else if (typeof field === 'string') scrubbed[key] = scrubText(field);
    else scrubbed[key] = scrubError(field, depth + 1);
  }
  return scrubbed;
}

/** Errors as pino writes them, without the values of a failed SQL query (they may be personal data or secrets). */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return scrubError(error);
  return scrubError(pino.stdSerializers.err(error));
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACTED_PATHS, censor: '[oculto]' },
      serializers: {
        err: serializeError,
        error: serializeError,
        req: (req: { method?: string; url?: string; ip?: string }) => ({
          method: req.method,
          url: req.url === undefined ? undefined : maskUrl(req.url),
          ip: req.ip,
        }),
      },
    },
    destination,
  );
}
