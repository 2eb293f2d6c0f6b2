// Runs the whole suite with vitest and ends with one plain summary line from the JSON reports:
// "N passed, N failed" (", N skipped" when any). CI reads that line, not vitest's own summary.
//
// Three passes (vitest.config.ts): the test files two or more at a time, then the browser files
// (tests/e2e) one at a time, then the `*.alone.test.ts` files one at a time (they bound how the machine
// itself behaves, e.g. how fast a killed server answers again). Arguments (file filters, vitest options)
// go to every pass; a pass that finds none of its files passes.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { combine, failureLines, summarize, sweepLines } from './test-summary.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sweeps = path.join(root, '.tmp', 'sweeps');
rmSync(sweeps, { recursive: true, force: true });

const require = createRequire(path.join(root, 'package.json'));
const vitest = path.join(path.dirname(require.resolve('vitest/package.json')), 'vitest.mjs');

function pass(name, env) {
  const report = path.join(root, '.tmp', `vitest-report${name ? `-${name}` : ''}.json`);
  mkdirSync(path.dirname(report), { recursive: true });
  rmSync(report, { force: true });
  const result = spawnSync(
    process.execPath,
    [vitest, 'run', '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } },
  );
  return summarize(report, result.status, root);
}

const parallel = pass('', { CARAVAN_TEST_PASS: 'parallel' });
const browser = pass('browser', { CARAVAN_TEST_PASS: 'browser' });
const alone = pass('alone', { CARAVAN_TEST_PASS: 'alone' });
const summary = combine([parallel, browser, alone]);
for (const line of sweepLines(sweeps)) process.stdout.write(`${line}\n`);
for (const line of failureLines(summary)) process.stdout.write(`${line}\n`);
process.stdout.write(`${summary.line}\n`);
process.exit(summary.failed === 0 ? 0 : 1);
