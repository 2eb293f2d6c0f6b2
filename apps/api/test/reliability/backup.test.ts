import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { systemPath } from '../../src/env.ts';
import { checkLedgerInvariants } from '../../src/modules/wallet/ledger/invariants.ts';
import { chooseTool, findTools, parseToolMajor, toolFolders } from '../../src/platform/backup.ts';
import { caravanCommand, expectOrdersRestored, whileCheckoutsRun } from '../support/backups.ts';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { holdsServer, migratedDatabase, startPrivateCluster } from '../support/clusters.ts';
import { useTestApp } from '../support/test-app.ts';
import { expectLedgerConsistent } from '../support/wallet.ts';

// `caravan backup` / `caravan restore` (npm run backup / restore) on the built server: a backup taken
// while checkouts run, restored into a fresh database, passes the ledger audit and holds every order
// acknowledged before the dump started. pg_dump cannot dump a server newer than itself, so the test
// runs a private PostgreSQL from the same folder as the newest pg_dump on the machine (Debian:
// /usr/lib/postgresql/<major>/bin), whatever server the rest of the run uses. The built-in logical
// format has its own file (logical-backup.test.ts).

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

const caravan = (args: string[], databaseUrl: string) => caravanCommand(args, databaseUrl, folder);

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
    const file = path.join(folder, 'under-load.dump');
    const { result: backup, beforeStart, acknowledgedDuring } = await whileCheckoutsRun(t, () => caravan(['backup', file, '--format', 'pg_dump'], source.url));
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(`backup written: ${file}`);
    expect(backup.stdout).toContain(tool.path);
    expect(acknowledgedDuring).toBeGreaterThan(0);
    await expectLedgerConsistent(t);

    const restored = await migratedDatabase(cluster, 'backup_restored', { migrate: false });
    try {
      const restore = await caravan(['restore', file], restored.url);
      expect(restore.code, restore.stderr).toBe(0);
      expect((await checkLedgerInvariants(restored.db)).problems).toEqual([]);
      const orderCount = await expectOrdersRestored(restored.pool, beforeStart);

      // a non-empty database is refused and left as it was; --force replaces what the backup holds
      const again = await caravan(['restore', file], restored.url);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('the target database is not empty');
      expect((await restored.pool.query<{ n: number }>('select count(*)::int as n from orders')).rows[0]?.n).toBe(orderCount);
      const logs = async () => (await restored.pool.query<{ n: number }>('select count(*)::int as n from order_logs')).rows[0]?.n;
      const logsRestored = await logs();
      await restored.pool.query('delete from order_logs where order_id = $1', [(await restored.pool.query<{ id: string }>('select id from orders limit 1')).rows[0]?.id ?? '']);
      expect(await logs()).toBeLessThan(logsRestored ?? 0);
      const forced = await caravan(['restore', file, '--force'], restored.url);
      expect(forced.code, forced.stderr).toBe(0);
      expect(await logs()).toBe(logsRestored);
      expect((await restored.pool.query<{ n: number }>('select count(*)::int as n from orders')).rows[0]?.n).toBe(orderCount);
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
