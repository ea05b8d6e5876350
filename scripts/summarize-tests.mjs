// Reads the JSON reports of Vitest and Playwright; prints one line per suite and the total.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? '.test-reports';
const counts = [];

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
  } else {
    counts.push({ suite, passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests });
  }
}

for (const { suite, passed, failed, skipped } of counts) {
  console.log(`${suite}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
}
const total = counts.reduce((sum, c) => ({ passed: sum.passed + c.passed, failed: sum.failed + c.failed }), { passed: 0, failed: 0 });
console.log(`total: ${total.passed} passed, ${total.failed} failed`);
process.exit(total.failed > 0 || counts.length === 0 ? 1 : 0);
