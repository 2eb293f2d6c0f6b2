import { users } from '@caravan/db/schema/accounts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { nextAddress, registerUser, useTestApp } from '../support/test-app.ts';

const t = await useTestApp();
const PASSWORD = 'Kx9#mountain';

function register(params: Record<string, unknown>, remoteAddress = nextAddress()) {
  return t.call<{ token: string; username: string; usercode: string }>('localuser!registerNoVerifcode', params, {
    method: 'GET',
    remoteAddress,
  });
}

async function userCount() {
  return (await t.database.db.select().from(users)).length;
}

describe('localuser!registerNoVerifcode', () => {
  it('registers a user name and logs the user in', async () => {
    const response = await register({ username: 'Walter2026', password: PASSWORD, re_password: PASSWORD, lang: 'en' });
    expect(response).toMatchObject({ code: '0', msg: 'Registration successful', data: { username: 'Walter2026' } });
    expect(response.data?.usercode).toMatch(/^\d{7}$/);
    expect(response.data?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const info = await t.call<{ username: string }>('localuser!get', {}, { token: response.data?.token ?? '' });
    expect(info.data?.username).toBe('Walter2026');
  });

  it('registers an e-mail address (type 2) and a phone number with area code (type 1)', async () => {
    const email = await register({ username: 'Shop.Owner@Example.com', password: PASSWORD, re_password: PASSWORD, type: '2' });
    expect(email.data?.username).toBe('shop.owner@example.com');
    const phone = await register({ username: '+44 7700 900123', password: PASSWORD, re_password: PASSWORD, type: '1' });
    expect(phone.data?.username).toBe('+447700900123');
    const login = await t.call('user!newlogin', { username: '447700900123', password: PASSWORD });
    expect(login.code).toBe('0');
  });

  it('stores only an argon2id hash of the password', async () => {
    await register({ username: 'hashcheck1', password: PASSWORD, re_password: PASSWORD });
    const [row] = await t.database.db.select().from(users).where(eq(users.usernameKey, 'hashcheck1'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,(t=2,p=1|p=1,t=2)\$/);
    expect(row?.passwordHash).not.toContain(PASSWORD);
  });

  it('records the referrer from a valid invitation code and refuses an unknown one', async () => {
    const referrer = await registerUser(t);
    const invited = await register({ username: 'invited001', password: PASSWORD, re_password: PASSWORD, agentCode: referrer.usercode });
    expect(invited.code).toBe('0');
    const [row] = await t.database.db.select().from(users).where(eq(users.usernameKey, 'invited001'));
    const [referrerRow] = await t.database.db.select().from(users).where(eq(users.usercode, referrer.usercode));
    expect(row?.referrerId).toBe(referrerRow?.id);
    // the legacy client's "no code" value is accepted
    expect((await register({ username: 'invited002', password: PASSWORD, re_password: PASSWORD, agentCode: '000000' })).code).toBe('0');
    const before = await userCount();
    const bad = await register({ username: 'invited003', password: PASSWORD, re_password: PASSWORD, agentCode: '9999999x' });
    expect(bad).toMatchObject({ code: '1', errorKey: 'accounts.agent_code_invalid' });
    expect(await userCount()).toBe(before);
  });

  it.each([
    ['no user name', { password: PASSWORD, re_password: PASSWORD }, 'accounts.username_required'],
    ['no password', { username: 'nopass001', re_password: PASSWORD }, 'accounts.password_required'],
    ['no confirmation', { username: 'nopass002', password: PASSWORD }, 'accounts.password_confirm_required'],
    ['empty user name', { username: '', password: PASSWORD, re_password: PASSWORD }, 'accounts.username_required'],
    ['short user name', { username: 'abc12', password: PASSWORD, re_password: PASSWORD }, 'accounts.username_invalid'],
    ['long user name', { username: 'a'.repeat(31), password: PASSWORD, re_password: PASSWORD }, 'accounts.username_invalid'],
    ['symbols in the user name', { username: 'bad_name!', password: PASSWORD, re_password: PASSWORD, type: '3' }, 'accounts.username_invalid'],
    ['over-long value', { username: 'x'.repeat(500), password: PASSWORD, re_password: PASSWORD }, 'accounts.username_invalid'],
    ['bad e-mail', { username: 'a@b', password: PASSWORD, re_password: PASSWORD, type: '2' }, 'accounts.email_invalid'],
    ['bad phone', { username: '+1 23', password: PASSWORD, re_password: PASSWORD, type: '1' }, 'accounts.phone_invalid'],
    ['unknown type', { username: 'typecheck1', password: PASSWORD, re_password: PASSWORD, type: '7' }, 'accounts.type_invalid'],
    ['short password', { username: 'shortpw01', password: 'a1b2c', re_password: 'a1b2c' }, 'accounts.password_length'],
    ['password over 64', { username: 'longpw001', password: 'x'.repeat(65), re_password: 'x'.repeat(65) }, 'accounts.password_length'],
    ['common password', { username: 'commonpw1', password: 'qwerty123', re_password: 'qwerty123' }, 'accounts.password_too_common'],
    ['confirmation differs', { username: 'mismatch1', password: PASSWORD, re_password: `${PASSWORD}x` }, 'accounts.password_mismatch'],
    ['over-long password', { username: 'longpw002', password: 'p'.repeat(300), re_password: 'p'.repeat(300) }, 'accounts.password_length'],
    ['over-long invitation code', { username: 'longcode1', password: PASSWORD, re_password: PASSWORD, agentCode: '1'.repeat(33) }, 'common.param_invalid'],
  ])('refuses %s with its key and writes nothing', async (_name, params, errorKey) => {
    const before = await userCount();
    const response = await register({ ...params, lang: 'en' });
    expect(response).toMatchObject({ code: '1', errorKey, data: null });
    expect(response.msg.length).toBeGreaterThan(0);
    expect(await userCount()).toBe(before);
  });

  it('refuses wrong parameter types (arrays, objects) as parameter errors', async () => {
    const asArray = await t.app.inject({
      method: 'GET',
      url: `/wap/api/localuser!registerNoVerifcode.action?username=arr111&username=arr222&password=${encodeURIComponent(PASSWORD)}&re_password=${encodeURIComponent(PASSWORD)}`,
      remoteAddress: nextAddress(),
    });
    expect(asArray.json()).toMatchObject({ code: '1', errorKey: 'accounts.username_invalid' });
    const asObject = await t.call(
      'localuser!registerNoVerifcode',
      { username: { first: 'x' }, password: PASSWORD, re_password: PASSWORD } as never,
      { as: 'json', remoteAddress: nextAddress() },
    );
    expect(asObject).toMatchObject({ code: '1', errorKey: 'accounts.username_invalid' });
  });

  it('refuses a name that is taken, whatever its case', async () => {
    await register({ username: 'TakenName1', password: PASSWORD, re_password: PASSWORD });
    const again = await register({ username: 'takenname1', password: PASSWORD, re_password: PASSWORD, lang: 'cn' });
    expect(again).toMatchObject({ code: '1', errorKey: 'accounts.username_taken', msg: '该用户名已被注册' });
  });

  it('creates one account when the same registration arrives twice at once', async () => {
    const params = { username: 'doubleclick1', password: PASSWORD, re_password: PASSWORD };
    const results = await Promise.all([register(params), register(params), register(params)]);
    expect(results.filter((result) => result.code === '0')).toHaveLength(1);
    expect(results.filter((result) => result.errorKey === 'accounts.username_taken')).toHaveLength(2);
  });

  it('limits registrations per IP address', async () => {
    const address = nextAddress();
    const outcomes: (string | undefined)[] = [];
    for (let index = 0; index < 21; index += 1) {
      // invalid on purpose: the limit counts attempts, and invalid ones are cheap
      const response = await register({ username: `limit${index}`, password: 'a1', re_password: 'a1' }, address);
      outcomes.push(response.errorKey);
    }
    expect(outcomes.slice(0, 20).every((key) => key === 'accounts.password_length')).toBe(true);
    expect(outcomes[20]).toBe('common.too_frequent');
    t.clock.advance(60 * 60_000);
    expect((await register({ username: 'limitok1', password: PASSWORD, re_password: PASSWORD }, address)).code).toBe('0');
  });
});

describe('idcode!execute and localuser!registerWithVerifcode', () => {
  it('sends a code to the e-mail address and registers with it, marking the address verified', async () => {
    const sent = await t.call('idcode!execute', { target: 'Verified.User@Example.org', lang: 'en' }, { remoteAddress: nextAddress() });
    expect(sent).toMatchObject({ code: '0', msg: 'Verification code sent' });
    const code = t.codes.lastCodeFor('verified.user@example.org');
    expect(code).toMatch(/^\d{6}$/);
    const response = await t.call<{ token: string }>(
      'localuser!registerWithVerifcode',
      { username: 'verified.user@example.org', password: PASSWORD, re_password: PASSWORD, verifcode: code, type: '2' },
      { method: 'GET', remoteAddress: nextAddress() },
    );
    expect(response.code).toBe('0');
    const info = await t.call<{ emailverif: boolean; email: string }>('localuser!get', {}, { token: response.data?.token ?? '' });
    expect(info.data).toMatchObject({ emailverif: true, email: 'verified.user@example.org' });
  });

  it('refuses a wrong, missing, reused or expired code', async () => {
    const target = 'code.checks@example.org';
    await t.call('idcode!execute', { target }, { remoteAddress: nextAddress() });
    const code = t.codes.lastCodeFor(target) ?? '';
    const base = { username: target, password: PASSWORD, re_password: PASSWORD, type: '2' };
    const missing = await t.call('localuser!registerWithVerifcode', base, { remoteAddress: nextAddress() });
    expect(missing.errorKey).toBe('accounts.verifcode_required');
    const wrong = await t.call('localuser!registerWithVerifcode', { ...base, verifcode: code === '000000' ? '000001' : '000000' }, { remoteAddress: nextAddress() });
    expect(wrong.errorKey).toBe('accounts.verifcode_invalid');
    t.clock.advance(10 * 60_000);
    const expired = await t.call('localuser!registerWithVerifcode', { ...base, verifcode: code }, { remoteAddress: nextAddress() });
    expect(expired.errorKey).toBe('accounts.verifcode_invalid');

    await t.call('idcode!execute', { target }, { remoteAddress: nextAddress() });
    const fresh = t.codes.lastCodeFor(target) ?? '';
    expect((await t.call('localuser!registerWithVerifcode', { ...base, verifcode: fresh }, { remoteAddress: nextAddress() })).code).toBe('0');
    const reused = await t.call(
      'localuser!registerWithVerifcode',
      { ...base, username: 'other.user@example.org', verifcode: fresh },
      { remoteAddress: nextAddress() },
    );
    expect(reused.errorKey).toBe('accounts.verifcode_invalid');
  });

  it('burns a code after five wrong guesses', async () => {
    const target = 'guesses@example.org';
    await t.call('idcode!execute', { target }, { remoteAddress: nextAddress() });
    const code = t.codes.lastCodeFor(target) ?? '';
    const wrongCode = code === '111111' ? '222222' : '111111';
    const base = { username: target, password: PASSWORD, re_password: PASSWORD, type: '2' };
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await t.call('localuser!registerWithVerifcode', { ...base, verifcode: wrongCode }, { remoteAddress: nextAddress() });
    }
    const right = await t.call('localuser!registerWithVerifcode', { ...base, verifcode: code }, { remoteAddress: nextAddress() });
    expect(right.errorKey).toBe('accounts.verifcode_invalid');
  });

  it('sends at most five codes per address and day', async () => {
    const target = 'many.codes@example.org';
    for (let index = 0; index < 5; index += 1) {
      expect((await t.call('idcode!execute', { target }, { remoteAddress: nextAddress() })).code).toBe('0');
    }
    const sixth = await t.call('idcode!execute', { target, lang: 'en' }, { remoteAddress: nextAddress() });
    expect(sixth).toMatchObject({ code: '1', errorKey: 'accounts.verifcode_too_many' });
    t.clock.advance(24 * 60 * 60_000 + 1);
    expect((await t.call('idcode!execute', { target }, { remoteAddress: nextAddress() })).code).toBe('0');
  });

  it('refuses a code request for something that is neither an e-mail nor a phone', async () => {
    const response = await t.call('idcode!execute', { target: 'just-a-name' }, { remoteAddress: nextAddress() });
    expect(response.errorKey).toBe('accounts.phone_invalid');
    const missing = await t.call('idcode!execute', {}, { remoteAddress: nextAddress() });
    expect(missing.errorKey).toBe('common.param_missing');
  });
});
