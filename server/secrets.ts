import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type Secrets = { sessionSecret: string };

/** The session secret generated earlier into DATA_DIR/secrets.json, if any. */
export function storedSessionSecret(dataDir: string): string | undefined {
  const file = join(dataDir, 'secrets.json');
  return existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>).sessionSecret
    : undefined;
}

/**
 * Secrets come from the environment or, when unset, from DATA_DIR/secrets.json, generated on the
 * first start (mode 0600) so that tokens survive restarts.
 */
export function loadSecrets(dataDir: string, fromEnv: Partial<Secrets>): Secrets {
  const file = join(dataDir, 'secrets.json');
  const stored: Partial<Secrets> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const secrets: Secrets = {
    sessionSecret: fromEnv.sessionSecret ?? stored.sessionSecret ?? randomBytes(48).toString('base64url'),
  };
  if (!fromEnv.sessionSecret && stored.sessionSecret !== secrets.sessionSecret) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify({ ...stored, ...secrets }, null, 2), { mode: 0o600 });
  }
  return secrets;
}
