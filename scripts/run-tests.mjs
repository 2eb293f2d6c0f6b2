// Runs the whole suite with vitest and ends with one plain summary line from the JSON report:
// "N passed, N failed" (", N skipped" when any). CI reads that line, not vitest's own summary.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { summarize, sweepLines } from './test-summary.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const report = path.join(root, '.tmp', 'vitest-report.json');
mkdirSync(path.dirname(report), { recursive: true });
rmSync(report, { force: true });
const sweeps = path.join(root, '.tmp', 'sweeps');
rmSync(sweeps, { recursive: true, force: true });

const require = createRequire(path.join(root, 'package.json'));
const vitest = path.join(path.dirname(require.resolve('vitest/package.json')), 'vitest.mjs');
const result = spawnSync(
  process.execPath,
  [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: process.env },
);

const summary = summarize(report, result.status);
for (const line of sweepLines(sweeps)) process.stdout.write(`${line}\n`);
process.stdout.write(`${summary.line}\n`);
process.exit(result.status === 0 && summary.failed === 0 ? 0 : 1);
