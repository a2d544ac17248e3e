import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createBackup } from '../../server/backup/backup.js';
import { readManifest } from '../../server/backup/manifest.js';
import { restoreBackup } from '../../server/backup/restore.js';
import { loadConfig } from '../../server/config.js';
import { createPglite } from '../../server/db/client.js';
import { PGLITE_TEMPLATE } from './setup/global.js';
import { bootApp, expectRestored, populate } from './support/backupScenario.js';
import { testDatabaseKind } from './support/database.js';
import { spawnTs } from './support/processes.js';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});
const folder = (name: string) => {
  const created = mkdtempSync(join(tmpdir(), `rubrica-${name}-`));
  folders.push(created);
  return created;
};

const envFor = (dataDir: string) => ({
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  STORAGE_DRIVER: 'local',
  ADMIN_EMAIL: 'admin@respaldo.test',
  ADMIN_PASSWORD: 'Admin-Respaldo-2026',
  LOG_LEVEL: 'silent',
});

/** `npm run backup|restore -- <folder>` as an operator runs it, in a process of its own. */
async function runCli(verb: 'backup' | 'restore', directory: string, dataDir: string) {
  const cli = spawnTs('server/backup/backup-cli.ts', [verb, directory], envFor(dataDir));
  await once(cli.child, 'close');
  return { code: cli.child.exitCode, output: cli.output() };
}

describe.skipIf(testDatabaseKind !== 'pglite')('backup and restore of the embedded database (PGlite)', () => {
  it('copies a stopped DATA_DIR and restores it into an empty one where sealed documents, logos, sessions and links still work', async () => {
    const original = folder('backup-original');
    // The migrated template instead of initdb: a data directory as a first start leaves it.
    const seeded = await createPglite({
      dataDir: join(original, 'pgdata'),
      loadDataDir: new Blob([readFileSync(PGLITE_TEMPLATE)]),
    });
    await seeded.close();
    const running = await bootApp(loadConfig(envFor(original)));
    const state = await populate(running);

    const target = join(folder('backup-copy'), 'copia');
    await expect(createBackup({ config: running.deps.config, target, report: () => {} })).rejects.toThrow(
      /Rúbrica está en marcha sobre .* deténgalo antes/,
    );
    await running.close();

    const backup = await runCli('backup', target, original);
    expect(backup.output).toContain('Copia hecha en');
    expect(backup.code).toBe(0);
    const manifest = await readManifest(target);
    expect(manifest).toMatchObject({ database: 'pglite', storage: 'local' });
    const paths = manifest.entries.map((entry) => entry.path);
    expect(paths).toContain('data/secrets.json');
    expect(paths).toContain('data/signing/root-ca.crt.pem');
    expect(paths).toContain('database/pgdata/PG_VERSION');
    // The logo, the signer's drawn signature, the rendered and the sealed document.
    expect(manifest.counts.files).toBeGreaterThanOrEqual(4);
    expect(await runCli('backup', target, original)).toMatchObject({
      code: 1,
      output: expect.stringContaining('no está vacío'),
    });

    // A changed byte anywhere is found before anything is written.
    const restored = folder('backup-restored');
    const logoEntry = manifest.entries.find((entry) => entry.path.startsWith('files/'))!;
    const logoFile = join(target, ...logoEntry.path.split('/'));
    const intact = readFileSync(logoFile);
    writeFileSync(logoFile, Buffer.concat([intact, Buffer.from([0])]));
    await expect(
      restoreBackup({ config: loadConfig(envFor(restored)), source: target, report: () => {} }),
    ).rejects.toThrow(`La copia está dañada: ${logoEntry.path} no coincide con su suma sha256`);
    writeFileSync(logoFile, intact);

    const restore = await runCli('restore', target, restored);
    expect(restore.output).toContain('Restaurada la copia');
    expect(restore.code).toBe(0);
    expect(await runCli('restore', target, restored)).toMatchObject({
      code: 1,
      output: expect.stringContaining('ya tiene una base de datos'),
    });

    const again = await bootApp(loadConfig(envFor(restored)));
    try {
      await expectRestored(again, state);
    } finally {
      await again.close();
    }
  }, 240_000);
});
