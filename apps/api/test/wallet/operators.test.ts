import { describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../../src/platform/clock.ts';
import { nextAddress, useTestApp } from '../support/test-app.ts';
import {
  balanceOf,
  consoleCall,
  expectLedgerConsistent,
  fund,
  OPERATOR_PASSWORD,
  operatorToken,
  placeRecharge,
  rechargeIdOf,
  SAFEWORD,
  sessionToken,
  walletUser,
  withdrawalIdOf,
} from '../support/wallet.ts';

const t = await useTestApp();

async function login(username: string, password: string, remoteAddress = nextAddress()) {
  const response = await t.app.inject({ method: 'POST', url: '/console/api/auth/login', payload: { username, password }, remoteAddress });
  return { status: response.statusCode, body: response.json() as { token?: string; errorKey?: string; message?: string } };
}

describe('operator accounts', () => {
  it('log in with argon2id passwords, see themselves, and log out', async () => {
    await t.services.operators.create({ username: 'Alice.Finance', password: OPERATOR_PASSWORD, role: 'finance' });
    const hash = await t.database.pool.query<{ password_hash: string }>("select password_hash from operators where username = 'alice.finance'");
    expect(hash.rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
    const session = await login('alice.finance', OPERATOR_PASSWORD);
    expect(session.status).toBe(200);
    const token = session.body.token ?? '';
    expect((await consoleCall(t, 'GET', '/auth/me', token)).body).toMatchObject({ username: 'alice.finance', role: 'finance' });
    // the console offers only what the role may do: finance decides on money, never ships
    const permissions = ((await consoleCall(t, 'GET', '/auth/me', token)).body as { permissions: string[] }).permissions;
    expect(permissions).toEqual(expect.arrayContaining(['recharges.decide', 'withdrawals.decide', 'orders.refund']));
    expect(permissions).not.toContain('orders.ship');
    expect((session.body as { operator?: { permissions?: string[] } }).operator?.permissions).toEqual(permissions);
    const stored = await t.database.pool.query<{ n: number }>('select count(*)::int as n from operator_sessions where token_hash = $1', [Buffer.from(token)]);
    expect(stored.rows[0]?.n).toBe(0); // only the hash is stored
    expect((await consoleCall(t, 'POST', '/auth/logout', token)).status).toBe(204);
    expect(await consoleCall(t, 'GET', '/auth/me', token)).toMatchObject({ status: 401, body: { errorKey: 'operators.not_logged_in' } });
  });

  it('refuses unknown names and wrong passwords alike, then locks (and a buyer login is no operator login)', async () => {
    await t.services.operators.create({ username: 'bob', password: OPERATOR_PASSWORD, role: 'support' });
    expect(await login('nobody', OPERATOR_PASSWORD)).toMatchObject({ status: 401, body: { errorKey: 'operators.login_failed' } });
    const buyer = await walletUser(t, { safeword: false });
    expect((await login(buyer.username, buyer.password)).body.errorKey).toBe('operators.login_failed');
    expect((await login('bob', 'wrong-password-1')).body.errorKey).toBe('operators.login_failed');
    expect((await login('bob', 'wrong-password-2')).body.errorKey).toBe('operators.login_failed');
    expect(await login('bob', 'wrong-password-3')).toMatchObject({ status: 423, body: { errorKey: 'operators.locked_minutes' } });
    expect((await login('bob', OPERATOR_PASSWORD)).body.errorKey).toBe('operators.locked_minutes');
    t.clock.advance((t.services.settings.get('password_lock_minutes') + 1) * MINUTE_MS);
    expect((await login('bob', OPERATOR_PASSWORD)).status).toBe(200);
    const audit = await t.database.pool.query<{ action: string }>(
      "select action from audit_log where target_type = 'operator' and target_id = (select id from operators where username = 'bob') order by id",
    );
    expect(audit.rows.map((row) => row.action)).toEqual(['operator.created', 'operator.login_failed', 'operator.login_failed', 'operator.locked', 'operator.login']);
  });

  it('answers messages in the requested language', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/console/api/auth/login?lang=zh-CN', payload: { username: 'nobody', password: 'x' }, remoteAddress: nextAddress() });
    expect(response.json()).toMatchObject({ errorKey: 'operators.login_failed', message: '用户名或密码错误' });
    const invalid = await t.app.inject({ method: 'POST', url: '/console/api/auth/login', payload: { username: '' }, remoteAddress: nextAddress() });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errorKey).toBe('common.param_invalid');
  });

  it('throttle login attempts per address', async () => {
    const address = nextAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt += 1) statuses.push((await login(`ghost${attempt}`, 'x', address)).status);
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('operator roles', () => {
  it('support may look but not decide; no token is no access', async () => {
    const user = await walletUser(t, { safeword: false });
    const id = await rechargeIdOf(t, await placeRecharge(t, user, '10'));
    const support = await operatorToken(t, 'support');
    expect((await consoleCall(t, 'GET', `/recharges/${id}`, support.token)).status).toBe(200);
    expect(await consoleCall(t, 'POST', `/recharges/${id}/approve`, support.token, {})).toMatchObject({ status: 403, body: { errorKey: 'operators.forbidden' } });
    expect(await consoleCall(t, 'POST', `/recharges/${id}/approve`, undefined, {})).toMatchObject({ status: 401 });
    expect(await consoleCall(t, 'POST', `/recharges/${id}/approve`, 'forged-token', {})).toMatchObject({ status: 401 });
    // a buyer's session token is not an operator token
    expect(await consoleCall(t, 'GET', '/recharges', user.token)).toMatchObject({ status: 401 });
    expect(await balanceOf(t, user)).toMatchObject({ money: '0.00' });
    const admin = await operatorToken(t, 'admin');
    expect((await consoleCall(t, 'POST', `/recharges/${id}/approve`, admin.token, {})).status).toBe(200);
    expect(await consoleCall(t, 'GET', '/recharges/no-such-id', admin.token)).toMatchObject({ status: 404, body: { errorKey: 'wallet.order_not_found' } });
  });
});

describe('concurrent decisions', () => {
  it('two operators approving one recharge: exactly one wins', async () => {
    const user = await walletUser(t, { safeword: false });
    const id = await rechargeIdOf(t, await placeRecharge(t, user, '42'));
    const [a, b] = await Promise.all([operatorToken(t), operatorToken(t)]);
    const results = await Promise.all([consoleCall(t, 'POST', `/recharges/${id}/approve`, a.token, {}), consoleCall(t, 'POST', `/recharges/${id}/approve`, b.token, {})]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    expect(await balanceOf(t, user)).toMatchObject({ money: '42.00' });
    await expectLedgerConsistent(t);
  });

  it('approve and reject of one withdrawal at once: exactly one wins and the money adds up', async () => {
    const user = await walletUser(t, { address: true });
    await fund(t, user, '100');
    const applied = await t.call<{ order_no: string }>('withdraw!apply', { session_token: await sessionToken(t, user), safeword: SAFEWORD, amount: '60' }, { token: user.token });
    const id = await withdrawalIdOf(t, applied.data?.order_no ?? '');
    const [a, b] = await Promise.all([operatorToken(t), operatorToken(t)]);
    const results = await Promise.all([
      consoleCall<{ state: string }>(t, 'POST', `/withdrawals/${id}/approve`, a.token, { txHash: 'ab'.repeat(32) }),
      consoleCall<{ state: string }>(t, 'POST', `/withdrawals/${id}/reject`, b.token, { reason: 'duplicate' }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    const winner = results.find((result) => result.status === 200)?.body.state;
    expect(await balanceOf(t, user)).toMatchObject(winner === 'approved' ? { money: '40.00', frozen: '0.00' } : { money: '100.00', frozen: '0.00' });
    await expectLedgerConsistent(t);
  });

  it('100 concurrent approvals of distinct recharges: each credited exactly once', async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => walletUser(t, { safeword: false })));
    const ids: string[] = [];
    for (let round = 0; round < 10; round += 1) {
      const placed = await Promise.all(users.map((user) => placeRecharge(t, user, `${round + 1}.25`)));
      // approve this round later, all at once; the one-unfinished rule needs each round decided first
      const roundIds = await Promise.all(placed.map((orderNo) => rechargeIdOf(t, orderNo)));
      ids.push(...roundIds);
      if (round < 9) await Promise.all(roundIds.map((id) => t.services.recharges.reject(id, { type: 'system', id: 'setup', reason: 'setup' })));
    }
    // the 90 rejected ones are refused, the 10 pending ones credited, all 100 requests at once
    const operator = await operatorToken(t);
    const results = await Promise.all(ids.map((id) => consoleCall(t, 'POST', `/recharges/${id}/approve`, operator.token, {})));
    expect(results.filter((result) => result.status === 200)).toHaveLength(10);
    expect(results.filter((result) => result.status === 409)).toHaveLength(90);
    for (const user of users) expect(await balanceOf(t, user)).toMatchObject({ money: '10.25' });
    await expectLedgerConsistent(t);
  });
});

describe('approving a deposit with the amount that arrived', () => {
  type Reviewed = { state: string; amount: string; creditAmount: string; declaredAmount: string | null; errorKey?: string };

  it('credits the corrected amount, keeps the declared one, needs a reason and refuses bad amounts untouched', async () => {
    const user = await walletUser(t, { safeword: false });
    const orderNo = await placeRecharge(t, user, '100');
    const id = await rechargeIdOf(t, orderNo);
    const admin = await operatorToken(t, 'admin');
    const approve = (body: Record<string, unknown>) => consoleCall<Reviewed>(t, 'POST', `/recharges/${id}/approve`, admin.token, body);

    expect(await approve({ amount: '90.5' })).toMatchObject({ status: 400, body: { errorKey: 'wallet.reason_required' } });
    expect(await approve({ amount: '90.5', reason: '   ' })).toMatchObject({ status: 400, body: { errorKey: 'wallet.reason_required' } });
    for (const amount of ['abc', '0', '-5', '90.555', '1e3', '0x10']) {
      expect(await approve({ amount, reason: 'short on chain' })).toMatchObject({ status: 400, body: { errorKey: 'wallet.recharge_amount_invalid' } });
    }
    // nothing moved and nothing was written by the refusals
    expect(await balanceOf(t, user)).toMatchObject({ money: '0.00' });
    expect((await consoleCall<Reviewed>(t, 'GET', `/recharges/${id}`, admin.token)).body).toMatchObject({ state: 'pending', amount: '100.00', declaredAmount: null });

    const approved = await approve({ amount: '90.5', reason: 'only 90.5 USDT arrived on chain' });
    expect(approved).toMatchObject({ status: 200, body: { state: 'approved', amount: '90.50', creditAmount: '90.50', declaredAmount: '100.00' } });
    expect(await balanceOf(t, user)).toMatchObject({ money: '90.50' });
    expect(await approve({ amount: '100', reason: 'again' })).toMatchObject({ status: 409, body: { errorKey: 'wallet.order_already_processed' } });
    expect(await balanceOf(t, user)).toMatchObject({ money: '90.50' });

    // the user's own record shows what was credited
    const record = await t.call<{ amount: string; state: number }>('rechargeBlockchain!get', { order_no: orderNo }, { token: user.token });
    expect(Number(record.data?.amount)).toBe(90.5);
    const audit = await t.database.pool.query<{ reason: string; detail: Record<string, string> }>(
      "select reason, detail from audit_log where action = 'recharge.approve' and target_id = $1",
      [id],
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({ reason: 'only 90.5 USDT arrived on chain', detail: { declaredAmount: '100.00', receivedAmount: '90.50', amount: '90.50' } });
    await expectLedgerConsistent(t);
  });

  it('the same amount as declared is a plain approval; a provider payment cannot be corrected', async () => {
    const user = await walletUser(t, { safeword: false });
    const id = await rechargeIdOf(t, await placeRecharge(t, user, '25'));
    const admin = await operatorToken(t, 'admin');
    expect(await consoleCall<Reviewed>(t, 'POST', `/recharges/${id}/approve`, admin.token, { amount: '25.00' })).toMatchObject({
      status: 200,
      body: { amount: '25.00', creditAmount: '25.00', declaredAmount: null },
    });

    const payer = await walletUser(t, { safeword: false });
    const paid = await t.call<string>('thirdPartyRecharge!PHP_recharge', { session_token: await sessionToken(t, payer), amount: '580' }, { token: payer.token, remoteAddress: nextAddress() });
    expect(paid.code).toBe('0');
    const payment = await t.database.pool.query<{ id: string }>("select id from recharge_orders where user_id = $1 and method = 'third_party'", [payer.id]);
    const paymentId = payment.rows[0]?.id ?? '';
    expect(await consoleCall<Reviewed>(t, 'POST', `/recharges/${paymentId}/approve`, admin.token, { amount: '1', reason: 'less' })).toMatchObject({
      status: 400,
      body: { errorKey: 'wallet.correction_not_allowed' },
    });
    expect((await consoleCall<Reviewed>(t, 'GET', `/recharges/${paymentId}`, admin.token)).body.state).toBe('pending');
    await expectLedgerConsistent(t);
  });
});

describe('demo operators', () => {
  it('are seeded once, one per role, and can log in', async () => {
    const { DEMO_OPERATORS, seedDemoAccounts } = await import('../../src/seed/demo-accounts.ts');
    await seedDemoAccounts(t.services);
    await seedDemoAccounts(t.services);
    for (const operator of Object.values(DEMO_OPERATORS)) {
      const session = await login(operator.username, operator.password);
      expect(session.status).toBe(200);
      expect((await consoleCall(t, 'GET', '/auth/me', session.body.token)).body).toMatchObject({ username: operator.username, role: operator.role });
    }
  });
});
