// The one plain summary line CI reads ("N passed, N failed", ", N skipped" when any), from vitest's JSON
// report; shared by `npm test` and `npm run test:containers`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Counts of a finished run; a missing report or a non-zero exit with nothing failed counts as one failure. */
export function summarize(reportFile, exitStatus) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  if (existsSync(reportFile)) {
    const data = JSON.parse(readFileSync(reportFile, 'utf8'));
    passed = data.numPassedTests ?? 0;
    // a file that failed to load or whose hooks failed has no failed test of its own: count it once
    const brokenFiles = (data.testResults ?? []).filter(
      (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
    ).length;
    failed = (data.numFailedTests ?? 0) + brokenFiles;
    skipped = (data.numPendingTests ?? 0) + (data.numTodoTests ?? 0);
  } else {
    failed = 1;
  }
  if (exitStatus !== 0 && failed === 0) failed = 1;
  return { passed, failed, skipped, line: `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}` };
}

/** The counts of several runs (the passes of one `npm test`) as one summary. */
export function combine(summaries) {
  const passed = summaries.reduce((sum, one) => sum + one.passed, 0);
  const failed = summaries.reduce((sum, one) => sum + one.failed, 0);
  const skipped = summaries.reduce((sum, one) => sum + one.skipped, 0);
  return { passed, failed, skipped, line: `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}` };
}

/** The reliability sweeps' figures (tests/support/sweeps.ts), one line per sweep, sorted by name. */
export function sweepLines(sweepsDir) {
  if (!existsSync(sweepsDir)) return [];
  return readdirSync(sweepsDir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const { name, figures } = JSON.parse(readFileSync(path.join(sweepsDir, file), 'utf8'));
      const parts = Object.entries(figures ?? {}).map(([key, value]) => `${key} ${value}`);
      return `sweep ${name}: ${parts.join(', ')}`;
    });
}
