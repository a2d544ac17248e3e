import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { registryFiles, staleRegistryFiles, writeRegistry } from './registry.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('registration barrels', () => {
  const copy = mkdtempSync(path.join(tmpdir(), 'registry-'));
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('are up to date with the files of the repository', () => {
    expect(staleRegistryFiles(ROOT)).toEqual([]);
  });

  it('pick up a new endpoints file, handlers file and table file, and say when they are stale', () => {
    for (const folder of ['contract/endpoints', 'server/modules', 'server/requests', 'server/db/schema']) {
      cpSync(path.join(ROOT, folder), path.join(copy, folder), { recursive: true });
    }
    writeRegistry(copy);
    expect(staleRegistryFiles(copy)).toEqual([]);

    writeFileSync(
      path.join(copy, 'contract/endpoints/costCenters.ts'),
      'export const ownedTables = {};\nexport const costCenters = {};\n',
    );
    cpSync(path.join(copy, 'server/modules/system'), path.join(copy, 'server/modules/costCenters'), {
      recursive: true,
    });
    writeFileSync(path.join(copy, 'server/modules/costCenters/costCenters.handlers.ts'), '');
    writeFileSync(path.join(copy, 'server/db/schema/costCenters.ts'), '');
    writeFileSync(path.join(copy, 'server/db/schema/costCenters.test.ts'), '');
    expect(staleRegistryFiles(copy)).toEqual(Object.keys(registryFiles(copy)));

    writeRegistry(copy);
    const files = registryFiles(copy);
    expect(files['contract/endpoints.generated.ts']).toContain(
      "import * as costCenters from './endpoints/costCenters.js';",
    );
    expect(files['contract/endpoints.generated.ts']).toContain('...costCenters.ownedTables,');
    expect(files['server/handlers.generated.ts']).toContain(
      "from './modules/costCenters/costCenters.handlers.js';",
    );
    expect(files['server/handlers.generated.ts']).toContain("from './requests/signer/signing.handlers.js';");
    expect(files['server/db/schema/tables.generated.ts']).toContain("export * from './costCenters.js';");
    expect(files['server/db/schema/tables.generated.ts']).not.toContain('costCenters.test');
    expect(files['server/db/schema/tables.generated.ts']).not.toContain("'./index.js'");
    expect(staleRegistryFiles(copy)).toEqual([]);
  });
});
