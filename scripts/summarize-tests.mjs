// Reads the JSON reports of Vitest and Playwright; prints one line per suite, the total, then each failure with the
// first lines of its error (CI keeps only the end of the log: this is where a failure must be named).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? '.test-reports';
const counts = [];
const failures = [];

/** The first lines of an error, without colour codes. */
const excerpt = (message = '') =>
  String(message)
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter(Boolean)
    .slice(0, 4)
    .join('\n      ');

/** What a Playwright error says: a thrown non-Error has only a value. */
const playwrightMessage = (error) => error?.message ?? error?.value ?? error?.stack ?? '';

/** Playwright's specs, through nested describe blocks. */
function* playwrightSpecs(suites = []) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) yield spec;
    yield* playwrightSpecs(suite.suites);
  }
}

function readPlaywright(suite, report) {
  const stats = report.stats;
  let failed = stats.unexpected + stats.flaky;
  for (const spec of playwrightSpecs(report.suites)) {
    for (const test of spec.tests ?? []) {
      if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
      const error = test.results?.find((result) => result.errors?.length)?.errors[0];
      failures.push({ suite, name: `${spec.file}:${spec.line} › ${spec.title}`, message: excerpt(playwrightMessage(error)) });
    }
  }
  // Errors outside any test: the web server that did not start, a global setup, a spec file that does not load.
  for (const error of report.errors ?? []) failures.push({ suite, name: '(outside any test)', message: excerpt(playwrightMessage(error)) });
  if (report.errors?.length && failed === 0) failed = report.errors.length;
  counts.push({ suite, passed: stats.expected, failed, skipped: stats.skipped });
}

function readVitest(suite, report) {
  let failed = report.numFailedTests ?? 0;
  for (const testFile of report.testResults ?? []) {
    const path = String(testFile.name ?? '?').replace(/^.*?\/tests\//, 'tests/');
    const failedTests = (testFile.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) failures.push({ suite, name: `${path} › ${test.fullName}`, message: excerpt(test.failureMessages?.[0]) });
    // A file that fails to load, or whose beforeAll/afterAll hook fails (its tests are then skipped), has no failed test.
    if (testFile.status === 'failed' && failedTests.length === 0) {
      failures.push({ suite, name: path, message: excerpt(testFile.message || 'a hook or the file failed; its tests did not run') });
      failed += 1;
    }
  }
  counts.push({ suite, passed: report.numPassedTests ?? 0, failed, skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0) });
}

for (const file of existsSync(dir)
  ? readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort()
  : []) {
  const suite = file.replace(/\.json$/, '');
  let report;
  try {
    report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  } catch (error) {
    failures.push({ suite, name: file, message: excerpt(`unreadable report: ${error.message}`) });
    counts.push({ suite, passed: 0, failed: 1, skipped: 0 });
    continue;
  }
  if (report.stats && 'expected' in report.stats) readPlaywright(suite, report);
  else readVitest(suite, report);
}

for (const { suite, passed, failed, skipped } of counts) {
  console.log(`${suite}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
}
const total = counts.reduce((sum, c) => ({ passed: sum.passed + c.passed, failed: sum.failed + c.failed }), { passed: 0, failed: 0 });
console.log(`total: ${total.passed} passed, ${total.failed} failed`);
if (failures.length > 0) {
  console.log('\nfailures:');
  for (const { suite, name, message } of failures) console.log(`  [${suite}] ${name}${message ? `\n      ${message}` : ''}`);
}
process.exit(total.failed > 0 || counts.length === 0 ? 1 : 0);
