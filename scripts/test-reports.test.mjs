import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readPlaywrightReport, readVitestReport } from './test-reports.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
// Under the project so that the nested vitest resolves from its node_modules.
const scratch = mkdtempSync(path.join(ROOT, '.tmp', 'reports-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** @param {string} name @param {unknown} content */
function writeJson(name, content) {
  const file = path.join(scratch, name);
  writeFileSync(file, JSON.stringify(content));
  return file;
}

describe('readPlaywrightReport', () => {
  it('counts a test that passed only on retry as failed and names it', () => {
    const file = writeJson('playwright.json', {
      stats: { expected: 3, unexpected: 0, flaky: 1, skipped: 1 },
      suites: [
        {
          title: 'notifications.spec.ts',
          specs: [
            { title: 'publishes', tests: [{ projectName: 'desktop', status: 'flaky' }] },
            { title: 'hides', tests: [{ projectName: 'desktop', status: 'expected' }] },
          ],
        },
      ],
      errors: [],
    });
    expect(readPlaywrightReport(file)).toEqual({
      passed: 3,
      failed: 1,
      skipped: 1,
      flaky: ['notifications.spec.ts › publishes [desktop]'],
      failing: [],
    });
  });

  it('names each failed test with the first line of its error', () => {
    const file = writeJson('failed.json', {
      stats: { expected: 1, unexpected: 1 },
      suites: [
        {
          title: 'signing.spec.ts',
          specs: [
            {
              title: 'signs',
              tests: [
                {
                  projectName: 'mobile',
                  status: 'unexpected',
                  results: [
                    {
                      error: { message: '\u001b[31mError: expect(locator).toBeVisible()\u001b[39m\n\nat x' },
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(readPlaywrightReport(file)?.failing).toEqual([
      'signing.spec.ts › signs [mobile]: Error: expect(locator).toBeVisible()',
    ]);
  });

  it('counts top-level errors and a clean run as such', () => {
    const broken = writeJson('broken.json', { stats: { expected: 0 }, errors: [{ message: 'webServer' }] });
    expect(readPlaywrightReport(broken)).toMatchObject({ passed: 0, failed: 1, flaky: [] });
    const clean = writeJson('clean.json', { stats: { expected: 5, unexpected: 0, flaky: 0 } });
    expect(readPlaywrightReport(clean)).toEqual({ passed: 5, failed: 0, skipped: 0, flaky: [], failing: [] });
    expect(readPlaywrightReport(path.join(scratch, 'missing.json'))).toBeNull();
  });
});

describe('readVitestReport', () => {
  it('names the failed tests and the files that did not load', () => {
    const report = writeJson('failing.json', {
      numPassedTests: 1,
      numFailedTests: 1,
      testResults: [
        {
          name: '/clone/server/modules/a.test.ts',
          status: 'failed',
          assertionResults: [
            { status: 'passed', fullName: 'ok' },
            {
              status: 'failed',
              fullName: 'lists › pages',
              failureMessages: ['AssertionError: expected 1\n  at'],
            },
          ],
        },
        {
          name: '/clone/tests/api/b.test.ts',
          status: 'failed',
          message: 'Cannot find module x',
          assertionResults: [],
        },
      ],
    });
    expect(readVitestReport(report)).toMatchObject({
      failed: 2,
      failing: [
        'server/modules/a.test.ts › lists › pages: AssertionError: expected 1',
        'tests/api/b.test.ts: Cannot find module x',
      ],
    });
  });

  it('moves the tests of the retry file from passed to failed', () => {
    const report = writeJson('vitest.json', {
      numPassedTests: 5,
      numFailedTests: 0,
      numPendingTests: 1,
      numTodoTests: 0,
      testResults: [{ status: 'passed', assertionResults: [{ status: 'passed' }] }],
    });
    const retries = writeJson('vitest.retries.json', { flaky: ['a.test.ts › b (passed after 1 retry)'] });
    expect(readVitestReport(report, retries)).toEqual({
      passed: 4,
      failed: 1,
      skipped: 1,
      flaky: ['a.test.ts › b (passed after 1 retry)'],
      failing: [],
    });
    expect(readVitestReport(report, path.join(scratch, 'no-retries.json'))).toMatchObject({
      passed: 5,
      failed: 0,
    });
  });

  /** Runs a real vitest on a scratch project of one test file through the retry reporter. */
  function runVitest(/** @type {string} */ name, /** @type {string[]} */ testLines) {
    const project = path.join(scratch, name);
    mkdirSync(project);
    writeFileSync(path.join(project, 'one.test.mjs'), [...testLines, ''].join('\n'));
    // A config of its own, or vitest would pick up the project's from a parent directory.
    const config = path.join(project, 'vitest.config.mjs');
    writeFileSync(config, "export default { test: { include: ['*.test.mjs'] } };\n");
    const report = path.join(project, 'report.json');
    const retries = path.join(project, 'retries.json');
    const run = spawnSync(
      path.join(ROOT, 'node_modules', '.bin', 'vitest'),
      [
        'run',
        '--config',
        config,
        '--root',
        project,
        '--retry',
        '2',
        '--reporter=json',
        `--outputFile.json=${report}`,
        `--reporter=${path.join(ROOT, 'scripts', 'vitest-retry-reporter.mjs')}`,
      ],
      {
        cwd: project,
        encoding: 'utf8',
        env: { ...process.env, RUBRICA_RETRY_REPORT: retries },
        timeout: 120_000,
      },
    );
    return { run, counts: readVitestReport(report, retries), project };
  }

  it('learns of a retried test from a real vitest run through the retry reporter', () => {
    const attempts = path.join(scratch, 'attempts.txt');
    const { run, counts } = runVitest('retried', [
      "import { existsSync, writeFileSync } from 'node:fs';",
      "import { expect, it } from 'vitest';",
      `const attempts = ${JSON.stringify(attempts)};`,
      "it('fails the first time only', () => {",
      '  const first = !existsSync(attempts);',
      "  writeFileSync(attempts, 'x');",
      '  expect(first).toBe(false);',
      '});',
      "it('always passes', () => expect(1).toBe(1));",
    ]);
    expect(run.status, run.stderr).toBe(0);
    expect(counts).toMatchObject({ passed: 1, failed: 1 });
    expect(counts?.flaky).toEqual(['one.test.mjs › fails the first time only (passed after 1 retry)']);
  }, 150_000);

  it('counts and names an error thrown outside any test, for which vitest fails a run of passing tests', () => {
    const { run, counts } = runVitest('unhandled', [
      "import { expect, it } from 'vitest';",
      "it('passes but leaves a rejection behind', () => {",
      "  Promise.reject(new Error('nobody waited for this'));",
      '  expect(1).toBe(1);',
      '});',
    ]);
    expect(run.status).toBe(1);
    expect(counts).toMatchObject({ passed: 1, failed: 1 });
    expect(counts?.failing).toEqual([
      expect.stringMatching(/^outside any test: Error: nobody waited for this/),
    ]);
  }, 150_000);
});
