import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { nextAddress, registerUser, useTestApp, type TestUser } from '../support/test-app.ts';
import { consoleCall, operatorToken, OPERATOR_PASSWORD } from '../support/wallet.ts';

// Tokens, login passwords and fund passwords never reach the access or error logs, whichever way they
// travel (query string, urlencoded form, JSON, multipart, bearer header, console JSON), on success, on
// validation errors, on unreadable bodies and on 500s. (The whole-suite log scan checks every other
// file's logs for the same; this file asserts it for each transport on purpose.)

const lines: string[] = [];
const t = await useTestApp({
  env: { LOG_LEVEL: 'info' },
  logStream: new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  }),
});

const SAFEWORD = '735194';
const NEW_PASSWORD = 'Fresh#Harbour58';

/** Every spelling a secret could take in a log line. */
function spellings(secret: string): string[] {
  return [...new Set([secret, encodeURIComponent(secret), new URLSearchParams({ v: secret }).toString().slice(2), JSON.stringify(secret).slice(1, -1)])];
}

function expectLogFreeOf(secrets: string[], since: number): string {
  const log = lines.slice(since).join('');
  for (const secret of secrets) for (const spelling of spellings(secret)) expect(log, `a secret (${secret.slice(0, 3)}...) in the log`).not.toContain(spelling);
  return log;
}

function multipart(fields: Record<string, string>): { payload: string; headers: Record<string, string> } {
  const boundary = '----caravan-secrets';
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return { payload: `${parts.join('')}--${boundary}--\r\n`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

type Transport = 'query GET' | 'query POST' | 'form' | 'json' | 'multipart';
const TRANSPORTS: Transport[] = ['query GET', 'query POST', 'form', 'json', 'multipart'];

/** A legacy call with its parameters (the token among them) sent one way. */
async function legacy(transport: Transport, call: string, params: Record<string, string>): Promise<{ status: number; body: { code?: string; errorKey?: string } }> {
  const url = `/wap/api/${call}.action`;
  const remoteAddress = nextAddress();
  let response;
  if (transport === 'query GET' || transport === 'query POST') {
    response = await t.app.inject({ method: transport === 'query GET' ? 'GET' : 'POST', url, query: params, remoteAddress });
  } else if (transport === 'form') {
    response = await t.app.inject({ method: 'POST', url, payload: new URLSearchParams(params).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, remoteAddress });
  } else if (transport === 'json') {
    response = await t.app.inject({ method: 'POST', url, payload: JSON.stringify(params), headers: { 'content-type': 'application/json' }, remoteAddress });
  } else {
    response = await t.app.inject({ method: 'POST', url, ...multipart(params), remoteAddress });
  }
  return { status: response.statusCode, body: response.json() };
}

describe('secrets never reach the logs', () => {
  it.each(TRANSPORTS)('legacy calls by %s: login, fund password, password change and their validation errors', async (transport) => {
    const since = lines.length;
    const user: TestUser = await registerUser(t);
    // a login, a fund password set, then refused: a wrong one, a malformed one, a bad new password
    expect((await legacy(transport, 'user!newlogin', { username: user.username, password: user.password })).body.code).toBe('0');
    expect((await legacy(transport, 'user!setSafewordReg', { token: user.token, safeword: SAFEWORD, re_safeword: SAFEWORD })).body.code).toBe('0');
    expect((await legacy(transport, 'user!updateOldAndNewSafeword', { token: user.token, old_safeword: '246813', safeword: SAFEWORD, re_safeword: SAFEWORD })).body.errorKey).toBe('accounts.safeword_wrong');
    expect((await legacy(transport, 'user!updateOldAndNewPsw', { token: user.token, old_password: user.password, password: 'a1', re_password: 'a1' })).body.errorKey).toBe('accounts.password_length');
    expect((await legacy(transport, 'user!updateOldAndNewPsw', { token: user.token, old_password: 'Wrong#Guess90', password: NEW_PASSWORD, re_password: NEW_PASSWORD })).body.errorKey).toBe('accounts.old_password_wrong');
    // an unknown call with every secret in it: a 404 is logged too
    expect((await legacy(transport, 'nothing!here', { token: user.token, password: user.password, safeword: SAFEWORD })).status).toBe(404);
    const log = expectLogFreeOf([user.token, user.password, SAFEWORD, NEW_PASSWORD, 'Wrong#Guess90'], since);
    // the requests were logged, only without their secrets
    expect(log).toContain('user!updateOldAndNewPsw');
    expect(log).toContain('nothing!here');
  });

  it('unreadable bodies (broken JSON, a broken form, too large) do not echo what they carried', async () => {
    const since = lines.length;
    const user = await registerUser(t);
    const broken = [
      { type: 'application/json', payload: `{"username":"${user.username}","password":"${user.password}","token":"${user.token}"` },
      { type: 'application/json', payload: `{"password":"${user.password}", oops}` },
      { type: 'application/x-www-form-urlencoded', payload: `password=${encodeURIComponent(user.password)}&token=${user.token}&%E0%A4%A=1` },
      { type: 'application/json', payload: `{"password":"${user.password}","pad":"${'x'.repeat(1024 * 1024)}"}` },
    ];
    for (const body of broken) {
      const response = await t.app.inject({ method: 'POST', url: '/wap/api/user!newlogin.action', payload: body.payload, headers: { 'content-type': body.type }, remoteAddress: nextAddress() });
      expect(response.statusCode, body.payload.slice(0, 40)).toBeLessThan(500);
      const console = await t.app.inject({ method: 'POST', url: '/console/api/auth/login', payload: body.payload, headers: { 'content-type': body.type }, remoteAddress: nextAddress() });
      expect(console.statusCode).toBeGreaterThanOrEqual(400);
      expect(console.statusCode).toBeLessThan(500);
    }
    expectLogFreeOf([user.token, user.password], since);
  });

  it('a 500 logs the error and the request id, never the token, the password or the fund password', async () => {
    const user = await registerUser(t);
    const since = lines.length;
    await t.database.db.execute(sql`alter table subscriptions rename to subscriptions_gone`);
    try {
      for (const transport of TRANSPORTS) {
        const answer = await legacy(transport, 'subscribe!add', { email: 'someone@example.com', token: user.token, password: user.password, safeword: SAFEWORD });
        expect(answer.status, transport).toBe(500);
      }
    } finally {
      await t.database.db.execute(sql`alter table subscriptions_gone rename to subscriptions`);
    }
    const log = expectLogFreeOf([user.token, user.password, SAFEWORD], since);
    expect(log.match(/unexpected error/g)?.length).toBe(TRANSPORTS.length);
  });

  it('console: the login body, the bearer token and refused requests stay out of the logs', async () => {
    const since = lines.length;
    const operator = await operatorToken(t, 'admin');
    expect((await consoleCall(t, 'GET', '/auth/me', operator.token)).status).toBe(200);
    expect((await consoleCall(t, 'GET', '/recharges?pageSize=abc', operator.token)).status).toBe(400);
    expect((await consoleCall(t, 'GET', '/no-such-route', operator.token)).status).toBe(404);
    expect((await consoleCall(t, 'POST', '/operators', operator.token, { username: 'new.one', password: NEW_PASSWORD, role: 'nobody' })).status).toBe(400);
    const refused = await t.app.inject({ method: 'POST', url: '/console/api/auth/login', payload: { username: operator.username, password: 'Wrong#Console1' }, remoteAddress: nextAddress() });
    expect(refused.statusCode).toBe(401);
    const log = expectLogFreeOf([operator.token, OPERATOR_PASSWORD, NEW_PASSWORD, 'Wrong#Console1'], since);
    expect(log).toContain('/console/api/auth/me');
  });
});
