import { users } from '@caravan/db/schema/accounts';
import { describe, expect, it } from 'vitest';
import { usernameKeyBeginsWith } from '../../src/modules/accounts/accounts.repository.ts';
import { nextAddress, registerUser, useTestApp } from '../support/test-app.ts';
import { consoleCall, operatorToken, walletUser } from '../support/wallet.ts';

// Users in the console: found by exact name, id or code; their logins; locked (sessions end, login
// refused with the stable key) and unlocked by admin or support, with a reason, audited.

const t = await useTestApp();

interface User {
  id: string;
  username: string;
  usercode: string;
  status: string;
  logins?: { at: string; ip: string | null; endedAt: string | null; endReason: string | null }[];
}

describe('users in the console', () => {
  it('finds a user by exact user name, id or code, and shows their logins', async () => {
    const user = await walletUser(t, { safeword: false });
    const support = await operatorToken(t, 'support');
    const byName = await consoleCall<{ items: User[] }>(t, 'GET', `/users?q=${encodeURIComponent(user.username.toUpperCase())}`, support.token);
    expect(byName.body.items.map((item) => item.id)[0]).toBe(user.id);
    const usercode = byName.body.items[0]?.usercode ?? '';
    expect((await consoleCall<{ items: User[] }>(t, 'GET', `/users?q=${user.id}`, support.token)).body.items.map((item) => item.username)).toEqual([user.username]);
    expect((await consoleCall<{ items: User[] }>(t, 'GET', `/users?q=${usercode}`, support.token)).body.items.map((item) => item.id)).toEqual([user.id]);
    expect((await consoleCall<{ items: User[] }>(t, 'GET', '/users?q=nobody-by-this-name', support.token)).body.items).toEqual([]);
    expect(await consoleCall(t, 'GET', '/users?q=', support.token)).toMatchObject({ status: 400, body: { errorKey: 'common.param_invalid' } });

    const detail = await consoleCall<User>(t, 'GET', `/users/${user.id}`, support.token);
    expect(detail.body).toMatchObject({ id: user.id, status: 'active' });
    expect(detail.body.logins?.length).toBeGreaterThan(0);
    expect(await consoleCall(t, 'GET', '/users/no-such-user', support.token)).toMatchObject({ status: 404, body: { errorKey: 'common.not_found' } });
  });

  it('finds users by the beginning of their name through the prefix index, exact name first, at most 20', async () => {
    const support = await operatorToken(t, 'support');
    // 6 characters whatever the process id (a username needs at least 6)
    const stem = `pfx${String(process.pid % 1000).padStart(3, '0')}`;
    for (const suffix of ['b', '', 'a']) await registerUser(t, { username: `${stem}${suffix}` });
    const found = await consoleCall<{ items: User[]; more: boolean }>(t, 'GET', `/users?q=${stem.toUpperCase()}`, support.token);
    expect(found.body.items.map((item) => item.username)).toEqual([stem, `${stem}a`, `${stem}b`]);
    expect(found.body.more).toBe(false);
    // a wildcard is a character like any other
    expect((await consoleCall<{ items: User[] }>(t, 'GET', `/users?q=${encodeURIComponent('p%')}`, support.token)).body.items).toEqual([]);
    // USER_MATCHES_MAX, then `more`
    for (let index = 0; index < 21; index += 1) await registerUser(t, { username: `many${stem}${String(index).padStart(2, '0')}` });
    const many = await consoleCall<{ items: User[]; more: boolean }>(t, 'GET', `/users?q=many${stem}`, support.token);
    expect(many.body.items).toHaveLength(20);
    expect(many.body.more).toBe(true);

    // the search reads the prefix index, never the whole table (sequential scans off: a plan that could
    // not use the index would still show a Seq Scan)
    const query = t.database.db.select().from(users).where(usernameKeyBeginsWith(stem)).limit(21).toSQL();
    const client = await t.database.pool.connect();
    try {
      await client.query('begin');
      await client.query('set local enable_seqscan = off');
      const plan = (await client.query<{ 'QUERY PLAN': string }>(`explain ${query.sql}`, query.params)).rows.map((line) => line['QUERY PLAN']).join('\n');
      await client.query('rollback');
      expect(plan).toContain('users_username_key_prefix_idx');
      expect(plan).not.toContain('Seq Scan');
    } finally {
      client.release();
    }
  });

  it('locks an account (its sessions end, its login is refused) and unlocks it, with a reason, audited', async () => {
    const user = await walletUser(t, { safeword: false });
    const admin = await operatorToken(t, 'admin');
    expect(await consoleCall(t, 'POST', `/users/${user.id}/lock`, admin.token, { reason: ' ' })).toMatchObject({ status: 400, body: { errorKey: 'common.param_invalid' } });
    const locked = await consoleCall<User>(t, 'POST', `/users/${user.id}/lock`, admin.token, { reason: 'chargeback fraud reported' });
    expect(locked.body).toMatchObject({ status: 'disabled' });
    expect((await t.call('wallet!getUsdt', {}, { token: user.token })).code).toBe('403');
    expect((await t.call('user!newlogin', { username: user.username, password: user.password }, { remoteAddress: nextAddress() })).errorKey).toBe('accounts.account_disabled');
    const logins = (await consoleCall<User>(t, 'GET', `/users/${user.id}`, admin.token)).body.logins ?? [];
    expect(logins.every((login) => login.endReason === 'locked by an operator')).toBe(true);

    expect((await consoleCall<User>(t, 'POST', `/users/${user.id}/unlock`, admin.token, { reason: 'cleared by the bank' })).body).toMatchObject({ status: 'active' });
    expect((await t.call('user!newlogin', { username: user.username, password: user.password }, { remoteAddress: nextAddress() })).code).toBe('0');
    const audit = await consoleCall<{ items: { action: string; reason: string; detail: Record<string, unknown> }[] }>(t, 'GET', `/audit?targetType=user&targetId=${user.id}`, admin.token);
    expect(audit.body.items.map((item) => [item.action, item.reason, item.detail])).toEqual([
      ['user.unlock', 'cleared by the bank', { before: 'disabled', after: 'active' }],
      ['user.lock', 'chargeback fraud reported', { before: 'active', after: 'disabled' }],
    ]);
  });

  it('finance may look but not lock; nobody locks an account that does not exist', async () => {
    const user = await walletUser(t, { safeword: false });
    const finance = await operatorToken(t, 'finance');
    expect((await consoleCall(t, 'GET', `/users/${user.id}`, finance.token)).status).toBe(200);
    expect(await consoleCall(t, 'POST', `/users/${user.id}/lock`, finance.token, { reason: 'try' })).toMatchObject({ status: 403, body: { errorKey: 'operators.forbidden' } });
    const support = await operatorToken(t, 'support');
    expect(await consoleCall(t, 'POST', '/users/no-such-user/lock', support.token, { reason: 'try' })).toMatchObject({ status: 404, body: { errorKey: 'common.not_found' } });
  });
});
