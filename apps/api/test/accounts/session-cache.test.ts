import { sessions, users } from '@caravan/db/schema/accounts';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { AccountsRepository } from '../../src/modules/accounts/accounts.repository.ts';
import { hashToken, SessionCache, SessionsService, sessionPolicy } from '../../src/modules/accounts/sessions.service.ts';
import { InProcessBus, type Bus } from '../../src/platform/bus.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { settleInApplication } from '../support/sellers.ts';
import { recordStatements } from '../support/statements.ts';
import { nextAddress, registerUser, startTestApp, useTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { consoleCall, operatorToken, SAFEWORD, walletUser } from '../support/wallet.ts';

// The session cache (ADR 0018): a signed-in call reads its session from the database once per
// SESSION_CACHE_MS, and every change that ends a session or changes what it may do is seen by the very
// next call, on this instance and on another one that shares the bus.

const bus = new InProcessBus();
const t = await useTestApp({ bus });
await seedSmallCatalogue(t, { products: 20, shops: 2 });
// a second API instance on the same database, hearing the first through the shared bus
const other = await startTestApp({ database: t.database, bus });
afterAll(() => other.close());

const TTL = t.services.sessions.cache.ttlMs;

function profile(app: TestApp, user: { token: string }) {
  return app.call('localuser!get', {}, { token: user.token });
}

/** Makes both instances hold the session: each answers one call with it. */
async function cacheOnBoth(user: { token: string }): Promise<void> {
  expect((await profile(t, user)).code).toBe('0');
  expect((await profile(other, user)).code).toBe('0');
}

async function login(user: TestUser): Promise<string> {
  const answer = await t.call<{ token: string }>('user!newlogin', { username: user.username, password: user.password }, { remoteAddress: nextAddress() });
  expect(answer.code).toBe('0');
  return answer.data?.token ?? '';
}

async function userIdOf(user: TestUser): Promise<string> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.usernameKey, user.username.toLowerCase()));
  return row?.id ?? '';
}

describe('a signed-in call and its session', () => {
  it('reads the session once, then only its own data, until the cache lifetime ends', async () => {
    expect(TTL).toBe(5_000);
    const user = await registerUser(t);
    const first = await recordStatements(() => t.call('wallet!getUsdt', {}, { token: user.token }));
    expect(first.result.code).toBe('0');
    expect(first.statements.filter((statement) => /from "sessions"/.test(statement.text))).toHaveLength(1);
    const warm = await recordStatements(() => t.call('wallet!getUsdt', {}, { token: user.token }));
    expect(warm.result).toEqual(first.result);
    expect(warm.statements.filter((statement) => /"sessions"/.test(statement.text))).toHaveLength(0);
    expect(warm.statements).toHaveLength(first.statements.length - 1);
    // past the lifetime the session is read again
    t.clock.advance(TTL);
    const later = await recordStatements(() => t.call('wallet!getUsdt', {}, { token: user.token }));
    expect(later.statements.filter((statement) => /from "sessions"/.test(statement.text))).toHaveLength(1);
  });

  it('sees a change made in the database itself once the cache lifetime has passed', async () => {
    const user = await registerUser(t);
    expect((await profile(t, user)).code).toBe('0');
    await t.database.db.update(sessions).set({ revokedAt: t.clock.now(), revokeReason: 'by hand' }).where(eq(sessions.tokenHash, hashToken(user.token)));
    // nothing told the server: the cached session still answers for the rest of its lifetime
    expect((await profile(t, user)).code).toBe('0');
    t.clock.advance(TTL);
    expect(await profile(t, user)).toMatchObject({ code: '403', errorKey: 'common.session_expired' });
  });
});

describe('what ends a session is seen by the next call, on both instances', () => {
  it('user!logout', async () => {
    const user = await registerUser(t);
    const second = { token: await login(user) };
    await cacheOnBoth(user);
    await cacheOnBoth(second);
    expect((await t.call('user!logout', {}, { token: user.token })).code).toBe('0');
    for (const app of [t, other]) expect((await profile(app, user)).errorKey).toBe('common.session_expired');
    // the user's other session is not ended by a logout
    for (const app of [t, other]) expect((await profile(app, second)).code).toBe('0');
  });

  it('a password change that ends the other sessions (the current one stays)', async () => {
    const user = await registerUser(t);
    const second = { token: await login(user) };
    await cacheOnBoth(user);
    await cacheOnBoth(second);
    const next = 'Fresh#river42';
    const changed = await t.call('user!updateOldAndNewPsw', { old_password: user.password, password: next, re_password: next }, { token: user.token, remoteAddress: nextAddress() });
    expect(changed.code).toBe('0');
    for (const app of [t, other]) {
      expect((await profile(app, second)).errorKey).toBe('common.session_expired');
      expect((await profile(app, user)).code).toBe('0');
    }
  });

  it('a password reset with a code', async () => {
    const email = `cache.reset${process.pid}@example.com`;
    await t.call('idcode!execute', { target: email }, { remoteAddress: nextAddress() });
    const password = 'Kx9#mountain';
    const registered = await t.call<{ token: string }>(
      'localuser!registerWithVerifcode',
      { username: email, password, re_password: password, type: '2', verifcode: t.codes.lastCodeFor(email, 'register') ?? '' },
      { method: 'GET', remoteAddress: nextAddress() },
    );
    expect(registered.code).toBe('0');
    const user = { token: registered.data?.token ?? '' };
    await cacheOnBoth(user);
    expect((await t.call('idcode!execute', { target: email, purpose: 'resetpsw', lang: 'en' }, { remoteAddress: nextAddress() })).code).toBe('0');
    const next = 'Fresh#river42';
    const reset = await t.call('user!resetpsw', { verifcode_type: '2', lang: 'en', username: email, password: next, re_password: next, verifcode: t.codes.lastCodeFor(email, 'resetpsw') ?? '' }, { remoteAddress: nextAddress() });
    expect(reset.code).toBe('0');
    for (const app of [t, other]) expect((await profile(app, user)).errorKey).toBe('common.session_expired');
  });

  it("an operator's lock, and an unlock does not bring the session back", async () => {
    const user = await registerUser(t);
    await cacheOnBoth(user);
    const id = await userIdOf(user);
    await t.services.accounts.setDisabled(id, true, { id: 'op-test', reason: 'fraud report' });
    for (const app of [t, other]) expect((await profile(app, user)).code).toBe('403');
    // a new login is refused while locked
    expect((await t.call('user!newlogin', { username: user.username, password: user.password }, { remoteAddress: nextAddress() })).errorKey).toBe('accounts.account_disabled');
    await t.services.accounts.setDisabled(id, false, { id: 'op-test', reason: 'cleared' });
    for (const app of [t, other]) expect((await profile(app, user)).errorKey).toBe('common.session_expired');
  });

  it('a cancellation', async () => {
    const user = await walletUser(t);
    await cacheOnBoth(user);
    const cancelled = await t.call('user!logoff', { account: user.username, reason: 'leaving', cashPassword: SAFEWORD, lang: 'en' }, { token: user.token, remoteAddress: nextAddress() });
    expect(cancelled.code).toBe('0');
    for (const app of [t, other]) expect((await profile(app, user)).errorKey).toBe('common.session_expired');
  });
});

describe('a change of role is seen by the next call, on both instances', () => {
  it('an approved settle-in lets the cached session into the seller calls at once', async () => {
    const user = await walletUser(t);
    for (const app of [t, other]) expect((await app.call('sysParaProduct!info', {}, { token: user.token })).errorKey).toBe('common.no_permission');
    const applied = await t.call<{ application: { id: string } }>('merchantSettled!apply', await settleInApplication(t, user), { token: user.token, remoteAddress: nextAddress() });
    expect(applied.code).toBe('0');
    const support = await operatorToken(t, 'support');
    const approved = await consoleCall(t, 'POST', `/seller-applications/${applied.data?.application.id}/approve`, support.token, { reason: 'documents checked' });
    expect(approved.status).toBe(200);
    for (const app of [t, other]) expect((await app.call('sysParaProduct!info', {}, { token: user.token })).code).toBe('0');
  });
});

describe('the cache itself', () => {
  const row = (userId: string) => ({
    sessionId: `s-${userId}`,
    revokedAt: null,
    lastSeenAt: new Date('2026-01-15T04:00:00.000Z'),
    idleExpiresAt: new Date('2026-01-22T04:00:00.000Z'),
    absoluteExpiresAt: new Date('2026-02-14T04:00:00.000Z'),
    userId,
    username: userId,
    usercode: '123456',
    role: 'user',
    status: 'active',
  });

  /** A repository whose session lookups wait until the test releases them. */
  function heldRepository() {
    const lookups: { release: () => void }[] = [];
    let reads = 0;
    const repository = {
      async findSessionByTokenHash() {
        reads += 1;
        await new Promise<void>((resolve) => lookups.push({ release: resolve }));
        return row('u1');
      },
      async touchSession() {},
    } as unknown as AccountsRepository;
    return { repository, lookups, reads: () => reads };
  }

  /** A repository answering every lookup with `lookup()` at once, counting the lookups. */
  function countingRepository(lookup: () => ReturnType<typeof row>) {
    let reads = 0;
    const repository = {
      async findSessionByTokenHash() {
        reads += 1;
        return lookup();
      },
      async touchSession() {},
    } as unknown as AccountsRepository;
    return { repository, reads: () => reads };
  }

  /** The sessions service over `repository` (none: no lookup expected) with a cache of `ttlMs`, on a manual clock. */
  function sessionsWith(repository = {} as AccountsRepository, options: { ttlMs?: number; start?: string } = {}) {
    const clock = new ManualClock(options.start);
    const cache = new SessionCache(clock, options.ttlMs ?? 5_000);
    return { clock, cache, service: new SessionsService(repository, clock, sessionPolicy(168, 30), cache) };
  }

  it('does not keep what a lookup read while the user was being forgotten', async () => {
    const held = heldRepository();
    const { service } = sessionsWith(held.repository);
    const pending = service.authenticate('token-1');
    await Promise.resolve();
    expect(held.lookups).toHaveLength(1);
    // a commit that ends the user's sessions lands while the lookup is on its way back
    await service.forgetUser('u1');
    held.lookups[0]?.release();
    expect((await pending).ok).toBe(true);
    expect(service.cache.size).toBe(0);
    // so the next call reads again (and, with nothing forgotten meanwhile, keeps it)
    const next = service.authenticate('token-1');
    await Promise.resolve();
    held.lookups[1]?.release();
    expect((await next).ok).toBe(true);
    expect(held.reads()).toBe(2);
    expect(service.cache.size).toBe(1);
    expect((await service.authenticate('token-1')).ok).toBe(true);
    expect(held.reads()).toBe(2);
  });

  it('hears users forgotten on another instance through the bus', async () => {
    const shared = new InProcessBus();
    const { cache, service } = sessionsWith();
    const connection = service.connectBus(shared);
    await connection.ready;
    cache.store('a', row('u1'), cache.generation);
    cache.store('b', row('u2'), cache.generation);
    const heard = new Promise<void>((resolve) => void shared.subscribe('sessions.forget', () => resolve()));
    await shared.publish('sessions.forget', { userId: 'u1' });
    await heard;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')?.userId).toBe('u2');
    // a malformed message changes nothing
    await shared.publish('sessions.forget', { userId: 42 });
    await shared.publish('sessions.forget', null);
    await new Promise<void>((resolve) => queueMicrotask(resolve));
    expect(cache.get('b')?.userId).toBe('u2');
    await connection.close();
    await shared.close();
  });

  it('does not hold up start-up when the bus refuses the subscription, and subscribes on a later attempt', async () => {
    const { cache, service } = sessionsWith();
    const inner = new InProcessBus();
    const errors: unknown[] = [];
    let attempts = 0;
    let subscribed: () => void = () => {};
    const live = new Promise<void>((resolve) => (subscribed = resolve));
    const flaky: Bus = {
      publish: (channel, payload) => inner.publish(channel, payload),
      async subscribe(channel, handler) {
        attempts += 1;
        if (attempts < 3) throw new Error('connection refused');
        const end = await inner.subscribe(channel, handler);
        subscribed();
        return end;
      },
      close: () => inner.close(),
    };
    const connection = service.connectBus(flaky, (error) => errors.push(error), 1);
    await connection.ready;
    expect(errors).toHaveLength(1);
    await live;
    expect([attempts, errors.length]).toEqual([3, 2]);
    cache.store('a', row('u1'), cache.generation);
    const heard = new Promise<void>((resolve) => void inner.subscribe('sessions.forget', () => resolve()));
    await service.forgetUser('u2');
    await inner.publish('sessions.forget', { userId: 'u1' });
    await heard;
    await new Promise<void>((resolve) => queueMicrotask(resolve));
    expect(cache.get('a')).toBeUndefined();
    await connection.close();
    await inner.close();
  });

  it('a bus that cannot publish does not fail the change: this instance forgets, the error is reported', async () => {
    const { cache, service } = sessionsWith();
    const inner = new InProcessBus();
    const errors: unknown[] = [];
    const broken: Bus = { publish: async () => Promise.reject(new Error('Connection is closed.')), subscribe: (channel, handler) => inner.subscribe(channel, handler), close: () => inner.close() };
    const connection = service.connectBus(broken, (error) => errors.push(error));
    await connection.ready;
    cache.store('a', row('u1'), cache.generation);
    await expect(service.forgetUser('u1')).resolves.toBeUndefined();
    expect(cache.get('a')).toBeUndefined();
    expect(errors).toEqual([new Error('Connection is closed.')]);
    await connection.close();
    await inner.close();
  });

  it('is bounded: the oldest entry goes first; expired entries go at the next store', () => {
    const clock = new ManualClock();
    const cache = new SessionCache(clock, 5_000, 3);
    for (const key of ['a', 'b', 'c', 'd']) cache.store(key, row(`user-${key}`), cache.generation);
    expect(cache.size).toBe(3);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('d')?.userId).toBe('user-d');
    clock.advance(5_000);
    cache.store('e', row('user-e'), cache.generation);
    expect(cache.size).toBe(1);
    // forgetting a user drops all of their entries and only theirs
    cache.store('f', row('user-e'), cache.generation);
    cache.store('g', row('user-g'), cache.generation);
    cache.forgetUser('user-e');
    expect([cache.get('e'), cache.get('f'), cache.get('g')?.userId]).toEqual([undefined, undefined, 'user-g']);
  });

  it('answers only for a session still live by its own times: one that ran out is read again and refused', async () => {
    const start = '2026-01-22T03:59:58.000Z';
    const lookups = countingRepository(() => ({ ...row('u1'), lastSeenAt: new Date(start) }));
    const { clock, service } = sessionsWith(lookups.repository, { start });
    expect((await service.authenticate('token')).ok).toBe(true);
    expect((await service.authenticate('token')).ok).toBe(true);
    expect(lookups.reads()).toBe(1);
    // two seconds later, still within the cache lifetime, the idle expiry (04:00:00) has passed
    clock.advance(2_000);
    expect(await service.authenticate('token')).toEqual({ ok: false, key: 'common.session_expired' });
    expect(lookups.reads()).toBe(2);
  });

  it('SESSION_CACHE_MS=0 reads the session on every call', async () => {
    const lookups = countingRepository(() => row('u1'));
    const { service } = sessionsWith(lookups.repository, { ttlMs: 0 });
    for (let index = 0; index < 3; index += 1) expect((await service.authenticate('token')).ok).toBe(true);
    expect(lookups.reads()).toBe(3);
    expect(service.cache.size).toBe(0);
  });
});
