import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './paths.js';

/**
 * Dependencies a serving process may never need, loaded with their first use instead of at start:
 * together ~25 MiB of heap and native libraries that every process kept (issue 22's export on
 * PGlite, the resting RSS of `npm start`).
 */
const LOADED_ON_FIRST_USE = [
  'exceljs', // spreadsheets: bulk sheets, user exports
  'mammoth', // Word files imported as templates
  '@pdf-lib/fontkit', // fonts of the signers' stamps
  'sharp', // images: uploads, selfies, stamps
  'archiver', // ZIP downloads
  'nodemailer', // SMTP only; the outbox needs none
  'pg', // PostgreSQL only; PGlite needs none
  'drizzle-orm/node-postgres', // its driver for PostgreSQL (the migrator alone is light)
];

/** The packages the server's bundle imports with static `import` statements (run at start). */
async function staticallyImportedPackages(): Promise<Set<string>> {
  const result = await build({
    absWorkingDir: projectRoot(),
    entryPoints: ['server/main.ts'],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    metafile: true,
    logLevel: 'silent',
  });
  const packages = new Set<string>();
  for (const input of Object.values(result.metafile.inputs)) {
    for (const imported of input.imports) {
      if (imported.external && imported.kind === 'import-statement') packages.add(imported.path);
    }
  }
  return packages;
}

describe('the server at start', () => {
  it('loads the optional heavy dependencies only when first used', async () => {
    const imported = [...(await staticallyImportedPackages())];
    expect(imported.filter((path) => LOADED_ON_FIRST_USE.includes(path))).toEqual([]);
    // The check sees the bundle's imports at all.
    expect(imported).toContain('fastify');
  });
});
