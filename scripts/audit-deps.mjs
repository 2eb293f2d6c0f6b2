// `npm run audit` (and CI, .ci/run): `pnpm audit --prod` must find no high or critical advisory, except
// those an ADR accepts (a line "Audit exception: GHSA-xxxx-xxxx-xxxx" in docs/adr/*.md, with the reason).
// The advisories come from the registry's bulk advisory endpoint. Where that endpoint does not answer
// (an offline machine, a registry mirror without it), the audit has not run: this says so loudly and
// never reports a pass; with CARAVAN_REQUIRE_AUDIT=1 (a CI that can reach it) that fails the step too.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BLOCKING_SEVERITIES = ['high', 'critical'];

/** The advisory ids (GHSA-..., or the registry's numeric ids) the ADRs accept. */
export function acceptedExceptions(adrDir) {
  if (!existsSync(adrDir)) return new Map();
  const accepted = new Map();
  for (const file of readdirSync(adrDir).filter((name) => name.endsWith('.md')).sort()) {
    for (const match of readFileSync(path.join(adrDir, file), 'utf8').matchAll(/audit exception:\s*(GHSA(?:-[0-9a-z]{4}){3}|\d+)/gi)) {
      accepted.set(match[1].toUpperCase(), file);
    }
  }
  return accepted;
}

/**
 * The verdict on `pnpm audit --prod --json`'s output: 'not run' when no report came back, 'failed' when a
 * high or critical advisory is not accepted by an ADR, 'passed' otherwise.
 */
export function auditVerdict(output, accepted) {
  let report;
  try {
    report = JSON.parse(output);
  } catch {
    report = undefined;
  }
  if (!report || typeof report !== 'object' || !report.metadata?.vulnerabilities) {
    // pnpm's JSON error ({ error: { code, message } }), or the last line it printed
    const reason = report?.error ? `${report.error.code}: ${report.error.message}` : (output.trim().split('\n').pop() || 'no answer');
    return { status: 'not run', reason, counts: {}, blocking: [], excepted: [] };
  }
  const advisories = Object.values(report.advisories ?? {});
  const blocking = [];
  const excepted = [];
  for (const advisory of advisories) {
    if (!BLOCKING_SEVERITIES.includes(advisory.severity)) continue;
    const ids = [advisory.github_advisory_id, String(advisory.id ?? '')].filter(Boolean).map((id) => id.toUpperCase());
    const adr = ids.map((id) => accepted.get(id)).find(Boolean);
    const entry = { id: advisory.github_advisory_id ?? String(advisory.id), severity: advisory.severity, module: advisory.module_name, title: advisory.title, adr };
    (adr ? excepted : blocking).push(entry);
  }
  return { status: blocking.length > 0 ? 'failed' : 'passed', reason: '', counts: report.metadata.vulnerabilities, blocking, excepted };
}

/** The lines the step prints: one summary line, then one per blocking or excepted advisory; a banner when it did not run. */
export function auditLines(verdict) {
  if (verdict.status === 'not run') {
    const bar = '='.repeat(78);
    return [
      bar,
      'DEPENDENCY AUDIT NOT RUN: no advisory report came back from the registry.',
      `  ${verdict.reason}`,
      '  Nothing is claimed about high or critical advisories. Run `npm run audit` where the',
      '  registry\'s advisory endpoint answers (CARAVAN_REQUIRE_AUDIT=1 makes this a failure).',
      bar,
      'dependency audit: NOT RUN',
    ];
  }
  const counts = BLOCKING_SEVERITIES.concat(['moderate', 'low']).map((severity) => `${severity} ${verdict.counts[severity] ?? 0}`).join(', ');
  return [
    `dependency audit: ${verdict.status.toUpperCase()} (pnpm audit --prod: ${counts}; excepted by an ADR ${verdict.excepted.length})`,
    ...verdict.blocking.map((advisory) => `  BLOCKING ${advisory.severity} ${advisory.id} in ${advisory.module}: ${advisory.title} (upgrade or override it, or accept it in docs/adr/)`),
    ...verdict.excepted.map((advisory) => `  excepted ${advisory.severity} ${advisory.id} in ${advisory.module}: see docs/adr/${advisory.adr}`),
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const pnpmEntry = process.argv[2];
  if (!pnpmEntry) {
    process.stderr.write('usage: audit-deps.mjs <pnpm entry> (npm run audit passes it)\n');
    process.exit(2);
  }
  const result = spawnSync(process.execPath, [pnpmEntry, 'audit', '--prod', '--json'], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  const stdout = (result.stdout ?? '').trim();
  const output = stdout.startsWith('{') ? stdout : `${stdout}\n${result.stderr ?? ''}${result.error ? `\n${result.error.message}` : ''}`;
  const verdict = auditVerdict(output, acceptedExceptions(path.join(root, 'docs', 'adr')));
  for (const line of auditLines(verdict)) process.stdout.write(`${line}\n`);
  if (verdict.status === 'failed') process.exit(1);
  if (verdict.status === 'not run' && process.env.CARAVAN_REQUIRE_AUDIT === '1') process.exit(1);
}
