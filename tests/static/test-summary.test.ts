import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { combine, failureLines, summarize, sweepLines } from '../../scripts/test-summary.mjs';

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

  it('names each failure on one line, since CI shows only the end of the output', () => {
    const report = path.join(dir, 'failures.json');
    const root = path.join(dir, 'repo');
    writeFileSync(report, JSON.stringify({
      numPassedTests: 3, numFailedTests: 1, numPendingTests: 0, numTodoTests: 0,
      testResults: [
        { name: path.join(root, 'apps/api/test/a.test.ts'), status: 'failed', message: '', assertionResults: [
          { status: 'passed', fullName: 'a works' },
          { status: 'failed', fullName: 'a pays once', failureMessages: ['\u001b[31mAssertionError: expected 2 to be 1\u001b[39m\n    at a.test.ts:9:3'] },
        ] },
        { name: path.join(root, 'apps/api/test/b.test.ts'), status: 'failed', message: 'Failed to load url ./missing.js', assertionResults: [] },
        { name: path.join(root, 'apps/api/test/c.test.ts'), status: 'passed', assertionResults: [{ status: 'passed', fullName: 'c' }] },
      ],
    }));
    const summary = summarize(report, 1, root);
    expect(summary.line).toBe('3 passed, 2 failed');
    expect(failureLines(summary)).toEqual([
      'failed: apps/api/test/a.test.ts > a pays once: AssertionError: expected 2 to be 1',
      'failed: apps/api/test/b.test.ts: Failed to load url ./missing.js',
    ]);
    // an exit status that no failed test explains is named too, as is a missing report
    const clean = path.join(dir, 'clean.json');
    writeFileSync(clean, JSON.stringify({ numPassedTests: 1, testResults: [{ name: path.join(root, 'c.test.ts'), status: 'passed', assertionResults: [] }] }));
    expect(failureLines(summarize(clean, 1, root))).toEqual(['failed: vitest exited with 1 and no test failed (an unhandled error? see its output above)']);
    expect(failureLines(summarize(path.join(root, 'missing.json'), 0, root))).toEqual(['failed: no report at missing.json (vitest exited with 0)']);
    expect(failureLines(summarize(clean, 0, root))).toEqual([]);
  });

  it('keeps the failure lines short and few', () => {
    const report = path.join(dir, 'many.json');
    const many = Array.from({ length: 25 }, (_, index) => ({ status: 'failed', fullName: `t${index}`, failureMessages: [`Error: ${'x'.repeat(500)}`] }));
    writeFileSync(report, JSON.stringify({ numPassedTests: 0, numFailedTests: 25, testResults: [{ name: path.join(dir, 'm.test.ts'), status: 'failed', assertionResults: many }] }));
    const lines = failureLines(combine([summarize(report, 1, dir)]));
    expect(lines).toHaveLength(21);
    expect(lines.slice(0, 20).every((line: string) => line.length === 400 && line.endsWith('...'))).toBe(true);
    expect(lines[20]).toBe('failed: ... and 5 more (see the output above)');
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
