import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createBackup } from '../../server/backup/backup.js';
import { restoreBackup } from '../../server/backup/restore.js';
import { loadConfig } from '../../server/config.js';
import { openDatabase } from '../../server/db/client.js';
import { createS3Storage } from '../../server/storage/s3.js';
import { startLoopbackS3 } from '../support/s3/loopbackS3.js';
import { bootApp, expectRestored, populate } from './support/backupScenario.js';
import { createPostgresDatabase, postgresEnv, testDatabaseKind } from './support/database.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** An empty database, an empty bucket on a loopback S3 server of its own and an empty DATA_DIR. */
async function installation() {
  const database = await createPostgresDatabase();
  cleanups.push(() => database.drop());
  const s3 = await startLoopbackS3('rubrica-respaldo');
  cleanups.push(() => s3.stop());
  const dataDir = mkdtempSync(join(tmpdir(), 'rubrica-backup-pg-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = {
    ...postgresEnv(database.url),
    ...s3.env,
    S3_PREFIX: 'rubrica',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: 'admin@respaldo.test',
    ADMIN_PASSWORD: 'Admin-Respaldo-2026',
    LOG_LEVEL: 'silent',
  };
  return { config: loadConfig(env), env, s3 };
}

describe.skipIf(testDatabaseKind !== 'postgresql')('backup and restore on PostgreSQL with S3 storage', () => {
  it('pg_dump and the bucket restored into a new database and bucket keep sealed documents, logos, sessions and links working', async () => {
    const source = await installation();
    const running = await bootApp(source.config);
    const state = await populate(running);
    const target = join(mkdtempSync(join(tmpdir(), 'rubrica-backup-pg-copy-')), 'copia');
    cleanups.push(() => rmSync(join(target, '..'), { recursive: true, force: true }));
    // While the servers run: pg_dump reads one consistent snapshot.
    const lines: string[] = [];
    const manifest = await createBackup({
      config: source.config,
      target,
      report: (line) => lines.push(line),
    });
    await running.close();
    expect(lines.join('\n')).toContain('pg_dump');
    expect(manifest).toMatchObject({ database: 'postgresql', storage: 's3' });
    expect(manifest.entries.map((entry) => entry.path)).toContain('database/rubrica.dump');
    // The logo, the drawn signature, the rendered and the sealed document, from the bucket.
    expect(manifest.counts.files).toBeGreaterThanOrEqual(4);
    // Secrets and the CA are in the dump (platform_secrets, encrypted), not in DATA_DIR.
    expect(manifest.counts.dataDirFiles).toBe(0);

    const copy = await installation();
    // A DATA_DIR/signing left from a PGlite past is no obstacle: this backup brings none back.
    mkdirSync(join(copy.config.DATA_DIR, 'signing'));
    await restoreBackup({ config: copy.config, source: target, report: () => {} });
    const bucket = await createS3Storage(copy.s3.options);
    const keys: string[] = [];
    for await (const key of bucket.list()) keys.push(key);
    bucket.close();
    expect(keys).toHaveLength(manifest.counts.files);
    expect(keys.every((key) => key.startsWith('rubrica/'))).toBe(true);
    await expect(restoreBackup({ config: copy.config, source: target, report: () => {} })).rejects.toThrow(
      'La base de datos de DATABASE_URL no está vacía',
    );

    // The restored platform_secrets are still encrypted: another SECRETS_KEY cannot start on them.
    const otherKey = loadConfig({ ...copy.env, SECRETS_KEY: Buffer.alloc(32, 0x11).toString('hex') });
    const restoredDatabase = await openDatabase({ databaseUrl: copy.config.DATABASE_URL, dataDir: '' });
    await expect(bootApp(otherKey, restoredDatabase)).rejects.toThrow(
      /SECRETS_KEY no es la clave con la que se cifró/,
    );
    await restoredDatabase.close();
    const again = await bootApp(copy.config);
    try {
      await expectRestored(again, state);
    } finally {
      await again.close();
    }
  }, 240_000);

  it('refuses a bucket that already holds objects, before touching the database', async () => {
    const source = await installation();
    const target = join(mkdtempSync(join(tmpdir(), 'rubrica-backup-pg-copy-')), 'copia');
    cleanups.push(() => rmSync(join(target, '..'), { recursive: true, force: true }));
    const running = await bootApp(source.config);
    await running.close();
    await createBackup({ config: source.config, target, report: () => {} });
    const copy = await installation();
    const bucket = await createS3Storage(copy.s3.options);
    // Under the configured prefix: objects elsewhere in a shared bucket are not this installation's.
    await bucket.put('rubrica/otra/cosa.txt', Buffer.from('ya estaba'));
    bucket.close();
    await expect(restoreBackup({ config: copy.config, source: target, report: () => {} })).rejects.toThrow(
      'El depósito S3 rubrica-respaldo ya tiene objetos',
    );
    const client = new pg.Client({ connectionString: copy.config.DATABASE_URL });
    await client.connect();
    const { rows } = await client.query(
      "SELECT 1 FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
    );
    await client.end();
    expect(rows).toEqual([]);
  }, 120_000);
});
