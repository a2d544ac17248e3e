// `npm run bench`: the performance figures of the product (see bench/README.md).
//
//   npm run bench                 every bench/*.bench.mjs, in file-name order
//   npm run bench -- signin       only modules whose file name contains "signin"
//
// Builds first when dist/ is missing. Each module returns rows; figures are merged into
// bench/results.json (keyed by name, each with its unit, date, node version and core count)
// and printed as a table. Exits non-zero when a module fails (the others still run).

import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, SERVER_ENTRY } from '../bench/lib.mjs';

/**
 * What a bench module's default export receives.
 * @typedef {object} BenchContext
 * @property {(line: string) => void} log   progress line, prefixed with the module name
 * @property {string} root                  project root
 */

/**
 * One figure returned by a bench module.
 * @typedef {object} BenchRow
 * @property {string} name     stable key, `<module>.<figure>` (snake_case after the dot)
 * @property {string} label    what was measured, for humans
 * @property {number} value
 * @property {string} unit     ms, req/s, MiB, ...
 * @property {'lower' | 'higher'} better
 * @property {number[]} [samples]
 * @property {string} [note]
 */

const BENCH_DIR = path.join(ROOT, 'bench');
const RESULTS = path.join(BENCH_DIR, 'results.json');
const filters = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));

function ensureBuilt() {
  if (existsSync(SERVER_ENTRY) && existsSync(path.join(ROOT, 'dist', 'web', 'index.html'))) return;
  console.log('bench: dist/ is incomplete, running npm run build');
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status === 0) return;
  // The API figures do not need the SPA: measure the server alone rather than nothing.
  if (!existsSync(SERVER_ENTRY)) spawnSync('npm', ['run', 'build:server'], { cwd: ROOT, stdio: 'inherit' });
  if (!existsSync(SERVER_ENTRY)) {
    console.error('bench: build failed');
    process.exit(1);
  }
  console.warn('bench: the web build failed; measuring the server without the SPA');
}

function machine() {
  const cpus = os.cpus();
  return {
    node: process.version,
    cores: os.availableParallelism(),
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}

function gitCommit() {
  const result = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

/** Earlier figures stay when only some modules run. */
function readResults() {
  try {
    const previous = JSON.parse(readFileSync(RESULTS, 'utf8'));
    return typeof previous?.figures === 'object' && previous.figures ? previous.figures : {};
  } catch {
    return {};
  }
}

/** @param {{ module: string, row?: BenchRow, error?: string }[]} lines */
function printTable(lines) {
  const table = lines.map(({ module, row, error }) => [
    row?.name ?? `${module} (failed)`,
    row ? String(row.value) : '—',
    row?.unit ?? '',
    row ? `${row.label}${row.note ? ` — ${row.note}` : ''}` : (error ?? ''),
  ]);
  const head = ['figure', 'value', 'unit', 'what'];
  const widths = head.map((h, i) => Math.max(h.length, ...table.map((cells) => (cells[i] ?? '').length)));
  const format = (/** @type {string[]} */ cells) =>
    cells
      .map((cell, i) => (i === 1 ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  console.log(`\n${format(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const cells of table) console.log(format(cells));
}

async function main() {
  const modules = readdirSync(BENCH_DIR)
    .filter((file) => file.endsWith('.bench.mjs'))
    .filter((file) => filters.length === 0 || filters.some((f) => file.includes(f)))
    .sort();
  if (modules.length === 0) {
    console.error(`bench: no bench/*.bench.mjs matches ${filters.join(' ')}`);
    process.exit(1);
  }
  // A module that measures library code, not the server, exports `needsBuild = false`.
  const imported = await Promise.all(
    modules.map((file) => import(pathToFileURL(path.join(BENCH_DIR, file)).href)),
  );
  if (imported.some((module) => module.needsBuild !== false)) ensureBuilt();

  const env = machine();
  const commit = gitCommit();
  const figures = readResults();
  /** @type {{ module: string, row?: BenchRow, error?: string }[]} */
  const lines = [];
  let failed = false;

  for (const file of modules) {
    const name = file.replace(/\.bench\.mjs$/, '');
    const log = (/** @type {string} */ line) => console.log(`[${name}] ${line}`);
    const started = Date.now();
    try {
      const { default: run } = await import(pathToFileURL(path.join(BENCH_DIR, file)).href);
      /** @type {BenchRow[]} */
      const rows = await run({ log, root: ROOT });
      const date = new Date().toISOString();
      // The machine may be shared: the 1-minute load average says how busy it was meanwhile.
      const load = Math.round(os.loadavg()[0] * 100) / 100;
      log(`load average ${load}`);
      for (const row of rows) {
        figures[row.name] = { ...row, date, load, node: env.node, cores: env.cores, commit };
        lines.push({ module: name, row });
      }
      log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    } catch (error) {
      failed = true;
      const message = error instanceof Error ? error.message : String(error);
      console.error(`[${name}] FAILED: ${message}`);
      lines.push({ module: name, error: message.split('\n')[0] });
    }
  }

  const sorted = Object.fromEntries(Object.entries(figures).sort(([a], [b]) => a.localeCompare(b)));
  const results = { date: new Date().toISOString(), commit, machine: env, figures: sorted };
  writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
  printTable(lines);
  console.log(
    `\nNode ${env.node}, ${env.cores} cores (${env.cpu}), ${env.memoryGiB} GiB — written to bench/results.json`,
  );
  process.exitCode = failed ? 1 : 0;
}

await main();
