// Runs the whole suite with vitest and ends with one plain summary line from the JSON report:
// "N passed, N failed" (", N skipped" when any). CI reads that line, not vitest's own summary.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const report = path.join(root, '.tmp', 'vitest-report.json');
mkdirSync(path.dirname(report), { recursive: true });
rmSync(report, { force: true });

const require = createRequire(path.join(root, 'package.json'));
const vitest = path.join(path.dirname(require.resolve('vitest/package.json')), 'vitest.mjs');
const result = spawnSync(
  process.execPath,
  [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: process.env },
);

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(report)) {
  const data = JSON.parse(readFileSync(report, 'utf8'));
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
if (result.status !== 0 && failed === 0) failed = 1;
process.stdout.write(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}\n`);
process.exit(result.status === 0 && failed === 0 ? 0 : 1);
