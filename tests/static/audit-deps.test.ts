import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { acceptedExceptions, auditLines, auditVerdict } from '../../scripts/audit-deps.mjs';

// The CI step on `pnpm audit --prod`: fails on a high or critical advisory no ADR accepts, passes
// otherwise, and when no report came back it says loudly that it did not run (never "passed").

const dir = mkdtempSync(path.join(tmpdir(), 'caravan-audit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function report(advisories: { id: number; ghsa: string; severity: string; module: string }[]): string {
  const counts = { info: 0, low: 0, moderate: 0, high: 0, critical: 0 } as Record<string, number>;
  for (const advisory of advisories) counts[advisory.severity] = (counts[advisory.severity] ?? 0) + 1;
  return JSON.stringify({
    advisories: Object.fromEntries(advisories.map((advisory) => [advisory.id, { id: advisory.id, github_advisory_id: advisory.ghsa, severity: advisory.severity, module_name: advisory.module, title: `a flaw in ${advisory.module}` }])),
    metadata: { vulnerabilities: counts, dependencies: 800 },
  });
}

describe('the dependency audit step', () => {
  it('passes with no high or critical advisory, and counts the lesser ones', () => {
    const verdict = auditVerdict(report([{ id: 1, ghsa: 'GHSA-aaaa-bbbb-cccc', severity: 'moderate', module: 'left-pad' }]), new Map());
    expect(verdict.status).toBe('passed');
    expect(auditLines(verdict)).toEqual(['dependency audit: PASSED (pnpm audit --prod: high 0, critical 0, moderate 1, low 0; excepted by an ADR 0)']);
  });

  it('fails on a high or critical advisory unless an ADR accepts it by id', () => {
    const adrDir = path.join(dir, 'adr');
    rmSync(adrDir, { recursive: true, force: true });
    mkdirSync(adrDir);
    writeFileSync(path.join(adrDir, '0012-accepted-flaw.md'), '# 0012\n\nAudit exception: GHSA-1111-2222-3333 (only reachable from the build tool).\n');
    const accepted = acceptedExceptions(adrDir);
    expect([...accepted.entries()]).toEqual([['GHSA-1111-2222-3333', '0012-accepted-flaw.md']]);
    const output = report([
      { id: 7, ghsa: 'GHSA-1111-2222-3333', severity: 'critical', module: 'tool' },
      { id: 8, ghsa: 'GHSA-4444-5555-6666', severity: 'high', module: 'parser' },
    ]);
    const verdict = auditVerdict(output, accepted);
    expect(verdict.status).toBe('failed');
    expect(verdict.blocking.map((advisory: { id: string }) => advisory.id)).toEqual(['GHSA-4444-5555-6666']);
    expect(auditLines(verdict)).toEqual([
      'dependency audit: FAILED (pnpm audit --prod: high 1, critical 1, moderate 0, low 0; excepted by an ADR 1)',
      '  BLOCKING high GHSA-4444-5555-6666 in parser: a flaw in parser (upgrade or override it, or accept it in docs/adr/)',
      '  excepted critical GHSA-1111-2222-3333 in tool: see docs/adr/0012-accepted-flaw.md',
    ]);
    // accepted too, it passes
    writeFileSync(path.join(adrDir, '0013-another.md'), 'Audit exception: ghsa-4444-5555-6666\n');
    expect(auditVerdict(output, acceptedExceptions(adrDir)).status).toBe('passed');
  });

  it('says it did not run when the endpoint gives no report, whatever the reason', () => {
    const refused = auditVerdict(JSON.stringify({ error: { code: 'ERR_PNPM_AUDIT_BAD_RESPONSE', message: 'The audit endpoint responded with 405: ' } }), new Map());
    expect(refused.status).toBe('not run');
    const lines = auditLines(refused);
    expect(lines.at(-1)).toBe('dependency audit: NOT RUN');
    expect(lines.join('\n')).toContain('ERR_PNPM_AUDIT_BAD_RESPONSE: The audit endpoint responded with 405');
    expect(lines.join('\n')).not.toMatch(/PASSED/);
    expect(auditVerdict('getaddrinfo ENOTFOUND registry.npmjs.org', new Map())).toMatchObject({ status: 'not run', reason: 'getaddrinfo ENOTFOUND registry.npmjs.org' });
    expect(auditVerdict('', new Map()).status).toBe('not run');
  });
});
