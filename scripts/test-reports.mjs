// Counts of the test runners' reports for scripts/test.mjs. A test that passed only on a retry
// ("flaky") is a failure: a suite that needs retries fails at random on a busy machine.

import { existsSync, readFileSync } from 'node:fs';

/**
 * @typedef {object} SuiteCounts
 * @property {number} passed
 * @property {number} failed    includes the flaky ones
 * @property {number} skipped
 * @property {string[]} flaky   tests that passed only on a retry, as `file › title`
 */

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
  /** @type {{ status: string, assertionResults?: { status: string }[] }[]} */
  const files = report.testResults ?? [];
  const brokenFiles = files.filter(
    (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
  ).length;
  /** @type {string[]} */
  const flaky = retryFile ? (readJson(retryFile)?.flaky ?? []) : [];
  return {
    passed: Math.max(0, (report.numPassedTests ?? 0) - flaky.length),
    failed: (report.numFailedTests ?? 0) + brokenFiles + flaky.length,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    flaky,
  };
}

/**
 * The Playwright tests whose status is "flaky" (failed, then passed on a retry).
 * @param {any} suite
 * @param {string[]} titles
 * @returns {string[]}
 */
function flakyPlaywrightTests(suite, titles = []) {
  /** @type {string[]} */
  const found = [];
  const path = suite.title ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status === 'flaky') found.push(`${[...path, spec.title].join(' › ')} [${test.projectName}]`);
    }
  }
  for (const child of suite.suites ?? []) found.push(...flakyPlaywrightTests(child, path));
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
  const flaky = (report.suites ?? []).flatMap((/** @type {any} */ suite) => flakyPlaywrightTests(suite));
  // The stats are the reference; the list only names them (a report without suites still counts).
  while (flaky.length < (stats.flaky ?? 0)) flaky.push('(unnamed test)');
  return {
    passed: stats.expected ?? 0,
    failed: (stats.unexpected ?? 0) + flaky.length + (report.errors?.length ?? 0),
    skipped: stats.skipped ?? 0,
    flaky,
  };
}
