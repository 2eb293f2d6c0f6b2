import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { systemPath } from '../../src/env.ts';
import { checkLedgerInvariants } from '../../src/modules/wallet/ledger/invariants.ts';
import { chooseTool, findTools, parseToolMajor, toolFolders } from '../../src/platform/backup.ts';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { holdsServer, migratedDatabase, startPrivateCluster } from '../support/clusters.ts';
import { buyer, listing, submit, type Buyer } from '../support/orders.ts';
import { SERVER_ENTRY } from '../support/processes.ts';
import { nextAddress, useTestApp } from '../support/test-app.ts';
import { expectLedgerConsistent, SAFEWORD } from '../support/wallet.ts';

// `caravan backup` / `caravan restore` (npm run backup / restore) on the built server: a backup taken
// while checkouts run, restored into a fresh database, passes the ledger audit and holds every order
// acknowledged before the dump started. pg_dump cannot dump a server newer than itself, so the test
// runs a private PostgreSQL from the same folder as the newest pg_dump on the machine (Debian:
// /usr/lib/postgresql/<major>/bin), whatever server the rest of the run uses.

const run = promisify(execFile);
const tool = findTools('pg_dump', toolFolders(systemPath())).find((found) => holdsServer(path.dirname(found.path)));
if (!tool) throw new Error('no pg_dump beside PostgreSQL server binaries on this machine (install PostgreSQL, e.g. Debian postgresql)');
const cluster = await startPrivateCluster(path.dirname(tool.path));
afterAll(() => cluster.destroy());
const source = await migratedDatabase(cluster, 'backup_source');
const t = await useTestApp({ database: source });
afterAll(() => source.drop());
await seedSmallCatalogue(t, { products: 20, shops: 2 });
const folder = mkdtempSync(path.join(tmpdir(), 'caravan-backup-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** `caravan <args>` with only these variables; answers its exit code and output. */
async function caravan(args: string[], databaseUrl: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [SERVER_ENTRY, ...args], { env: { PATH: systemPath(), DATABASE_URL: databaseUrl, DATA_DIR: folder, LOG_LEVEL: 'warn' } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

describe('backup and restore', () => {
  it('chooses the newest pg_dump at least as new as the server, and says what to install otherwise', () => {
    expect(parseToolMajor('pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)')).toBe(15);
    expect(parseToolMajor('pg_dump 15')).toBeUndefined();
    const found = [{ path: '/a/pg_dump', major: 15 }, { path: '/b/pg_dump', major: 17 }];
    expect(chooseTool('pg_dump', found, 15).path).toBe('/b/pg_dump');
    expect(chooseTool('pg_dump', found, 17).path).toBe('/b/pg_dump');
    expect(() => chooseTool('pg_dump', found, 18)).toThrow(/pg_dump 18 or newer is needed .* found only \/a\/pg_dump \(15\), \/b\/pg_dump \(17\)\. Install PostgreSQL 18 client tools/);
    expect(() => chooseTool('pg_restore', [], 18)).toThrow(/pg_restore 18 or newer is needed .* none was found/);
  });

  it('a backup taken while checkouts run restores into an empty database with every order acknowledged before the dump', async () => {
    const item = await listing(t, 100_000);
    const buyers: Buyer[] = await Promise.all(Array.from({ length: 8 }, () => buyer(t, '100000')));
    const acknowledged = new Map<string, 'pending_payment' | 'paid'>();
    let dumping = false;
    let acknowledgedWhileDumping = 0;
    let stopLoad = false;
    const load = buyers.map(async (user, index) => {
      for (let round = 0; !stopLoad; round += 1) {
        // a key per checkout: the same cart again is a new order, not a double click
        const placed = await submit(t, user, [{ sellerGoodsId: item.sellerGoodsId, goodsNum: 1 + ((index + round) % 3) }], { headers: { 'idempotency-key': `backup-${index}-${round}` } });
        const id = placed.data?.orderList[0]?.id;
        expect(id, placed.errorKey).toBeDefined();
        if (!id) return;
        acknowledged.set(id, 'pending_payment');
        // every other order stays unpaid, so both states are in the backup
        if (round % 2 === 0) {
          const paid = await t.call('order!pay', { orderId: id, safeword: SAFEWORD }, { token: user.token, remoteAddress: nextAddress() });
          expect(paid.errorKey ?? 'ok').toBe('ok');
          acknowledged.set(id, 'paid');
        }
        if (dumping) acknowledgedWhileDumping += 1;
      }
    });
    let settled = false;
    const loadDone = Promise.all(load).finally(() => {
      settled = true;
    });
    while (acknowledged.size < 30 && !settled) await new Promise((resolve) => setTimeout(resolve, 20));
    const beforeDump = new Map(acknowledged);
    const file = path.join(folder, 'under-load.dump');
    dumping = true;
    const backup = await caravan(['backup', file], source.url);
    dumping = false;
    stopLoad = true;
    await loadDone;
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(`backup written: ${file}`);
    expect(acknowledgedWhileDumping).toBeGreaterThan(0);
    await expectLedgerConsistent(t);

    const restored = await migratedDatabase(cluster, 'backup_restored', { migrate: false });
    try {
      const restore = await caravan(['restore', file], restored.url);
      expect(restore.code, restore.stderr).toBe(0);
      expect((await checkLedgerInvariants(restored.db)).problems).toEqual([]);
      const orders = await restored.pool.query<{ id: string; status: string; payment_transfer_id: string | null }>('select id, status, payment_transfer_id from orders');
      const status = new Map(orders.rows.map((row) => [row.id, row]));
      for (const [id, state] of beforeDump) {
        const row = status.get(id);
        // an order acknowledged unpaid may have been paid before the dump's snapshot was taken
        expect(row?.status, id).toMatch(state === 'paid' ? /^paid$/ : /^(pending_payment|paid)$/);
        expect(row?.payment_transfer_id === null, id).toBe(row?.status === 'pending_payment');
      }
      // one snapshot: no paid order without its escrow transfer
      const unpaidTransfers = await restored.pool.query<{ n: number }>(
        "select count(*)::int as n from orders o where o.status = 'paid' and not exists (select 1 from ledger_transfers l where l.kind = 'order_payment' and l.reference_id = o.id)",
      );
      expect(unpaidTransfers.rows[0]?.n).toBe(0);

      // a non-empty database is refused and left as it was; --force replaces what the backup holds
      const again = await caravan(['restore', file], restored.url);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('the target database is not empty');
      expect((await restored.pool.query<{ n: number }>('select count(*)::int as n from orders')).rows[0]?.n).toBe(orders.rows.length);
      const logs = async () => (await restored.pool.query<{ n: number }>('select count(*)::int as n from order_logs')).rows[0]?.n;
      const logsRestored = await logs();
      await restored.pool.query('delete from order_logs where order_id = $1', [orders.rows[0]?.id ?? '']);
      expect(await logs()).toBeLessThan(logsRestored ?? 0);
      const forced = await caravan(['restore', file, '--force'], restored.url);
      expect(forced.code, forced.stderr).toBe(0);
      expect(await logs()).toBe(logsRestored);
      expect((await restored.pool.query<{ n: number }>('select count(*)::int as n from orders')).rows[0]?.n).toBe(orders.rows.length);
      expect((await checkLedgerInvariants(restored.db)).problems).toEqual([]);
    } finally {
      await restored.drop();
    }
  }, 60_000);

  it('refuses a missing backup file and a restore without one, with a message and no stack', async () => {
    const missing = await caravan(['restore', path.join(folder, 'nothing.dump')], source.url);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe(`caravan restore: no backup at ${path.join(folder, 'nothing.dump')}`);
    const unnamed = await caravan(['restore'], source.url);
    expect(unnamed.code).toBe(1);
    expect(unnamed.stderr.trim()).toBe('caravan restore: name the backup file: caravan restore <file> [--force]');
  });
});
