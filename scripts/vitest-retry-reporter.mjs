// A vitest reporter that writes what vitest's JSON report does not say to the JSON file named by
// RUBRICA_RETRY_REPORT: the tests that passed only after a retry, and the errors thrown outside
// any test (vitest fails the run for them while every test passed):
// `{ "flaky": ["file › name", ...], "unhandled": ["Name: message (file)", ...] }`.
// scripts/test.mjs counts both as failures.

import { writeFileSync } from 'node:fs';
import path from 'node:path';

export default class RetryReporter {
  /** @type {string[]} */
  flaky = [];

  /** @param {import('vitest/node').TestCase} testCase */
  onTestCaseResult(testCase) {
    const retries = testCase.diagnostic()?.retryCount ?? 0;
    if (retries > 0 && testCase.result().state === 'passed') {
      const file = path.relative(process.cwd(), testCase.module.moduleId);
      this.flaky.push(
        `${file} › ${testCase.fullName} (passed after ${retries} retr${retries === 1 ? 'y' : 'ies'})`,
      );
    }
  }

  /**
   * @param {unknown} _modules
   * @param {ReadonlyArray<{ name?: string, message?: string, stack?: string, testId?: string }>} unhandledErrors
   */
  onTestRunEnd(_modules, unhandledErrors = []) {
    const unhandled = unhandledErrors.map((error) => {
      const where = error.stack
        ?.split('\n')
        .find((line) => /\(\/|at \//.test(line) && !line.includes('node_modules'));
      return `${error.name ?? 'Error'}: ${error.message ?? ''}${where ? ` ${where.trim()}` : ''}`.slice(
        0,
        300,
      );
    });
    const file = process.env.RUBRICA_RETRY_REPORT;
    if (file) writeFileSync(file, `${JSON.stringify({ flaky: this.flaky, unhandled }, null, 2)}\n`);
  }
}
