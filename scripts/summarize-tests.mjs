// Reads the JSON reports of Vitest and Playwright; prints one line per suite, the total, then each failed test with
// the first lines of its error (CI keeps only the end of the log: this is where a failure must be named).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? '.test-reports';
const counts = [];
const failures = [];

/** The first lines of an error, without colour codes. */
const excerpt = (message = '') =>
  message
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter(Boolean)
    .slice(0, 4)
    .join('\n      ');

/** Playwright's specs, through nested describe blocks. */
function* playwrightSpecs(suites = []) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) yield spec;
    yield* playwrightSpecs(suite.suites);
  }
}

for (const file of existsSync(dir)
  ? readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort()
  : []) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const suite = file.replace(/\.json$/, '');
  if (report.stats && 'expected' in report.stats) {
    // Playwright: expected = passed, unexpected = failed, flaky counted as failed (retries are off).
    counts.push({ suite, passed: report.stats.expected, failed: report.stats.unexpected + report.stats.flaky, skipped: report.stats.skipped });
    for (const spec of playwrightSpecs(report.suites)) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = test.results?.find((result) => result.errors?.length)?.errors[0];
        failures.push({ suite, name: `${spec.file}:${spec.line} › ${spec.title}`, message: excerpt(error?.message) });
      }
    }
  } else {
    counts.push({ suite, passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests });
    for (const testFile of report.testResults ?? []) {
      const path = testFile.name.replace(/^.*?\/tests\//, 'tests/');
      for (const test of testFile.assertionResults ?? []) {
        if (test.status === 'failed') failures.push({ suite, name: `${path} › ${test.fullName}`, message: excerpt(test.failureMessages?.[0]) });
      }
      // A file that fails to load has no test to name.
      if (testFile.status === 'failed' && !testFile.assertionResults?.length) failures.push({ suite, name: path, message: excerpt(testFile.message) });
    }
  }
}

for (const { suite, passed, failed, skipped } of counts) {
  console.log(`${suite}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
}
const total = counts.reduce((sum, c) => ({ passed: sum.passed + c.passed, failed: sum.failed + c.failed }), { passed: 0, failed: 0 });
console.log(`total: ${total.passed} passed, ${total.failed} failed`);
if (failures.length > 0) {
  console.log('\nfailed tests:');
  for (const { suite, name, message } of failures) console.log(`  [${suite}] ${name}${message ? `\n      ${message}` : ''}`);
}
process.exit(total.failed > 0 || counts.length === 0 ? 1 : 0);
