import { auditLog } from '@caravan/db/schema/platform';
import { users } from '@caravan/db/schema/accounts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { argon2Hasher } from '../../src/platform/passwords.ts';
import { nextAddress, registerUser, useTestApp } from '../support/test-app.ts';

const t = await useTestApp({ start: '2026-05-10T02:00:00.000Z', env: { PUBLIC_BASE_URL: 'https://shop.example.com' } });
const MINUTE = 60_000;

async function auditActions(targetId: string) {
  const rows = await t.database.db.select().from(auditLog).where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, targetId)));
  return rows.map((row) => row.action);
}

async function userRow(username: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.usernameKey, username.toLowerCase()));
  if (!row) throw new Error(`no user ${username}`);
  return row;
}

describe('localuser!get', () => {
  it('answers the legacy user-info fields', async () => {
    const user = await registerUser(t);
    const response = await t.call<Record<string, unknown>>('localuser!get', {}, { token: user.token, method: 'GET' });
    expect(response.code).toBe('0');
    expect(response.data).toMatchObject({
      username: user.username,
      usercode: user.usercode,
      avatar: '1',
      safeword: 0,
      userrole: 'MEMBER',
      lastloginip: expect.stringMatching(/^10\./),
      lastlogintime: '2026-05-10 10:00:00',
      url: `https://shop.example.com/register?code=${user.usercode}`,
      usercode_qr: expect.stringMatching(/^data:image\/png;base64,/),
    });
    expect(response.data).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(response.data)).not.toContain('argon2');
  });
});

describe('localuser!refreshAvatar', () => {
  it('stores a numeric avatar index and refuses anything else', async () => {
    const user = await registerUser(t);
    expect((await t.call('localuser!refreshAvatar', { idx: '7' }, { token: user.token })).code).toBe('0');
    expect((await t.call<{ avatar: string }>('localuser!get', {}, { token: user.token })).data?.avatar).toBe('7');
    for (const idx of ['abc', '1.5', '-1', '12345']) {
      const response = await t.call('localuser!refreshAvatar', { idx, lang: 'cn' }, { token: user.token });
      expect(response).toMatchObject({ code: '1', errorKey: 'accounts.avatar_index_invalid', msg: '图片下标应该是数字' });
    }
    expect((await t.call('localuser!refreshAvatar', {}, { token: user.token })).errorKey).toBe('common.param_missing');
    expect((await t.call<{ avatar: string }>('localuser!get', {}, { token: user.token })).data?.avatar).toBe('7');
  });

  it('needs a login', async () => {
    expect((await t.call('localuser!refreshAvatar', { idx: '2' })).code).toBe('403');
  });
});

describe('user!updateOldAndNewPsw', () => {
  it('changes the password, revokes the other sessions and keeps this one', async () => {
    const user = await registerUser(t);
    const second = await t.call<{ token: string }>('user!newlogin', { username: user.username, password: user.password }, { remoteAddress: nextAddress() });
    const response = await t.call(
      'user!updateOldAndNewPsw',
      { old_password: user.password, password: 'New#secret22', re_password: 'New#secret22', lang: 'en' },
      { token: user.token },
    );
    expect(response).toMatchObject({ code: '0', msg: 'Operation successful' });
    expect((await t.call('localuser!get', {}, { token: user.token })).code).toBe('0');
    expect((await t.call('localuser!get', {}, { token: second.data?.token ?? '' })).code).toBe('403');
    expect((await t.call('user!newlogin', { username: user.username, password: user.password }, { remoteAddress: nextAddress() })).code).toBe('1');
    expect((await t.call('user!newlogin', { username: user.username, password: 'New#secret22' }, { remoteAddress: nextAddress() })).code).toBe('0');
    expect(await auditActions((await userRow(user.username)).id)).toContain('account.password_changed');
  });

  it('keeps other sessions when asked, and accepts the PC client’s comfirm_password', async () => {
    const user = await registerUser(t);
    const second = await t.call<{ token: string }>('user!newlogin', { username: user.username, password: user.password }, { remoteAddress: nextAddress() });
    const response = await t.call(
      'user!updateOldAndNewPsw',
      { old_password: user.password, password: 'New#secret33', comfirm_password: 'New#secret33', revoke_others: '0' },
      { token: user.token },
    );
    expect(response.code).toBe('0');
    expect((await t.call('localuser!get', {}, { token: second.data?.token ?? '' })).code).toBe('0');
  });

  it.each([
    ['no old password', { password: 'New#secret44', re_password: 'New#secret44' }, 'accounts.old_password_required'],
    ['no new password', { old_password: 'x', re_password: 'New#secret44' }, 'accounts.new_password_required'],
    ['no confirmation', { old_password: 'Kx9#mountain', password: 'New#secret44' }, 'accounts.new_password_confirm_required'],
    ['confirmation differs', { old_password: 'Kx9#mountain', password: 'New#secret44', re_password: 'New#secret45' }, 'accounts.new_password_mismatch'],
    ['new password too short', { old_password: 'Kx9#mountain', password: 'a1', re_password: 'a1' }, 'accounts.password_length'],
    ['common new password', { old_password: 'Kx9#mountain', password: 'iloveyou', re_password: 'iloveyou' }, 'accounts.password_too_common'],
    ['wrong old password', { old_password: 'Wrong#old1', password: 'New#secret44', re_password: 'New#secret44' }, 'accounts.old_password_wrong'],
    ['same as the old one', { old_password: 'Kx9#mountain', password: 'Kx9#mountain', re_password: 'Kx9#mountain' }, 'accounts.new_password_same'],
  ])('refuses %s and keeps the old password', async (_name, params, errorKey) => {
    const user = await registerUser(t);
    const response = await t.call('user!updateOldAndNewPsw', params, { token: user.token });
    expect(response).toMatchObject({ code: '1', errorKey });
    expect((await t.call('user!newlogin', { username: user.username, password: user.password }, { remoteAddress: nextAddress() })).code).toBe('0');
  });
});

describe('fund password', () => {
  it('user!setSafewordReg sets 6 digits once', async () => {
    const user = await registerUser(t);
    expect((await t.call('user!setSafewordReg', { safeword: '246810', re_safeword: '246810' }, { token: user.token })).code).toBe('0');
    expect((await t.call<{ safeword: number }>('localuser!get', {}, { token: user.token })).data?.safeword).toBe(1);
    const again = await t.call('user!setSafewordReg', { safeword: '135790' }, { token: user.token });
    expect(again.errorKey).toBe('accounts.safeword_already_set');
    const row = await userRow(user.username);
    // a keyed hash (ADR 0010): neither the digits nor an offline-searchable slow hash
    expect(row.safewordHash).toMatch(/^\$fpk1\$[\w-]{43}$/);
    expect(row.safewordHash).not.toContain('246810');
    expect(await auditActions(row.id)).toContain('account.safeword_set');
  });

  it.each([
    ['missing', {}, 'accounts.safeword_required'],
    ['five digits', { safeword: '12345' }, 'accounts.safeword_format'],
    ['letters', { safeword: '12345a' }, 'accounts.safeword_format'],
    ['seven digits', { safeword: '1234567' }, 'accounts.safeword_format'],
    ['confirmation differs', { safeword: '123456', re_safeword: '123457' }, 'accounts.safeword_mismatch'],
  ])('user!setSafewordReg refuses %s', async (_name, params, errorKey) => {
    const user = await registerUser(t);
    expect((await t.call('user!setSafewordReg', params, { token: user.token })).errorKey).toBe(errorKey);
    expect((await t.call<{ safeword: number }>('localuser!get', {}, { token: user.token })).data?.safeword).toBe(0);
  });

  it('user!updateOldAndNewSafeword changes it after checking the old one', async () => {
    const user = await registerUser(t);
    await t.call('user!setSafewordReg', { safeword: '246810' }, { token: user.token });
    const missing = await t.call('user!updateOldAndNewSafeword', { old_safeword: '246810', safeword: '135790' }, { token: user.token });
    expect(missing.errorKey).toBe('accounts.safeword_required');
    const mismatch = await t.call('user!updateOldAndNewSafeword', { old_safeword: '246810', safeword: '135790', re_safeword: '135791' }, { token: user.token });
    expect(mismatch.errorKey).toBe('accounts.safeword_mismatch');
    const wrong = await t.call('user!updateOldAndNewSafeword', { old_safeword: '000000', safeword: '135790', re_safeword: '135790' }, { token: user.token });
    expect(wrong.errorKey).toBe('accounts.safeword_wrong');
    const ok = await t.call('user!updateOldAndNewSafeword', { old_safeword: '246810', safeword: '135790', re_safeword: '135790' }, { token: user.token });
    expect(ok.code).toBe('0');
    const row = await userRow(user.username);
    expect(await auditActions(row.id)).toContain('account.safeword_changed');
    // the new one is now the one checked
    const old = await t.call('user!updateOldAndNewSafeword', { old_safeword: '246810', safeword: '111111', re_safeword: '111111' }, { token: user.token });
    expect(old.errorKey).toBe('accounts.safeword_wrong');
  });

  it('an argon2id fund password of the older format still works and is rewritten as the keyed hash at its first good use', async () => {
    const user = await registerUser(t);
    const row = await userRow(user.username);
    await t.database.db.update(users).set({ safewordHash: await argon2Hasher().hash('246810') }).where(eq(users.id, row.id));
    const change = (old: string, next: string) =>
      t.call('user!updateOldAndNewSafeword', { old_safeword: old, safeword: next, re_safeword: next }, { token: user.token });
    // a wrong guess counts and leaves the old hash in place
    expect((await change('000001', '135790')).errorKey).toBe('accounts.safeword_wrong');
    expect((await userRow(user.username)).safewordHash).toMatch(/^\$argon2id\$/);
    // the right one passes, and its hash is upgraded in the same transaction as the check
    const verified = await t.services.accounts.verifySafeword(row.id, '246810');
    expect(verified).toBeUndefined();
    const upgraded = (await userRow(user.username)).safewordHash ?? '';
    expect(upgraded).toMatch(/^\$fpk1\$/);
    // the upgraded hash checks the same digits, and only those; the earlier wrong guess was cleared by the success
    expect((await change('000002', '135790')).errorKey).toBe('accounts.safeword_wrong');
    expect((await change('246810', '135790')).code).toBe('0');
  });

  it('asks to set a fund password first (legacy code "999")', async () => {
    const user = await registerUser(t);
    const response = await t.call('user!updateOldAndNewSafeword', { old_safeword: '123456', safeword: '135790', re_safeword: '135790', lang: 'cn' }, { token: user.token });
    expect(response).toMatchObject({ code: '999', errorKey: 'accounts.safeword_not_set', msg: '请设置资金密码' });
  });

  it('has its own lock-out counter, separate from the login password', async () => {
    const user = await registerUser(t);
    await t.call('user!setSafewordReg', { safeword: '246810' }, { token: user.token });
    const change = (old: string) =>
      t.call('user!updateOldAndNewSafeword', { old_safeword: old, safeword: '135790', re_safeword: '135790' }, { token: user.token });
    expect((await change('000001')).errorKey).toBe('accounts.safeword_wrong');
    expect((await change('000002')).errorKey).toBe('accounts.safeword_wrong');
    expect((await change('000003')).errorKey).toBe('accounts.safeword_locked_minutes');
    expect((await change('246810')).errorKey).toBe('accounts.safeword_locked_minutes');
    // the login password is not locked by fund-password mistakes
    expect((await t.call('user!newlogin', { username: user.username, password: user.password }, { remoteAddress: nextAddress() })).code).toBe('0');
    t.clock.advance(3 * MINUTE);
    expect((await change('000004')).errorKey).toBe('accounts.safeword_locked_day');
    t.clock.advance(24 * 60 * MINUTE);
    expect((await change('246810')).code).toBe('0');
  });

  it('limits fund-password calls per account', async () => {
    const user = await registerUser(t);
    const keys: (string | undefined)[] = [];
    for (let index = 0; index < 11; index += 1) {
      keys.push((await t.call('user!setSafewordReg', { safeword: 'abc' }, { token: user.token, remoteAddress: nextAddress() })).errorKey);
    }
    expect(keys.slice(0, 10).every((key) => key === 'accounts.safeword_format')).toBe(true);
    expect(keys[10]).toBe('common.too_frequent');
    t.clock.advance(MINUTE);
    expect((await t.call('user!setSafewordReg', { safeword: '246810' }, { token: user.token })).code).toBe('0');
  });

  it('checks passwords offered for checking with the 6-12 reading', async () => {
    const user = await registerUser(t);
    await t.call('user!setSafewordReg', { safeword: '246810' }, { token: user.token });
    const response = await t.call('user!updateOldAndNewSafeword', { old_safeword: '123', safeword: '135790', re_safeword: '135790' }, { token: user.token });
    expect(response.errorKey).toBe('accounts.safeword_length');
  });
});

describe('user!logoff (account cancellation)', () => {
  it('refuses an over-long reason', async () => {
    const user = await registerUser(t);
    const response = await t.call('user!logoff', { account: user.username, reason: 'r'.repeat(501) }, { token: user.token });
    expect(response).toMatchObject({ code: '1', errorKey: 'common.param_invalid' });
    expect((await t.call('localuser!get', {}, { token: user.token })).code).toBe('0');
  });

  it('needs the account name and a reason', async () => {
    const user = await registerUser(t);
    expect((await t.call('user!logoff', { reason: 'moving on' }, { token: user.token })).errorKey).toBe('accounts.logoff_account_mismatch');
    expect((await t.call('user!logoff', { account: 'someoneelse', reason: 'moving on' }, { token: user.token })).errorKey).toBe(
      'accounts.logoff_account_mismatch',
    );
    expect((await t.call('user!logoff', { account: user.username }, { token: user.token })).errorKey).toBe('accounts.logoff_reason_required');
    expect((await t.call('localuser!get', {}, { token: user.token })).code).toBe('0');
  });

  it('needs the fund password when one is set, under its lock-out', async () => {
    const user = await registerUser(t);
    await t.call('user!setSafewordReg', { safeword: '246810' }, { token: user.token });
    const missing = await t.call('user!logoff', { account: user.username, reason: 'done' }, { token: user.token });
    expect(missing.errorKey).toBe('accounts.safeword_required');
    const wrong = await t.call('user!logoff', { account: user.username, reason: 'done', cashPassword: '111111' }, { token: user.token });
    expect(wrong.errorKey).toBe('accounts.safeword_wrong');
    expect((await t.call('localuser!get', {}, { token: user.token })).code).toBe('0');
    const ok = await t.call('user!logoff', { account: user.username, reason: 'done', cashPassword: '246810', lang: 'en' }, { token: user.token });
    expect(ok).toMatchObject({ code: '0', msg: 'Account cancelled' });
  });

  it('cancels the account: sessions end, login fails, the name is reserved for 30 days', async () => {
    const user = await registerUser(t);
    const response = await t.call('user!logoff', { account: user.username, reason: 'closing my shop' }, { token: user.token });
    expect(response.code).toBe('0');
    expect((await t.call('localuser!get', {}, { token: user.token })).code).toBe('403');
    expect((await t.call('user!newlogin', { username: user.username, password: user.password }, { remoteAddress: nextAddress() })).errorKey).toBe(
      'accounts.login_failed',
    );
    const row = await userRow(user.username);
    expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'closing my shop' });
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'account.cancelled'), eq(auditLog.targetId, row.id)));
    expect(audit[0]?.reason).toBe('closing my shop');

    const register = () =>
      t.call('localuser!registerNoVerifcode', { username: user.username, password: 'Fresh#start1', re_password: 'Fresh#start1', lang: 'en' }, { remoteAddress: nextAddress() });
    const tooSoon = await register();
    expect(tooSoon.errorKey).toBe('accounts.username_reserved');
    expect(tooSoon.msg).toContain('2026-');
    t.clock.advance(30 * 24 * 60 * MINUTE);
    expect((await register()).code).toBe('0');
  });

  it('is refused while another module vetoes it (balance, unfinished orders) and nothing changes', async () => {
    const user = await registerUser(t);
    const target = (await userRow(user.username)).id;
    t.services.accounts.addCancellationGuard(async (_tx, userId) => (userId === target ? 'accounts.logoff_balance_remaining' : undefined));
    const response = await t.call('user!logoff', { account: user.username, reason: 'bye', lang: 'en' }, { token: user.token });
    expect(response).toMatchObject({ code: '1', errorKey: 'accounts.logoff_balance_remaining', msg: 'The account still has a balance and cannot be cancelled' });
    expect((await userRow(user.username)).status).toBe('active');
    expect((await t.call('localuser!get', {}, { token: user.token })).code).toBe('0');
  });
});
