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
];

/** Signer links and one-time tokens in URLs are masked: `/signature-request/abc…` → `/signature-request/***`. */
export function maskUrl(url: string): string {
  return url
    .replace(/(\/signature-request\/)[^/?#]+/g, '$1***')
    .replace(/([?&](?:token|code|otp|access_token|api_key)=)[^&#]*/gi, '$1***');
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACTED_PATHS, censor: '[oculto]' },
      serializers: {
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
