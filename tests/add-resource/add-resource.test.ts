import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The README's "Add a resource", followed by a test: a copy of the repository (its working tree,
 * node_modules hard-linked) gets the cost centers of ./files dropped in place, generates their
 * migration, and must typecheck, build and pass ./cost-centers.spec.ts at 1440 and 390 px, with
 * at most 5 files and 200 lines (a field of every kind the schema implies, money and references
 * included) and no tracked file edited.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const FILES = path.join(import.meta.dirname, 'files');
const MINUTE = 60_000;

type Run = { code: number | null; output: string };

function run(cwd: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

async function succeed(cwd: string, command: string, args: string[], env?: NodeJS.ProcessEnv) {
  const result = await run(cwd, command, args, env);
  expect(result.code, `${command} ${args.join(' ')}\n${result.output.slice(-4000)}`).toBe(0);
  return result.output;
}

/** Relative paths of every file under `folder`. */
const filesUnder = (folder: string, prefix = ''): string[] =>
  readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    return statSync(full).isDirectory() ? filesUnder(full, `${prefix}${name}/`) : [`${prefix}${name}`];
  });

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

describe('adding a plain company-scoped resource by following the README', () => {
  let copy: string;
  const added = filesUnder(FILES);

  beforeAll(async () => {
    copy = mkdtempSync(path.join(tmpdir(), 'rubrica-add-resource-'));
    // The working tree as it is (tracked and new files, not ignored ones), committed in the copy
    // so that `git status` there shows exactly what adding the resource changed.
    const listed = await succeed(ROOT, 'git', ['ls-files', '--cached', '--others', '--exclude-standard']);
    for (const file of listed.split('\n').filter(Boolean)) {
      const source = path.join(ROOT, file);
      if (!statSync(source, { throwIfNoEntry: false })?.isFile()) continue;
      mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
      cpSync(source, path.join(copy, file));
    }
    await succeed(copy, 'cp', ['-al', path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules')]);
    await succeed(copy, 'git', ['init', '-q']);
    await succeed(copy, 'git', ['add', '-A']);
    await succeed(copy, 'git', [
      '-c',
      'user.name=Prueba',
      '-c',
      'user.email=prueba@rubrica.test',
      'commit',
      '-qm',
      'base',
    ]);
    for (const file of added) {
      mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
      cpSync(path.join(FILES, file), path.join(copy, file));
    }
  }, 3 * MINUTE);

  // ADD_RESOURCE_KEEP=1 keeps the copy to look into (its path is printed).
  afterAll(() => {
    if (copy && process.env.ADD_RESOURCE_KEEP) console.log(`Copia conservada en ${copy}`);
    else if (copy) rmSync(copy, { recursive: true, force: true });
  });

  it(
    'takes at most 5 files and 200 lines, and no edit to a tracked file',
    async () => {
      const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
      const lines = added.map((file) => lineCount(readFileSync(path.join(FILES, file), 'utf8')));
      expect(added.length).toBeLessThanOrEqual(5);
      expect(lines.reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(200);

      await succeed(copy, 'npm', ['run', 'db:generate', '--', '--name', 'cost_centers']);
      const status = (await succeed(copy, 'git', ['status', '--porcelain', '--untracked-files=all']))
        .split('\n')
        .filter(Boolean);
      const migration = (entry: string) => entry.slice(3).startsWith('server/db/migrations/');
      // Only new files, besides the migration drizzle-kit generates (its journal gains one entry).
      expect(status.filter((entry) => !entry.startsWith('?? ') && !migration(entry))).toEqual([]);
      expect(
        status
          .filter((entry) => !migration(entry))
          .map((entry) => entry.slice(3))
          .sort(),
      ).toEqual([...added].sort());
      expect(status.some((entry) => /server\/db\/migrations\/\d+_cost_centers\.sql$/.test(entry))).toBe(true);
    },
    2 * MINUTE,
  );

  it(
    'typechecks and builds, and its generated screens pass the end-to-end spec at 1440 and 390 px',
    async () => {
      await succeed(copy, 'npm', ['run', 'typecheck']);
      await succeed(copy, 'npm', ['run', 'build']);
      const output = await succeed(
        copy,
        path.join(copy, 'node_modules/.bin/playwright'),
        ['test', '-c', 'tests/add-resource/playwright.config.ts'],
        {
          E2E_PORT: String(await freePort()),
          // Traces and screenshots of a failure outlive the copy.
          ADD_RESOURCE_RESULTS: path.join(ROOT, '.tmp/add-resource-results'),
        },
      );
      expect(output).toMatch(/2 passed/);
    },
    8 * MINUTE,
  );
});
