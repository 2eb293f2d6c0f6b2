import { describe, expect, it } from 'vitest';
import { HOUR_MS } from '../../src/platform/clock.ts';
import { OPERATOR_SESSION_MS } from '../../src/modules/operators/operators.service.ts';
import { nextAddress, useTestApp } from '../support/test-app.ts';
import { consoleCall, OPERATOR_PASSWORD, operatorToken } from '../support/wallet.ts';

// Operator management (admin only): list, create with an argon2id-hashed initial password, change a
// role, disable (sessions end at once, login refused) and enable, reset a password (lock-out cleared,
// sessions end). An admin never disables or demotes themselves; other roles are refused; everything is
// audited with the actor, the reason and before/after; refusals change nothing.

const t = await useTestApp();

interface Operator {
  id: string;
  username: string;
  role: string;
  status: string;
  lastLoginAt: string | null;
}
interface AuditItem {
  action: string;
  reason: string | null;
  actorName: string;
  detail: Record<string, unknown>;
}

async function login(username: string, password: string) {
  const response = await t.app.inject({ method: 'POST', url: '/console/api/auth/login', payload: { username, password }, remoteAddress: nextAddress() });
  return { status: response.statusCode, body: response.json() as { token?: string; errorKey?: string } };
}

const admin = await operatorToken(t, 'admin');
const adminId = (await consoleCall<{ id: string }>(t, 'GET', '/auth/me', admin.token)).body.id;
const audit = async (id: string) => (await consoleCall<{ items: AuditItem[] }>(t, 'GET', `/audit?targetType=operator&targetId=${id}`, admin.token)).body.items;
const row = async (id: string) => (await t.database.pool.query('select role, status, password_hash from operators where id = $1', [id])).rows[0] as { role: string; status: string; password_hash: string };

describe('operator management', () => {
  it('creates an operator who can log in with the initial password (argon2id), listed by role', async () => {
    const created = await consoleCall<Operator>(t, 'POST', '/operators', admin.token, { username: ' Carol.Support ', role: 'support', password: 'initial-password-1', reason: 'new hire' });
    expect(created).toMatchObject({ status: 200, body: { username: 'carol.support', role: 'support', status: 'active', lastLoginAt: null } });
    expect(created.body).not.toHaveProperty('passwordHash');
    expect((await row(created.body.id)).password_hash).toMatch(/^\$argon2id\$/);
    expect((await login('carol.support', 'initial-password-1')).status).toBe(200);
    const list = await consoleCall<{ items: Operator[]; total: number }>(t, 'GET', '/operators?role=support', admin.token);
    expect(list.body.items.map((item) => item.username)).toContain('carol.support');
    expect(list.body.items.every((item) => item.role === 'support')).toBe(true);
    expect(list.body.items.find((item) => item.username === 'carol.support')?.lastLoginAt).not.toBeNull();
    expect(await audit(created.body.id)).toContainEqual(expect.objectContaining({ action: 'operator.created', reason: 'new hire', actorName: admin.username, detail: { after: { username: 'carol.support', role: 'support' } } }));
  });

  it('refuses a taken name, bad names, short passwords and unknown roles, creating nothing', async () => {
    const count = async () => (await t.database.pool.query<{ n: number }>('select count(*)::int as n from operators')).rows[0]?.n;
    const before = await count();
    expect(await consoleCall(t, 'POST', '/operators', admin.token, { username: admin.username.toUpperCase(), role: 'finance', password: 'another-password' })).toMatchObject({ status: 409, body: { errorKey: 'operators.username_taken' } });
    for (const body of [
      { username: 'ab', role: 'finance', password: 'long-enough-password' },
      { username: 'white space', role: 'finance', password: 'long-enough-password' },
      { username: 'dave', role: 'finance', password: 'short' },
      { username: 'dave', role: 'root', password: 'long-enough-password' },
    ]) {
      expect(await consoleCall(t, 'POST', '/operators', admin.token, body), JSON.stringify(body)).toMatchObject({ status: 400, body: { errorKey: 'common.param_invalid' } });
    }
    expect(await count()).toBe(before);
  });

  it('changes a role (applied to the live session at once), audited with before and after', async () => {
    const finance = await operatorToken(t, 'finance');
    const id = (await consoleCall<{ id: string }>(t, 'GET', '/auth/me', finance.token)).body.id;
    expect(await consoleCall(t, 'POST', `/operators/${id}/role`, admin.token, { role: 'support' })).toMatchObject({ status: 400, body: { errorKey: 'common.param_invalid' } });
    const changed = await consoleCall<Operator>(t, 'POST', `/operators/${id}/role`, admin.token, { role: 'support', reason: 'moved to the help desk' });
    expect(changed.body).toMatchObject({ role: 'support' });
    expect((await consoleCall<{ role: string; permissions: string[] }>(t, 'GET', '/auth/me', finance.token)).body).toMatchObject({ role: 'support' });
    expect(await consoleCall(t, 'POST', '/recharges/x/approve', finance.token, {})).toMatchObject({ status: 403, body: { errorKey: 'operators.forbidden' } });
    expect((await audit(id))[0]).toMatchObject({ action: 'operator.role_changed', reason: 'moved to the help desk', detail: { before: { role: 'finance' }, after: { role: 'support' } } });
  });

  it('disables an operator: their sessions end and login is refused; enabled again, they log in anew', async () => {
    const support = await operatorToken(t, 'support');
    const second = await login(support.username, OPERATOR_PASSWORD);
    const id = (await consoleCall<{ id: string }>(t, 'GET', '/auth/me', support.token)).body.id;
    const disabled = await consoleCall<Operator>(t, 'POST', `/operators/${id}/disable`, admin.token, { reason: 'left the company' });
    expect(disabled.body).toMatchObject({ status: 'disabled' });
    for (const token of [support.token, second.body.token ?? '']) expect(await consoleCall(t, 'GET', '/auth/me', token)).toMatchObject({ status: 401, body: { errorKey: 'operators.not_logged_in' } });
    const live = await t.database.pool.query<{ n: number }>('select count(*)::int as n from operator_sessions where operator_id = $1 and revoked_at is null', [id]);
    expect(live.rows[0]?.n).toBe(0);
    expect((await login(support.username, OPERATOR_PASSWORD)).body.errorKey).toBe('operators.login_failed');

    expect((await consoleCall<Operator>(t, 'POST', `/operators/${id}/enable`, admin.token, { reason: 'came back' })).body).toMatchObject({ status: 'active' });
    // the old sessions stay ended
    expect((await consoleCall(t, 'GET', '/auth/me', support.token)).status).toBe(401);
    expect((await login(support.username, OPERATOR_PASSWORD)).status).toBe(200);
    expect((await audit(id)).filter((entry) => entry.action.startsWith('operator.') && entry.reason).map((entry) => [entry.action, entry.reason, entry.detail])).toEqual([
      ['operator.enabled', 'came back', { before: { status: 'disabled' }, after: { status: 'active' }, sessionsEnded: 0 }],
      ['operator.disabled', 'left the company', { before: { status: 'active' }, after: { status: 'disabled' }, sessionsEnded: 2 }],
    ]);
  });

  it('resets a password: the old one stops working, the lock-out is cleared, sessions end', async () => {
    const finance = await operatorToken(t, 'finance');
    const id = (await consoleCall<{ id: string }>(t, 'GET', '/auth/me', finance.token)).body.id;
    for (const attempt of [1, 2, 3]) await login(finance.username, `wrong-password-${attempt}`);
    expect((await login(finance.username, OPERATOR_PASSWORD)).body.errorKey).toBe('operators.locked_minutes');
    expect(await consoleCall(t, 'POST', `/operators/${id}/password`, admin.token, { password: 'short', reason: 'forgotten' })).toMatchObject({ status: 400, body: { errorKey: 'common.param_invalid' } });
    const hashBefore = (await row(id)).password_hash;
    expect((await consoleCall(t, 'POST', `/operators/${id}/password`, admin.token, { password: 'a-brand-new-password', reason: 'forgotten' })).status).toBe(200);
    expect((await row(id)).password_hash).not.toBe(hashBefore);
    expect((await consoleCall(t, 'GET', '/auth/me', finance.token)).status).toBe(401);
    expect((await login(finance.username, OPERATOR_PASSWORD)).body.errorKey).toBe('operators.login_failed');
    expect((await login(finance.username, 'a-brand-new-password')).status).toBe(200);
    const [entry] = await audit(id).then((items) => items.filter((item) => item.action === 'operator.password_reset'));
    expect(entry).toMatchObject({ reason: 'forgotten', detail: { sessionsEnded: 1 } });
    expect(JSON.stringify(entry)).not.toContain('a-brand-new-password');
  });

  it('an admin cannot disable or demote themselves; other roles may not manage operators at all', async () => {
    expect(await consoleCall(t, 'POST', `/operators/${adminId}/disable`, admin.token, { reason: 'oops' })).toMatchObject({ status: 409, body: { errorKey: 'operators.self_change' } });
    expect(await consoleCall(t, 'POST', `/operators/${adminId}/role`, admin.token, { role: 'support', reason: 'oops' })).toMatchObject({ status: 409, body: { errorKey: 'operators.self_change' } });
    expect(await row(adminId)).toMatchObject({ role: 'admin', status: 'active' });
    expect(await consoleCall(t, 'POST', '/operators/no-such-operator/disable', admin.token, { reason: 'x' })).toMatchObject({ status: 404, body: { errorKey: 'common.not_found' } });
    for (const role of ['finance', 'support'] as const) {
      const operator = await operatorToken(t, role);
      expect(await consoleCall(t, 'GET', '/operators', operator.token), role).toMatchObject({ status: 403, body: { errorKey: 'operators.forbidden' } });
      expect(await consoleCall(t, 'POST', '/operators', operator.token, { username: 'mallory', role: 'admin', password: 'long-enough-password' }), role).toMatchObject({ status: 403, body: { errorKey: 'operators.forbidden' } });
      expect(await consoleCall(t, 'POST', `/operators/${adminId}/disable`, operator.token, { reason: 'x' }), role).toMatchObject({ status: 403, body: { errorKey: 'operators.forbidden' } });
    }
    expect((await t.database.pool.query("select 1 from operators where username = 'mallory'")).rowCount).toBe(0);
  });
});

describe('console API: hostile input (fuzz findings)', () => {
  it('refuses a NUL character in a path, query or body parameter as invalid (400), before the database sees it', async () => {
    const admin = await operatorToken(t, 'admin');
    // these answered 500: PostgreSQL refuses text holding 0x00
    for (const url of ['/kyc/a%00b', '/recharges/%00', '/users?q=a%00b', '/withdrawals?userId=%00']) {
      const response = await consoleCall(t, 'GET', url, admin.token);
      expect(response, url).toMatchObject({ status: 400, body: { errorKey: 'common.param_invalid' } });
    }
    const body = await consoleCall(t, 'POST', '/operators', admin.token, { username: 'nul\u0000op', role: 'support', password: OPERATOR_PASSWORD, reason: 'fuzz' });
    expect(body).toMatchObject({ status: 400, body: { errorKey: 'common.param_invalid' } });
  });
});

describe('operator sessions', () => {
  it(`end ${OPERATOR_SESSION_MS / HOUR_MS} hours after login however active, refused with operators.not_logged_in`, async () => {
    const support = await operatorToken(t, 'support');
    t.clock.advance(OPERATOR_SESSION_MS / 2);
    const later = await operatorToken(t, 'support');
    t.clock.advance(OPERATOR_SESSION_MS / 2 - 1000);
    expect((await consoleCall(t, 'GET', '/auth/me', support.token)).status).toBe(200);
    t.clock.advance(1000);
    // exactly at its expiry: over, whatever the calls before
    expect(await consoleCall(t, 'GET', '/auth/me', support.token)).toMatchObject({ status: 401, body: { errorKey: 'operators.not_logged_in' } });
    expect(await consoleCall(t, 'GET', '/recharges', support.token)).toMatchObject({ status: 401, body: { errorKey: 'operators.not_logged_in' } });
    // a session opened since lives on, and logging in again gives a working token
    expect((await consoleCall(t, 'GET', '/auth/me', later.token)).status).toBe(200);
    const again = await login(support.username, OPERATOR_PASSWORD);
    expect((await consoleCall(t, 'GET', '/auth/me', again.body.token ?? '')).status).toBe(200);
  });
});
