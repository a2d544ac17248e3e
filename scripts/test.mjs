// `npm test`: every check of the project, in order, continuing after a failing stage.
//
//   1 typecheck            tsc -p tsconfig.json --noEmit                    (1 check)
//   2 lint                 biome check .                                    (1 check)
//   3 unit                 vitest --project unit --project web              (tests)
//   4 API on PGlite        vitest --project api, TEST_DB=pglite             (tests)
//   5 API on PostgreSQL    same, TEST_DB=postgres + throwaway cluster       (tests)
//   6 Node.js 24           unit (server) and API on PGlite on Node.js 24     (tests)
//   7 build                npm run build                                    (1 check)
//   8 add a resource       vitest --project add-resource (README steps)     (tests)
//   9 e2e                  playwright test (desktop + mobile projects)      (tests)
//
// Counts come from vitest's and Playwright's JSON reports. A test that passed only on a retry
// (Playwright "flaky", a vitest retry) is listed and counted as failed: retries are for diagnosis. The last line of output is always
// `N passed, N failed` (plus `, N skipped` when some were skipped), and the exit code is non-zero
// when anything failed or a required stage could not run (a missing tool counts as a failure).
//
// Options:
//   --quick   local iteration only: skips stages 5–9 (PostgreSQL, Node.js 24, build, e2e) and any apt-get.
//             CI and the default run everything.
// Environment:
//   TEST_BUDGET_SECONDS   overall time budget (.ci/run sets it); stages past it are failed, not hung
//   TEST_DATABASE_URL     use this PostgreSQL instead of starting a throwaway cluster

import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LTS_MAJOR, nodeLts } from './node-lts.mjs';
import { freePort, startPostgres } from './pg.mjs';
import { writeRegistry } from './registry.mjs';
import { ensureTools, missingReason } from './system-tools.mjs';
import { readPlaywrightReport, readVitestReport } from './test-reports.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TMP = path.join(ROOT, '.tmp');
const bin = (/** @type {string} */ name) => path.join(ROOT, 'node_modules', '.bin', name);

const quick = process.argv.includes('--quick');
const startedAt = Date.now();
const budgetMs = Number(process.env.TEST_BUDGET_SECONDS ?? 0) * 1000 || Number.POSITIVE_INFINITY;
const MINUTE = 60_000;
// Each stage's own limit only catches a hung runner. They are sized for a 2-core machine running
// other work too (the unit stage alone took over 10 min at a load average of 14, the end-to-end
// stage over 25 min on a busy CI machine, which then failed a run whose tests all passed); the
// overall TEST_BUDGET_SECONDS still bounds the whole run.
const SUITE_LIMIT = 40 * MINUTE;
// The browser suite is the longest: 40 min stopped a CI run whose tests were all passing, 17 min
// after the others. The budget of .ci/run still ends the whole run inside the CI job's 90 min.
const BROWSER_SUITE_LIMIT = 55 * MINUTE;
/** A full run should end within this on the CI machine; beyond it the summary says so. */
const TARGET_SECONDS = 30 * 60;

/**
 * @typedef {object} StageResult
 * @property {string} title
 * @property {'passed' | 'failed' | 'skipped'} status  skipped = deliberately not run (--quick)
 * @property {number} passed
 * @property {number} failed
 * @property {number} skipped
 * @property {string[]} [flaky]  passed only on a retry (counted in `failed`)
 * @property {string[]} [failing]  the failed tests, named with their first error line
 * @property {string} [note]
 * @property {number} [seconds]  how long the stage ran (the summary shows it, to find the slow one)
 */

/** @type {StageResult[]} */
const results = [];
/** @type {import('node:child_process').ChildProcess | null} */
let current = null;
let interrupted = false;

/** @param {string} title */
function header(title) {
  const line = '='.repeat(Math.max(8, 78 - title.length));
  console.log(`\n==== ${title} ${line}\n`);
}

/**
 * Kills a child's whole process group (vitest/playwright spawn workers and servers).
 * @param {import('node:child_process').ChildProcess} child
 * @param {NodeJS.Signals} [signal]
 */
function killGroup(child, signal = 'SIGTERM') {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

/**
 * Runs a command with inherited output in its own process group, bounded by a timeout.
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, timeoutMs: number }} options
 * @returns {Promise<{ code: number, timedOut: boolean }>}
 */
function run(command, args, { env = process.env, timeoutMs }) {
  const remaining = budgetMs - (Date.now() - startedAt);
  const limit = Math.max(1000, Math.min(timeoutMs, remaining));
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: 'inherit', detached: true });
    current = child;
    let timedOut = false;
    let settled = false;
    const done = (/** @type {number} */ code) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      current = null;
      resolve({ code, timedOut });
    };
    const timer = setTimeout(() => {
      timedOut = true;
      console.error(`\n[test] ${path.basename(command)} exceeded ${Math.round(limit / 1000)} s: stopping it`);
      killGroup(child);
      setTimeout(() => killGroup(child, 'SIGKILL'), 10_000).unref();
    }, limit);
    child.on('error', (error) => {
      console.error(`[test] cannot run ${command}: ${error.message}`);
      done(127);
    });
    child.on('close', (code) => {
      // Orphans of the stage (a server, a worker) must not outlive it or hold its port.
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // the group is already empty
      }
      // A signal-killed child has code null: that is a failure, never a pass.
      done(code ?? 1);
    });
  });
}

function budgetLeft() {
  return budgetMs - (Date.now() - startedAt) > 15_000;
}

/**
 * A stage that counts as one check: passed when the command exits 0.
 * @param {string} title
 * @param {string} command
 * @param {string[]} args
 * @param {number} timeoutMs
 */
async function checkStage(title, command, args, timeoutMs) {
  const { code, timedOut } = await run(command, args, { timeoutMs });
  const ok = code === 0 && !timedOut;
  const note = timedOut ? 'timed out' : ok ? undefined : `exit code ${code}`;
  return record({
    title,
    status: ok ? 'passed' : 'failed',
    passed: ok ? 1 : 0,
    failed: ok ? 0 : 1,
    skipped: 0,
    note,
  });
}

/**
 * Runs a test runner and counts its report; a non-zero exit with no counted failure (crash,
 * timeout, unhandled error) is one failure.
 * @param {{ title: string, command: string, args: string[], report: string,
 *   read: () => import('./test-reports.mjs').SuiteCounts | null,
 *   env?: NodeJS.ProcessEnv, timeoutMs: number }} options
 */
async function suiteStage({ title, command, args, report, read, env, timeoutMs }) {
  rmSync(report, { force: true });
  const { code, timedOut } = await run(command, args, { env, timeoutMs });
  /** @type {import('./test-reports.mjs').SuiteCounts} */
  const counts = read() ?? { passed: 0, failed: 0, skipped: 0, flaky: [], failing: [] };
  let note;
  if ((code !== 0 || timedOut) && counts.failed === 0) {
    counts.failed = 1;
    note = timedOut ? 'timed out' : `exit code ${code} without a failing test (see log above)`;
  } else if (timedOut) {
    note = 'timed out';
  }
  const status = counts.failed > 0 ? 'failed' : 'passed';
  return record({ title, status, ...counts, note });
}

/**
 * @param {string} title
 * @param {string} reason
 * @param {'failed' | 'skipped'} status  failed = a required stage could not run
 */
function notRun(title, reason, status) {
  console.log(`${status === 'failed' ? 'NOT RUN (counts as 1 failure)' : 'SKIPPED'}: ${reason}`);
  return record({ title, status, passed: 0, failed: status === 'failed' ? 1 : 0, skipped: 0, note: reason });
}

/** @param {number} seconds */
const formatDuration = (seconds) => `${Math.floor(seconds / 60)} min ${seconds % 60} s`;

/** @param {StageResult} result */
function record(result) {
  results.push(result);
  return result;
}

/**
 * vitest keeps one core for itself by default (one worker on a 2-core machine); the unit and API
 * stages are mostly CPU in the workers (jsdom, PGlite), so two workers use both cores.
 * @param {string} name
 */
const vitestArgs = (
  name,
  /** @type {string[]} */ projects,
  workers = Math.max(2, availableParallelism() - 1),
) => [
  'run',
  ...projects.flatMap((p) => ['--project', p]),
  `--maxWorkers=${workers}`,
  '--passWithNoTests',
  '--reporter=default',
  '--reporter=json',
  `--reporter=${path.join(ROOT, 'scripts', 'vitest-retry-reporter.mjs')}`,
  `--outputFile.json=${path.join(TMP, `${name}.json`)}`,
];

/**
 * A vitest stage's JSON report, its retry file, and the environment that names the retry file.
 * @param {string} name
 * @param {NodeJS.ProcessEnv} env
 */
function vitestReports(name, env) {
  const report = path.join(TMP, `${name}.json`);
  const retries = path.join(TMP, `${name}.retries.json`);
  rmSync(retries, { force: true });
  return {
    report,
    read: () => readVitestReport(report, retries),
    env: { ...env, RUBRICA_RETRY_REPORT: retries },
  };
}

/** Environment without a database URL, so a stage's own choice is the only one in effect. */
function envWith(/** @type {Record<string, string>} */ extra) {
  const env = { ...process.env, ...extra };
  delete env.DATABASE_URL;
  if (!('TEST_DATABASE_URL' in extra)) delete env.TEST_DATABASE_URL;
  return env;
}

/**
 * The stages, in order. `detail` is printed in the header so the log says exactly what ran.
 * @type {{ title: string, detail: string, run: (title: string) => Promise<StageResult> }[]}
 */
const stages = [
  {
    title: 'Typecheck',
    detail: 'tsc -p tsconfig.json --noEmit',
    run: (title) => checkStage(title, bin('tsc'), ['-p', 'tsconfig.json', '--noEmit'], 10 * MINUTE),
  },
  {
    title: 'Lint',
    detail: 'biome check .',
    run: (title) => checkStage(title, bin('biome'), ['check', '.'], 5 * MINUTE),
  },
  {
    title: 'Unit tests',
    detail: 'vitest run --project unit --project web',
    run: (title) =>
      suiteStage({
        title,
        command: bin('vitest'),
        args: vitestArgs('unit', ['unit', 'web']),
        ...vitestReports('unit', process.env),
        timeoutMs: SUITE_LIMIT,
      }),
  },
  {
    title: 'API suite on PGlite',
    detail: 'vitest run --project api with TEST_DB=pglite',
    run: (title) =>
      suiteStage({
        title,
        command: bin('vitest'),
        args: vitestArgs('api-pglite', ['api']),
        ...vitestReports('api-pglite', envWith({ TEST_DB: 'pglite' })),
        timeoutMs: SUITE_LIMIT,
      }),
  },
  {
    title: 'API suite on PostgreSQL',
    detail: 'vitest run --project api with TEST_DB=postgres on a throwaway PostgreSQL 15 (scripts/pg.mjs)',
    run: async (title) => {
      if (quick) return notRun(title, '--quick', 'skipped');
      const missing = process.env.TEST_DATABASE_URL ? null : missingReason(['postgres']);
      if (missing) return notRun(title, missing, 'failed');
      let pg;
      try {
        pg = await startPostgres({ log: (line) => console.log(line) });
      } catch (error) {
        const reason = `cannot start PostgreSQL: ${error instanceof Error ? error.message : error}`;
        return notRun(title, reason, 'failed');
      }
      try {
        return await suiteStage({
          title,
          command: bin('vitest'),
          args: vitestArgs('api-postgres', ['api']),
          ...vitestReports('api-postgres', envWith({ TEST_DB: 'postgres', TEST_DATABASE_URL: pg.url })),
          timeoutMs: SUITE_LIMIT,
        });
      } finally {
        await pg.stop();
      }
    },
  },
  {
    title: `Unit and API suites on Node.js ${LTS_MAJOR}`,
    detail: `vitest run --project unit --project api (TEST_DB=pglite) on Node.js ${LTS_MAJOR} from the npm registry (scripts/node-lts.mjs); the web project's components run in browsers, not on Node`,
    run: (title) => {
      if (quick) return Promise.resolve(notRun(title, '--quick', 'skipped'));
      const running = Number(process.versions.node.split('.')[0]);
      if (running >= LTS_MAJOR) {
        return Promise.resolve(
          notRun(title, `the other stages already ran on Node.js ${running}`, 'skipped'),
        );
      }
      const lts = nodeLts();
      if ('missing' in lts) return Promise.resolve(notRun(title, lts.missing, 'failed'));
      return suiteStage({
        title,
        command: lts.binary,
        args: [
          path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'),
          ...vitestArgs('lts', ['unit', 'api']),
        ],
        ...vitestReports('lts', envWith({ TEST_DB: 'pglite' })),
        timeoutMs: SUITE_LIMIT,
      });
    },
  },
  {
    title: 'Build',
    detail: 'npm run build (web + server)',
    run: (title) => {
      if (quick) return Promise.resolve(notRun(title, '--quick', 'skipped'));
      return checkStage(title, 'npm', ['run', 'build'], 15 * MINUTE);
    },
  },
  {
    title: 'Add a resource',
    detail:
      'vitest run --project add-resource (the README steps on a copy: 5 files, migration, tsc, build, e2e)',
    run: (title) => {
      if (quick) return Promise.resolve(notRun(title, '--quick', 'skipped'));
      return suiteStage({
        title,
        command: bin('vitest'),
        args: vitestArgs('add-resource', ['add-resource'], 1),
        ...vitestReports('add-resource', process.env),
        timeoutMs: 10 * MINUTE,
      });
    },
  },
  {
    title: 'End-to-end',
    detail: 'playwright test (built app on a fresh DATA_DIR, Debian Chromium)',
    run: async (title) => {
      if (quick) return notRun(title, '--quick', 'skipped');
      if (results.find((result) => result.title === 'Build')?.status !== 'passed')
        return notRun(title, 'the build failed: nothing to serve', 'failed');
      const missing = missingReason(['chromium']);
      if (missing) return notRun(title, missing, 'failed');
      // A free port so a server already on 3100 (or a parallel run) does not collide.
      const port = String(await freePort());
      const report = path.join(TMP, 'playwright.json');
      return suiteStage({
        title,
        command: bin('playwright'),
        args: ['test', '--pass-with-no-tests'],
        report,
        read: () => readPlaywrightReport(report),
        env: envWith({ E2E_PORT: port }),
        timeoutMs: BROWSER_SUITE_LIMIT,
      });
    },
  },
];

function summary() {
  const total = { passed: 0, failed: 0, skipped: 0 };
  /** @type {string[]} */
  const flaky = [];
  /** @type {string[]} */
  const failing = [];
  console.log(`\n==== Summary ${'='.repeat(65)}\n`);
  for (const r of results) {
    total.passed += r.passed;
    total.failed += r.failed;
    total.skipped += r.skipped;
    const retried = r.flaky?.length ? `, ${r.flaky.length} passed only on retry` : '';
    const counts = `${r.passed} passed, ${r.failed} failed${retried}${r.skipped ? `, ${r.skipped} skipped` : ''}`;
    const note = r.note ? `  (${r.note})` : '';
    const took = r.seconds === undefined ? '' : `${formatDuration(r.seconds)}  `.padStart(12);
    console.log(`  ${r.status.toUpperCase().padEnd(8)} ${r.title.padEnd(24)}${took}${counts}${note}`);
    flaky.push(...(r.flaky ?? []).map((test) => `${r.title}: ${test}`));
    failing.push(...(r.failing ?? []).map((test) => `${r.title}: ${test}`));
  }
  if (failing.length) console.log(`\n  Failed tests (${failing.length}):`);
  for (const test of failing.slice(0, 30)) console.log(`    ${test}`);
  // Always printed, so a green log shows that no retry was used.
  console.log(`\n  Passed only on retry (counted as failed): ${flaky.length}`);
  for (const test of flaky) console.log(`    ${test}`);
  const seconds = Math.round((Date.now() - startedAt) / 1000);
  const slow = seconds > TARGET_SECONDS ? ' (over the 30-minute target: was the machine busy?)' : '';
  console.log(`\n  ${formatDuration(seconds)}${quick ? ' (--quick: not a full run)' : slow}\n`);
  // Must stay the very last line: CI reads it.
  console.log(
    `${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
  );
  return total;
}

/** @param {NodeJS.Signals} signal */
function onSignal(signal) {
  if (interrupted) return;
  interrupted = true;
  console.error(`\n[test] ${signal}: stopping the current stage`);
  if (current) killGroup(current);
}

async function main() {
  mkdirSync(TMP, { recursive: true });
  // The registration barrels are derived files (git ignores them): every stage needs them.
  writeRegistry();
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  if (!quick) ensureTools({ log: (line) => console.log(line) });

  for (const [index, stage] of stages.entries()) {
    header(`[${index + 1}/${stages.length}] ${stage.title}: ${stage.detail}`);
    if (interrupted || !budgetLeft()) {
      const why = interrupted ? 'interrupted' : 'time budget (TEST_BUDGET_SECONDS) exhausted';
      notRun(stage.title, why, 'failed');
      continue;
    }
    const stageStarted = Date.now();
    try {
      await stage.run(stage.title);
    } catch (error) {
      // A bug in this script must not turn into a green run.
      console.error(error);
      record({ title: stage.title, status: 'failed', passed: 0, failed: 1, skipped: 0, note: String(error) });
    }
    const last = results.at(-1);
    if (last?.title === stage.title) last.seconds = Math.round((Date.now() - stageStarted) / 1000);
  }
  const total = summary();
  const incomplete = results.some((r) => r.status === 'failed');
  process.exitCode = total.failed > 0 || incomplete ? 1 : 0;
}

await main();
