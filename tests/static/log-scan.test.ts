import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeHits, isScannable, readRecordedSecrets, scanLogs, secretForms, type RecordedSecret } from '../support/log-scan.ts';

// The whole-suite log scan has teeth: a secret planted in a log line is found, in each spelling a log
// could carry it, with its file and line; look-alikes inside ids, timestamps and response times are not.

const dir = mkdtempSync(path.join(tmpdir(), 'caravan-log-scan-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A run's folder as the suite leaves it: log files, and one secrets file per worker process. */
function writeRun(name: string, logs: Record<string, string[]>, secretsByWorker: RecordedSecret[][]): string {
  const logDir = path.join(dir, name);
  mkdirSync(logDir, { recursive: true });
  for (const [file, lines] of Object.entries(logs)) writeFileSync(path.join(logDir, file), lines.map((line) => `${line}\n`).join(''));
  secretsByWorker.forEach((secrets, index) =>
    writeFileSync(path.join(logDir, `secrets-${1000 + index}.jsonl`), secrets.map((secret) => `${JSON.stringify(secret)}\n`).join('')),
  );
  return logDir;
}

const TOKEN = 'Q2hhbmdlLW1lLXRoaXMtaXMtYS10ZXN0LXRva2VuLTAx';
const PASSWORD = 'Kx9#mountain ok';
const FUND_PASSWORD = '246810';

function line(url: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ level: 30, time: 1795601689514, pid: 4242, requestId: 'req-1', req: { method: 'GET', url }, responseTime: 12.246810, ...extra, msg: 'incoming request' });
}

describe('the whole-suite log scan', () => {
  it('finds a planted secret in every spelling, with the file and the line, across workers', () => {
    const logDir = writeRun(
      'planted',
      {
        'a.app.log': [line('/wap/api/x.action?token=[redacted]'), line(`/wap/api/x.action?token=${TOKEN}`)],
        'b.serve.log': [
          line('/wap/api/user!newlogin.action'),
          line(`/wap/api/user!newlogin.action?password=${encodeURIComponent(PASSWORD)}`),
          line('/wap/api/user!newlogin.action', { body: new URLSearchParams({ password: PASSWORD }).toString() }),
          line('/wap/api/user!newlogin.action', { body: { password: PASSWORD } }),
          line('/wap/api/order!pay.action', { err: { message: `bad safeword ${FUND_PASSWORD}, try again` } }),
        ],
        // not a log file: never read
        'notes.txt': [TOKEN],
      },
      [[{ kind: 'session token', value: TOKEN }], [{ kind: 'password', value: PASSWORD }, { kind: 'fund password', value: FUND_PASSWORD }, { kind: 'session token', value: TOKEN }]],
    );
    const secrets = readRecordedSecrets(logDir);
    expect(secrets.map((secret) => secret.kind).sort()).toEqual(['fund password', 'password', 'session token']);
    const scan = scanLogs(logDir, secrets);
    expect({ files: scan.files, lines: scan.lines, secrets: scan.secrets }).toEqual({ files: 2, lines: 7, secrets: 3 });
    expect(scan.hits.map((hit) => [path.basename(hit.file), hit.line, hit.kind, hit.form])).toEqual([
      ['a.app.log', 2, 'session token', 'verbatim'],
      ['b.serve.log', 2, 'password', 'url-encoded'],
      ['b.serve.log', 3, 'password', 'form-encoded'],
      ['b.serve.log', 4, 'password', 'verbatim'],
      ['b.serve.log', 5, 'fund password', 'verbatim'],
    ]);
    // the report names the place and only the start of the value
    const report = describeHits(scan.hits);
    expect(report).toContain(`${path.join(logDir, 'a.app.log')}:2: a session token (verbatim, starts Q2h…)`);
    expect(report).not.toContain(TOKEN);
  });

  it('finds long secrets anywhere, short ones only as a whole word', () => {
    const logDir = writeRun(
      'boundaries',
      {
        'c.app.log': [
          // inside a longer word: a token is still found, a 6-digit code is not
          line(`/x?ref=abc${TOKEN}def`),
          line('/x', { time: 17956135791012, id: 'ord-9135791', responseTime: 3.135791 }),
          line('/x?code=135791&next=1'),
        ],
      },
      [[{ kind: 'session token', value: TOKEN }, { kind: 'verification code', value: '135791' }]],
    );
    const scan = scanLogs(logDir, readRecordedSecrets(logDir));
    expect(scan.hits.map((hit) => [hit.line, hit.kind])).toEqual([
      [1, 'session token'],
      [3, 'verification code'],
    ]);
  });

  it('leaves out values too short or too plain to be told from fixtures, and passes a clean folder', () => {
    expect(['x', 'a1', '12345', '000000', 'xxxxxxxxxx'].filter(isScannable)).toEqual([]);
    expect(['123456', 'Kx9#mountain'].every(isScannable)).toBe(true);
    const logDir = writeRun('clean', { 'd.app.log': [line('/x?password=[redacted]'), line('/x?code=000000')] }, [[{ kind: 'password', value: '000000' }, { kind: 'password', value: 'a1' }, { kind: 'password', value: PASSWORD }]]);
    const scan = scanLogs(logDir, readRecordedSecrets(logDir));
    expect(scan).toEqual({ files: 1, lines: 2, secrets: 1, hits: [] });
  });

  it('spells a secret as a URL, a form and a JSON string carry it', () => {
    expect(secretForms('a b"c/d')).toEqual([
      { form: 'verbatim', text: 'a b"c/d' },
      { form: 'url-encoded', text: 'a%20b%22c%2Fd' },
      { form: 'form-encoded', text: 'a+b%22c%2Fd' },
      { form: 'json-escaped', text: 'a b\\"c/d' },
    ]);
    // a plain token has one spelling
    expect(secretForms(TOKEN)).toHaveLength(1);
  });

  it('scans thousands of secrets over many lines in one pass', () => {
    const secrets = Array.from({ length: 5000 }, (_, index) => ({ kind: 'session token', value: `tok${index.toString(36).padStart(8, '0')}${'Z'.repeat(32)}` }));
    const lines = Array.from({ length: 20_000 }, (_, index) => line(`/wap/api/goods!list.action?page=${index}&token=[redacted]`));
    lines.push(line(`/leak?token=${secrets[4321]!.value}`));
    const logDir = writeRun('many', { 'e.app.log': lines }, [secrets]);
    const scan = scanLogs(logDir, readRecordedSecrets(logDir));
    expect(scan.hits.map((hit) => hit.line)).toEqual([20_001]);
  });
});
