// A vitest reporter that writes the tests that passed only after a retry (vitest's JSON report
// does not say) to the JSON file named by RUBRICA_RETRY_REPORT: `{ "flaky": ["file › name", ...] }`.
// scripts/test.mjs counts them as failures.

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

  onTestRunEnd() {
    const file = process.env.RUBRICA_RETRY_REPORT;
    if (file) writeFileSync(file, `${JSON.stringify({ flaky: this.flaky }, null, 2)}\n`);
  }
}
