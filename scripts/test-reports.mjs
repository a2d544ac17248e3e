// Counts of the test runners' reports for scripts/test.mjs. A test that passed only on a retry
// ("flaky") is a failure: a suite that needs retries fails at random on a busy machine.

import { existsSync, readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

/**
 * @typedef {object} SuiteCounts
 * @property {number} passed
 * @property {number} failed    includes the flaky ones
 * @property {number} skipped
 * @property {string[]} flaky   tests that passed only on a retry, as `file › title`
 * @property {string[]} failing tests that failed, as `file › title: first line of the error`, so
 *   the summary at the end of a long log says which ones without scrolling back
 */

/** The first non-empty line of an error message, short enough for a summary line. */
function firstLine(/** @type {unknown} */ message) {
  const line = stripVTControlCharacters(String(message ?? ''))
    .split('\n')
    .map((part) => part.trim())
    .find(Boolean);
  return (line ?? 'no message').slice(0, 200);
}

/** @param {string} file */
const relative = (file) => file.replace(/^.*?\/(server|web|contract|scripts|tests)\//, '$1/');

/** @param {string} file */
function readJson(file) {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Sums a vitest JSON report (jest-compatible shape) and the retry reporter's file. A file that
 * failed to load has no failed assertions but status 'failed': it counts as one failure so import
 * errors are never hidden.
 * @param {string} file
 * @param {string} [retryFile]  written by scripts/vitest-retry-reporter.mjs
 * @returns {SuiteCounts | null}
 */
export function readVitestReport(file, retryFile) {
  const report = readJson(file);
  if (!report) return null;
  /** @type {{ name?: string, status: string, message?: string,
   *   assertionResults?: { status: string, fullName?: string, failureMessages?: string[] }[] }[]} */
  const files = report.testResults ?? [];
  const failing = files.flatMap((f) => {
    const tests = (f.assertionResults ?? []).filter((a) => a.status === 'failed');
    const name = relative(f.name ?? '(file)');
    if (f.status === 'failed' && tests.length === 0) return [`${name}: ${firstLine(f.message)}`];
    return tests.map((a) => `${name} › ${a.fullName ?? ''}: ${firstLine(a.failureMessages?.[0])}`);
  });
  const brokenFiles = files.filter(
    (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
  ).length;
  const extra = retryFile ? readJson(retryFile) : null;
  /** @type {string[]} */
  const flaky = extra?.flaky ?? [];
  /** @type {string[]} errors outside any test: vitest fails the run for each one */
  const unhandled = extra?.unhandled ?? [];
  return {
    passed: Math.max(0, (report.numPassedTests ?? 0) - flaky.length),
    failed: (report.numFailedTests ?? 0) + brokenFiles + flaky.length + unhandled.length,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    flaky,
    failing: [...failing, ...unhandled.map((error) => `outside any test: ${firstLine(error)}`)],
  };
}

/**
 * The Playwright tests of one status ("flaky": failed, then passed on a retry; "unexpected":
 * failed), with the first line of the last error for the failed ones.
 * @param {any} suite
 * @param {'flaky' | 'unexpected'} status
 * @param {string[]} titles
 * @returns {string[]}
 */
function playwrightTests(suite, status, titles = []) {
  /** @type {string[]} */
  const found = [];
  const path = suite.title ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status !== status) continue;
      const name = `${[...path, spec.title].join(' › ')} [${test.projectName}]`;
      const error = test.results?.at(-1)?.error?.message;
      found.push(status === 'unexpected' ? `${name}: ${firstLine(error)}` : name);
    }
  }
  for (const child of suite.suites ?? []) found.push(...playwrightTests(child, status, path));
  return found;
}

/**
 * Sums Playwright's JSON report: flaky tests (passed on retry) and top-level errors (web server
 * that never started, broken config) count as failures.
 * @param {string} file
 * @returns {SuiteCounts | null}
 */
export function readPlaywrightReport(file) {
  const report = readJson(file);
  if (!report) return null;
  const stats = report.stats ?? {};
  const suites = report.suites ?? [];
  const flaky = suites.flatMap((/** @type {any} */ suite) => playwrightTests(suite, 'flaky'));
  const failing = [
    ...suites.flatMap((/** @type {any} */ suite) => playwrightTests(suite, 'unexpected')),
    ...(report.errors ?? []).map((/** @type {any} */ error) => `(run): ${firstLine(error.message)}`),
  ];
  // The stats are the reference; the list only names them (a report without suites still counts).
  while (flaky.length < (stats.flaky ?? 0)) flaky.push('(unnamed test)');
  return {
    passed: stats.expected ?? 0,
    failed: (stats.unexpected ?? 0) + flaky.length + (report.errors?.length ?? 0),
    skipped: stats.skipped ?? 0,
    flaky,
    failing,
  };
}
