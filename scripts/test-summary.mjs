// The one plain summary line CI reads ("N passed, N failed", ", N skipped" when any), from vitest's JSON
// report; shared by `npm test` and `npm run test:containers`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// CI shows only the end of a run's output: each failure is also named there, on one line of at most this many
// characters, before the summary line
const FAILURE_LINE_CHARS = 400;
const MAX_FAILURE_LINES = 20;

function firstLine(text) {
  return String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').map((line) => line.trim()).find(Boolean) ?? '';
}

function failureLine(file, title, message) {
  const line = `failed: ${file}${title ? ` > ${title}` : ''}: ${firstLine(message) || 'no message'}`;
  return line.length > FAILURE_LINE_CHARS ? `${line.slice(0, FAILURE_LINE_CHARS - 3)}...` : line;
}

/**
 * Counts of a finished run, and a line naming each failure; a missing report or a non-zero exit with nothing
 * failed counts as one failure.
 */
export function summarize(reportFile, exitStatus, root = process.cwd()) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const failures = [];
  if (existsSync(reportFile)) {
    const data = JSON.parse(readFileSync(reportFile, 'utf8'));
    passed = data.numPassedTests ?? 0;
    let brokenFiles = 0;
    for (const file of data.testResults ?? []) {
      const name = path.relative(root, file.name ?? '') || file.name || 'a test file';
      const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of failedTests) failures.push(failureLine(name, test.fullName ?? test.title, (test.failureMessages ?? [])[0]));
      // a file that failed to load or whose hooks failed has no failed test of its own: count it once
      if (file.status === 'failed' && failedTests.length === 0) {
        brokenFiles += 1;
        failures.push(failureLine(name, '', file.message));
      }
    }
    failed = (data.numFailedTests ?? 0) + brokenFiles;
    skipped = (data.numPendingTests ?? 0) + (data.numTodoTests ?? 0);
  } else {
    failed = 1;
    failures.push(`failed: no report at ${path.relative(root, reportFile) || reportFile} (vitest exited with ${exitStatus})`);
  }
  if (exitStatus !== 0 && failed === 0) {
    failed = 1;
    failures.push(`failed: vitest exited with ${exitStatus} and no test failed (an unhandled error? see its output above)`);
  }
  return { passed, failed, skipped, failures, line: `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}` };
}

/** The failure lines to print before the summary line, at most MAX_FAILURE_LINES of them. */
export function failureLines(summary) {
  const all = summary.failures ?? [];
  if (all.length <= MAX_FAILURE_LINES) return all;
  return [...all.slice(0, MAX_FAILURE_LINES), `failed: ... and ${all.length - MAX_FAILURE_LINES} more (see the output above)`];
}

/** The counts of several runs (the passes of one `npm test`) as one summary. */
export function combine(summaries) {
  const passed = summaries.reduce((sum, one) => sum + one.passed, 0);
  const failed = summaries.reduce((sum, one) => sum + one.failed, 0);
  const skipped = summaries.reduce((sum, one) => sum + one.skipped, 0);
  const failures = summaries.flatMap((one) => one.failures ?? []);
  return { passed, failed, skipped, failures, line: `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}` };
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
