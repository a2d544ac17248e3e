import { isIP } from 'node:net';
import { z } from 'zod';
import { parseSecretsKey } from './security/secretBox.js';

const port = z.coerce.number().int().min(0).max(65535);
const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine(
      (value) => value === undefined || protocols.some((protocol) => value.startsWith(`${protocol}:`)),
      { message: `debe empezar por ${protocols.map((protocol) => `${protocol}://`).join(' o ')}` },
    );

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/** proxy-addr's names for address ranges, accepted beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isProxyAddress = (entry: string) => {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
};

/**
 * Which hops before this process may name the client in `X-Forwarded-For` (Fastify's
 * `trustProxy`): off (`false`, the default: the socket's address is the client's), a count of
 * proxies in front (`1` for one nginx), or the proxies' addresses and CIDRs, comma-separated.
 * Trusting every hop (`true`) is refused: any client could then pick its own address.
 */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value, context): false | number | string[] => {
    if (!value || value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const wrong = entries.filter((entry) => !isProxyAddress(entry));
    if (wrong.length === 0) return entries;
    context.addIssue({
      code: 'custom',
      message: `debe ser false, un número de proxies (1, 2) o direcciones y rangos separados por comas (127.0.0.1,10.0.0.0/8); no vale: ${wrong.join(', ')}`,
    });
    return z.NEVER;
  });

const schema = z
  .object({
    PORT: port.default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    TRUST_PROXY: trustProxy,
    /** Turns on `GET /metrics` (Prometheus), answered only to `Authorization: Bearer <token>`. */
    METRICS_TOKEN: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value : undefined))
      .refine((value) => value === undefined || value.length >= 16, {
        message: 'debe tener al menos 16 caracteres',
      }),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
    SMTP_URL: optionalUrl(['smtp', 'smtps']),
    MAIL_FROM: z.string().default('Rúbrica <no-reply@rubrica.local>'),
    ADMIN_EMAIL: z.string().email().default('admin@rubrica.local'),
    ADMIN_PASSWORD: z.string().min(8).optional(),
    /** Secret that signs session tokens; generated into DATA_DIR when unset. */
    SESSION_SECRET: z.string().min(32).optional(),
    /**
     * 32 bytes (hex or base64) that encrypt the shared secrets and keys kept in PostgreSQL; required
     * with DATABASE_URL, the same in every process.
     */
    SECRETS_KEY: optionalText.refine((value) => value === undefined || parseSecretsKey(value) !== null, {
      message:
        'debe tener 32 bytes en hexadecimal (64 dígitos) o en base64 (p. ej. `openssl rand -base64 32`)',
    }),
    SESSION_HOURS: z.coerce.number().positive().default(12),
    SIGNIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().optional(),
    /** Multiplies every other per-address limit the contract declares (tests and load rigs raise it). */
    RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
    /** Per account, per 15 minutes: failed sign-ins, and second-factor codes sent or mistyped. */
    ACCOUNT_ATTEMPTS_PER_15_MINUTES: z.coerce.number().int().positive().default(10),
    /** A package expiring within this many days raises the renewal reminder. */
    PACKAGE_EXPIRY_WARNING_DAYS: z.coerce.number().int().min(1).max(365).default(15),
    JOB_POLL_MS: z.coerce.number().int().positive().default(1000),
    JOB_LEASE_SECONDS: z.coerce.number().int().positive().default(60),
    JOB_WORKERS: z.coerce.number().int().min(0).default(1),
    /** A document still compiling after this long has its PDF generator killed (and restarted). */
    RENDER_TIMEOUT_SECONDS: z.coerce.number().positive().default(120),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    PUBLIC_URL: z.string().url().optional(),
    /** Signers get the sealed PDFs attached to the completion e-mail up to this total; above it, a link. */
    MAIL_ATTACHMENTS_MAX_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(10 * 1024 * 1024),
    /** Days a completion e-mail's download link works without an account. */
    SIGNED_COPY_LINK_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    // Sealing: the platform's seal and timestamp authority (created in DATA_DIR/signing when unset).
    SEAL_CERT_PATH: optionalText,
    SEAL_KEY_PATH: optionalText,
    SEAL_P12_PATH: optionalText,
    SEAL_P12_PASSWORD: optionalText,
    SIGNING_TRUSTED_ROOTS_PATH: optionalText,
    TSA_URL: optionalUrl(['http', 'https']),
    TSA_TRUSTED_ROOTS_PATH: optionalText,
    // One-time codes by SMS (Twilio) and WhatsApp (Business Cloud API); each is off while unset.
    SMS_TWILIO_ACCOUNT_SID: optionalText,
    SMS_TWILIO_AUTH_TOKEN: optionalText,
    SMS_TWILIO_API_KEY_SID: optionalText,
    SMS_TWILIO_MESSAGING_SERVICE_SID: optionalText,
    SMS_FROM: optionalText,
    SMS_API_URL: optionalUrl(['http', 'https']),
    SMS_DEFAULT_COUNTRY_CODE: z
      .string()
      .regex(/^[1-9]\d{0,2}$/, 'debe ser un indicativo de país, como 57')
      .default('57'),
    WHATSAPP_ACCESS_TOKEN: optionalText,
    WHATSAPP_PHONE_NUMBER_ID: optionalText,
    WHATSAPP_TEMPLATE_NAME: optionalText,
    WHATSAPP_TEMPLATE_LANGUAGE: z.string().min(2).default('es'),
    WHATSAPP_TEMPLATE_COPY_BUTTON: z
      .enum(['true', 'false'])
      .default('true')
      .transform((value) => value === 'true'),
    WHATSAPP_API_VERSION: z
      .string()
      .regex(/^v\d+\.\d+$/, 'debe ser como v21.0')
      .default('v21.0'),
    WHATSAPP_API_URL: optionalUrl(['http', 'https']),
    // Where files live: on disk under DATA_DIR/files (the embedded default) or in an S3 bucket.
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    /** An S3-compatible server (MinIO, Ceph, R2…); unset means AWS S3 itself. */
    S3_ENDPOINT: optionalUrl(['http', 'https']),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    /** Required with STORAGE_DRIVER=s3 (checked below). */
    S3_BUCKET: optionalText,
    /** Keys are stored under this folder of the bucket, to share it with other data. */
    S3_PREFIX: optionalText,
    /** `endpoint/bucket/key` addressing instead of `bucket.endpoint/key` (most self-hosted servers). */
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    /** Both or neither; unset, the SDK's default chain (AWS_* variables, profile, instance role). */
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    /** Lets webhooks reach loopback and private networks (tests, closed networks); off by default. */
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
  })
  .superRefine((config, context) => {
    if (config.STORAGE_DRIVER === 's3' && !config.S3_BUCKET)
      context.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'es obligatorio con STORAGE_DRIVER=s3',
      });
    if (!config.S3_ACCESS_KEY_ID !== !config.S3_SECRET_ACCESS_KEY)
      context.addIssue({
        code: 'custom',
        path: [config.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: 'falta: S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY se dan las dos o ninguna',
      });
  });

export type Config = z.output<typeof schema>;

/** Why SECRETS_KEY is needed when it is missing; shared by loadConfig and bootstrap (tests pass a database). */
export const SECRETS_KEY_REQUIRED =
  'SECRETS_KEY: es obligatoria con PostgreSQL (32 bytes en base64, p. ej. `openssl rand -base64 32`); todos los procesos deben usar la misma';

export class ConfigError extends Error {}

/** Reads the configuration from the environment; a bad value stops the start naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = schema.safeParse(env);
  const secretsKeyMissing = Boolean(env.DATABASE_URL?.trim()) && !env.SECRETS_KEY?.trim();
  if (result.success && !secretsKeyMissing) return result.data;
  const problems = [
    ...(result.success
      ? []
      : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)),
    ...(secretsKeyMissing ? [SECRETS_KEY_REQUIRED] : []),
  ];
  throw new ConfigError(`Configuración inválida — ${problems.join('; ')}`);
}
