import { randomBytes } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { type Config, ConfigError, SECRETS_KEY_REQUIRED } from './config.js';
import type { Database, Db } from './db/client.js';
import { platformSecrets } from './db/schema/index.js';
import { sharePlatformPki } from './pades/platform-trust.js';
import {
  createPlatformPki,
  isPrivateKeyPart,
  type PkiPart,
  PLATFORM_PKI_PARTS,
  type PlatformPki,
  readPlatformFiles,
} from './pades/trust.js';
import { type Secrets, storedSessionSecret } from './secrets.js';
import { openSecret, parseSecretsKey, sealSecret } from './security/secretBox.js';

const PLATFORM_SECRETS_LOCK_ID = 7_210_003;
const SESSION_SECRET_ROW = 'session_secret';

/** `rootCertificate` → `pki.root_certificate`. */
export const pkiRowName = (part: PkiPart) =>
  `pki.${part.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}`;

const ROW_NAMES = [SESSION_SECRET_ROW, ...PLATFORM_PKI_PARTS.map(pkiRowName)];

async function storedRows(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .select({ name: platformSecrets.name, value: platformSecrets.value })
    .from(platformSecrets)
    .where(inArray(platformSecrets.name, ROW_NAMES));
  return new Map(rows.map((row) => [row.name, row.value]));
}

/**
 * Creates what is missing, once: the first of several processes starting together does it, the
 * others wait and read. A server that ran on this database before keeps its session secret and
 * PKI from its DATA_DIR, so that links already sent and documents already sealed stay valid.
 */
async function createMissingRows(db: Db, key: Buffer, dataDir: string): Promise<Map<string, string>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${PLATFORM_SECRETS_LOCK_ID})`);
    const rows = await storedRows(tx);
    const created: { name: string; value: string }[] = [];
    if (!rows.has(SESSION_SECRET_ROW)) {
      const secret = storedSessionSecret(dataDir) ?? randomBytes(48).toString('base64url');
      created.push({ name: SESSION_SECRET_ROW, value: sealSecret(key, SESSION_SECRET_ROW, secret) });
    }
    // The PKI is one set (its leaves are issued by its root): created whole or not at all.
    if (!rows.has(pkiRowName('rootCertificate'))) {
      const pki = (await readPlatformFiles(dataDir)) ?? (await createPlatformPki(new Date()));
      for (const part of PLATFORM_PKI_PARTS) {
        const name = pkiRowName(part);
        created.push({ name, value: isPrivateKeyPart(part) ? sealSecret(key, name, pki[part]) : pki[part] });
      }
    }
    if (created.length === 0) return rows;
    await tx.insert(platformSecrets).values(created).onConflictDoNothing();
    return storedRows(tx);
  });
}

function stored(rows: Map<string, string>, name: string): string {
  const value = rows.get(name);
  if (value === undefined)
    throw new Error(`Falta «${name}» en la tabla platform_secrets de la base de datos`);
  return value;
}

/**
 * On PostgreSQL every process must sign and check the same tokens and links and seal with the same
 * CA: the session secret and the platform's PKI live in platform_secrets, created by the first
 * process, secrets and private keys encrypted with SECRETS_KEY. SESSION_SECRET, when given, wins
 * (as do SEAL_* for the seal): it must then be the same in every process.
 */
export async function loadClusterSecrets(config: Config, database: Database): Promise<Secrets> {
  const key = config.SECRETS_KEY ? parseSecretsKey(config.SECRETS_KEY) : null;
  if (!key) throw new ConfigError(`Configuración inválida — ${SECRETS_KEY_REQUIRED}`);
  let rows = await storedRows(database.db);
  if (!ROW_NAMES.every((name) => rows.has(name)))
    rows = await createMissingRows(database.db, key, config.DATA_DIR);
  const sessionSecret = openSecret(key, SESSION_SECRET_ROW, stored(rows, SESSION_SECRET_ROW));
  const pki = {} as PlatformPki;
  for (const part of PLATFORM_PKI_PARTS) {
    const name = pkiRowName(part);
    pki[part] = isPrivateKeyPart(part) ? openSecret(key, name, stored(rows, name)) : stored(rows, name);
  }
  sharePlatformPki(config, pki, (part) => `platform_secrets «${pkiRowName(part)}»`);
  return { sessionSecret: config.SESSION_SECRET ?? sessionSecret };
}
