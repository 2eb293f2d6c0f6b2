import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { combine, summarize, sweepLines } from '../../scripts/test-summary.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'caravan-summary-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the summary lines of npm test', () => {
  it('counts passed, failed, skipped and files that failed to load', () => {
    const report = path.join(dir, 'report.json');
    writeFileSync(report, JSON.stringify({
      numPassedTests: 7, numFailedTests: 1, numPendingTests: 2, numTodoTests: 0,
      testResults: [{ status: 'failed', assertionResults: [] }, { status: 'failed', assertionResults: [{ status: 'failed' }] }],
    }));
    expect(summarize(report, 1).line).toBe('7 passed, 2 failed, 2 skipped');
    expect(summarize(path.join(dir, 'missing.json'), 0).line).toBe('0 passed, 1 failed');
  });

  it('adds up the passes of one run (the parallel files, then the ones that run alone)', () => {
    const one = { passed: 10, failed: 0, skipped: 0 };
    const two = { passed: 2, failed: 1, skipped: 1 };
    expect(combine([one, two]).line).toBe('12 passed, 1 failed, 1 skipped');
    expect(combine([one, { passed: 0, failed: 0, skipped: 0 }]).line).toBe('10 passed, 0 failed');
  });

  it('prints each sweep record as one line, sorted by name, and nothing without records', () => {
    const sweeps = path.join(dir, 'sweeps');
    expect(sweepLines(sweeps)).toEqual([]);
    const write = (name: string, figures: Record<string, number | string>) => {
      rmSync(path.join(sweeps, `${name}.json`), { force: true });
      writeFileSync(path.join(sweeps, `${name}.json`), JSON.stringify({ name, figures }));
    };
    // the folder appears with the first record
    rmSync(sweeps, { recursive: true, force: true });
    mkdirSync(sweeps);
    write('ownership', { calls: 41, successes: 0 });
    write('fuzz', { requests: 50_123, 'responses >= 500': 0 });
    expect(sweepLines(sweeps)).toEqual(['sweep fuzz: requests 50123, responses >= 500 0', 'sweep ownership: calls 41, successes 0']);
  });
});
