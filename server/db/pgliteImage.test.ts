import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPgliteImage } from './buildPgliteImage.js';
import { openDatabase, queryRows } from './client.js';
import { migrationStatus } from './migrate.js';
import { seedFromImage } from './pgliteImage.js';

const scratch = mkdtempSync(join(tmpdir(), 'rubrica-image-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A directory that looks like a PGlite data directory (PG_VERSION plus one file). */
function fakeDatabase(directory: string, marker: string): string {
  mkdirSync(directory, { recursive: true });
  writeFileSync(join(directory, 'PG_VERSION'), '18\n');
  writeFileSync(join(directory, 'marker'), marker);
  return directory;
}

describe('seedFromImage', () => {
  const image = fakeDatabase(join(scratch, 'image'), 'from the image');

  it('copies the image into a data directory that does not exist yet', () => {
    const target = join(scratch, 'new', 'pgdata');
    expect(seedFromImage(target, image)).toBe(true);
    expect(readFileSync(join(target, 'marker'), 'utf8')).toBe('from the image');
    expect(existsSync(`${target}.partial-${process.pid}`)).toBe(false);
  });

  it('replaces an empty directory left by a start that stopped early', () => {
    const target = join(scratch, 'empty');
    mkdirSync(target);
    expect(seedFromImage(target, image)).toBe(true);
    expect(readFileSync(join(target, 'marker'), 'utf8')).toBe('from the image');
  });

  it('never touches an existing database', () => {
    const target = fakeDatabase(join(scratch, 'existing'), 'the owner data');
    expect(seedFromImage(target, image)).toBe(false);
    expect(readFileSync(join(target, 'marker'), 'utf8')).toBe('the owner data');
  });

  it('leaves a non-empty directory without a database and a missing image to PGlite', () => {
    const cluttered = join(scratch, 'cluttered');
    mkdirSync(cluttered);
    writeFileSync(join(cluttered, 'notes.txt'), 'x');
    expect(seedFromImage(cluttered, image)).toBe(false);
    expect(existsSync(join(cluttered, 'PG_VERSION'))).toBe(false);
    expect(seedFromImage(join(scratch, 'no-image-target'), join(scratch, 'no-image'))).toBe(false);
    expect(existsSync(join(scratch, 'no-image-target'))).toBe(false);
  });
});

describe('buildPgliteImage', () => {
  const image = join(scratch, 'built-image');

  // initdb in WebAssembly takes ~15 s on a loaded 2-core machine.
  beforeAll(() => buildPgliteImage(image), 180_000);

  it('makes a migrated database with the reference data that a first start opens lean', async () => {
    const dataDir = join(scratch, 'first-start');
    expect(seedFromImage(join(dataDir, 'pgdata'), image)).toBe(true);
    const database = await openDatabase({ dataDir });
    try {
      const status = await migrationStatus(database.db);
      const journal = JSON.parse(
        readFileSync(join(import.meta.dirname, 'migrations', 'meta', '_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      expect(status.applied).toBe(journal.entries.length);
      const [cities] = await queryRows<{ total: number }>(
        database.db,
        sql`SELECT count(*)::int AS total FROM cities`,
      );
      expect(cities?.total).toBeGreaterThan(1000);
      const [buffers] = await queryRows<{ shared_buffers: string }>(database.db, sql`SHOW shared_buffers`);
      expect(buffers?.shared_buffers).toBe('16MB');
    } finally {
      await database.close();
    }
    expect(existsSync(`${image}.partial-${process.pid}`)).toBe(false);
  }, 120_000);
});
