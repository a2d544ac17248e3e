import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  backwardStageImports,
  checkHouse,
  findCycles,
  folderCycles,
  isTestFile,
  productFilesImportingTests,
  runtimeImports,
} from './import-cycles.mjs';

describe('the house has no import cycle', () => {
  it('has none among server/, src/ and contract/, and no product file imports a test helper', () => {
    const { files, cycles, folderCycles, stageImports, testImports } = checkHouse();
    expect(files).toBeGreaterThan(500);
    expect(cycles.map((cycle) => cycle.join(' → '))).toEqual([]);
    expect(folderCycles).toEqual([]);
    expect(stageImports).toEqual([]);
    expect(testImports).toEqual([]);
  });
});

describe('runtimeImports', () => {
  it('keeps what loads at run time and drops what the compiler erases', () => {
    const text = [
      "import { a } from './a.js';",
      "import type { B } from './b.js';",
      "import { type C, type D } from './c.js';",
      "import { type E, f } from './ef.js';",
      "import './side-effect.js';",
      "export { g } from './g.js';",
      "export type { H } from './h.js';",
      "export * from './star.js';",
      'import {',
      '  i,',
      '  j,',
      "} from './ij.js';",
      "export const k = 'from ./not-an-import.js';",
      "const lazy = () => import('./lazy.js');",
    ].join('\n');
    expect(runtimeImports(text)).toEqual([
      './a.js',
      './ef.js',
      './side-effect.js',
      './g.js',
      './star.js',
      './ij.js',
    ]);
  });
});

describe('findCycles', () => {
  it('finds each cycle once, as a closed path, and nothing in a graph without one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', ['e']],
      ['e', []],
      ['f', ['f']],
    ]);
    const cycles = findCycles(graph);
    expect(cycles).toHaveLength(2);
    expect(cycles).toContainEqual(['a', 'b', 'c', 'a']);
    expect(cycles).toContainEqual(['f', 'f']);
    expect(
      findCycles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('walks a chain of 20,000 imports without running out of stack', () => {
    const graph = new Map(
      Array.from({ length: 20_000 }, (_, n) => [`m${n}`, n < 19_999 ? [`m${n + 1}`] : ['m0']]),
    );
    const [cycle] = findCycles(graph);
    expect(cycle).toHaveLength(20_001);
  });
});

describe('test helpers', () => {
  it('names test files and helpers as such, and finds a product file importing one', () => {
    expect(isTestFile('server/a.test.ts')).toBe(true);
    expect(isTestFile('tests/support/pades/certificates.ts')).toBe(true);
    expect(isTestFile('server/uploads/testing/files.ts')).toBe(true);
    expect(isTestFile('src/resources/history/historyFakes.testing.ts')).toBe(true);
    expect(isTestFile('src/test/harness.tsx')).toBe(true);
    expect(isTestFile('server/pades/seal-pdf.ts')).toBe(false);
    expect(isTestFile('server/requests/core/factories.ts')).toBe(false);
    const graph = new Map([
      ['server/x.ts', ['src/test/fakes.ts']],
      ['server/x.test.ts', ['src/test/fakes.ts']],
      ['src/test/fakes.ts', []],
      ['contract/y.ts', ['tests/support/notify/standins.ts']],
      ['src/z.tsx', ['src/z.testing.ts']],
    ]);
    expect(productFilesImportingTests(graph)).toEqual([
      { file: 'server/x.ts', helper: 'src/test/fakes.ts' },
      { file: 'contract/y.ts', helper: 'tests/support/notify/standins.ts' },
      { file: 'src/z.tsx', helper: 'src/z.testing.ts' },
    ]);
  });
});

describe('folderCycles', () => {
  it('finds a cycle between top-level folders of server/ and names an import that closes it', () => {
    const graph = new Map([
      ['server/http/guard.ts', ['server/modules/companies/features.ts']],
      ['server/modules/companies/features.ts', ['server/db/client.ts']],
      ['server/modules/companies/other.ts', ['server/http/rateLimit.ts']],
      ['server/db/client.ts', []],
      ['server/http/rateLimit.ts', ['server/db/client.ts']],
    ]);
    expect(folderCycles(graph)).toEqual([
      {
        cycle: ['server/http', 'server/modules', 'server/http'],
        imports: [
          'server/http/guard.ts → server/modules/companies/features.ts',
          'server/modules/companies/other.ts → server/http/rateLimit.ts',
        ],
      },
    ]);
  });

  it('ignores imports inside a folder, from files at the top of server/ and from tests', () => {
    const graph = new Map([
      ['server/app.ts', ['server/http/routes.ts']],
      ['server/http/routes.ts', ['server/http/guard.ts', 'server/modules/a/a.ts']],
      ['server/http/guard.ts', []],
      ['server/modules/a/a.ts', []],
      ['server/modules/a/a.test.ts', ['server/http/routes.ts']],
      ['server/modules/a/test-fakes.ts', ['server/http/routes.ts']],
    ]);
    expect(folderCycles(graph)).toEqual([]);
  });
});

describe('backwardStageImports', () => {
  it('lets a stage import core and earlier stages, and finds one importing a later stage', () => {
    const graph = new Map([
      ['server/requests/core/mail.ts', ['server/requests/core/events.ts']],
      ['server/requests/sending/send.ts', ['server/requests/core/mail.ts']],
      ['server/requests/signer/sign.ts', ['server/requests/sealing/seal.ts']],
      ['server/requests/core/events.ts', ['server/requests/history/history.ts']],
      ['server/requests/history/history.ts', []],
      ['server/requests/sealing/seal.ts', []],
      ['server/requests/core/events.test.ts', ['server/requests/signer/sign.ts']],
    ]);
    expect(backwardStageImports(graph)).toEqual([
      { file: 'server/requests/core/events.ts', imports: 'server/requests/history/history.ts' },
    ]);
  });

  it('finds a file outside every stage', () => {
    const graph = new Map([
      ['server/requests/loose.ts', []],
      ['server/requests/drafts/draft.ts', []],
      ['server/modules/x/x.ts', []],
    ]);
    expect(backwardStageImports(graph).map(({ file }) => file)).toEqual([
      'server/requests/loose.ts',
      'server/requests/drafts/draft.ts',
    ]);
  });
});

describe('checkHouse', () => {
  it('reports a product file importing tests/support/, a backward stage import and a folder cycle', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'house-'));
    try {
      const write = (/** @type {string} */ file, /** @type {string} */ text) => {
        mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
        writeFileSync(path.join(root, file), text);
      };
      write('tests/support/notify/standins.ts', 'export const standIn = 1;\n');
      write('server/notify/sms.ts', "import { standIn } from '../../tests/support/notify/standins.js';\n");
      write('server/requests/core/mail.ts', "import { x } from '../signer/sign.js';\n");
      write('server/requests/signer/sign.ts', "export const x = 1;\nimport '../../db/client.js';\n");
      write('server/db/client.ts', "import '../requests/core/mail.js';\n");
      const house = checkHouse(root);
      expect(house.testImports).toEqual([
        { file: 'server/notify/sms.ts', helper: 'tests/support/notify/standins.ts' },
      ]);
      expect(house.stageImports).toEqual([
        { file: 'server/requests/core/mail.ts', imports: 'server/requests/signer/sign.ts' },
      ]);
      expect(house.folderCycles.map(({ cycle }) => cycle)).toEqual([
        ['server/db', 'server/requests', 'server/db'],
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
