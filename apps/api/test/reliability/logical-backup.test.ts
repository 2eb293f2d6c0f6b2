import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/database.ts';
import { checkLedgerInvariants } from '../../src/modules/wallet/ledger/invariants.ts';
import { userTableCount } from '../../src/platform/backup.ts';
import { MIGRATIONS_DIR } from '../../src/platform/paths.ts';
import { codeMigrations, scanLogicalBackup, type LogicalHeader, type LogicalTrailer } from '../../src/platform/logical-backup.ts';
import { caravanCommand, expectOrdersRestored, whileCheckoutsRun } from '../support/backups.ts';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { useTestApp } from '../support/test-app.ts';
import { expectLedgerConsistent } from '../support/wallet.ts';

// The built-in logical backup (`caravan backup --format logical`, what `auto` picks when no pg_dump
// as new as the server exists, as for the embedded PostgreSQL 18): taken while checkouts run on the
// run's PostgreSQL, restored into fresh empty databases there. A cut, edited or foreign file and a
// backup of other migrations are refused, and the target is left without the backup's rows.

const t = await useTestApp();
await seedSmallCatalogue(t, { products: 20, shops: 2 });
const folder = mkdtempSync(path.join(tmpdir(), 'caravan-logical-backup-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const caravan = (args: string[], databaseUrl: string) => caravanCommand(args, databaseUrl, folder);

const file = path.join(folder, 'under-load.dump');
let snapshotRows: Record<string, number> = {};

/** A new empty database on the run's PostgreSQL for the duration of `use`. */
async function withEmptyDatabase(use: (target: TestDatabase) => Promise<void>): Promise<void> {
  const target = await createTestDatabase({ empty: true });
  try {
    await use(target);
  } finally {
    await target.drop();
  }
}

async function rowsOf(target: TestDatabase, table: string): Promise<number> {
  return (await target.pool.query<{ n: number }>(`select count(*)::int as n from "${table}"`)).rows[0]?.n ?? -1;
}

/** The backup's text, edited, gzipped again into a new file. */
function edited(name: string, edit: (lines: string[], header: LogicalHeader) => void): string {
  const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
  edit(lines, JSON.parse(lines[0] ?? '{}') as LogicalHeader);
  const target = path.join(folder, name);
  writeFileSync(target, gzipSync(lines.join('\n')));
  return target;
}

/** Index of the first row line of a table's section in the backup's lines. */
function sectionStart(lines: string[], header: LogicalHeader, table: string): number {
  let line = 1;
  for (const shape of header.tables) {
    if (shape.name === table) return line;
    while (lines[line] !== '\\.') line += 1;
    line += 1;
  }
  throw new Error(`no section ${table}`);
}

describe('logical backup and restore', () => {
  it('a backup taken while checkouts run restores into an empty database: every table, every acknowledged order, working sequences', async () => {
    const { result: backup, beforeStart, acknowledgedDuring } = await whileCheckoutsRun(t, () => caravan(['backup', file, '--format', 'logical'], t.database.url));
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(`backup written: ${file}`);
    expect(backup.stdout).toContain('built-in logical format');
    expect(acknowledgedDuring).toBeGreaterThan(0);
    await expectLedgerConsistent(t);
    const scan = await scanLogicalBackup(file);
    snapshotRows = scan.rows;
    expect(scan.header.tables.map((table) => table.name)).toEqual(expect.arrayContaining(['users', 'orders', 'ledger_entries', 'ledger_transfers', 'audit_log']));
    expect(scan.rows.orders).toBeGreaterThanOrEqual(beforeStart.size);

    await withEmptyDatabase(async (target) => {
      const restore = await caravan(['restore', file], target.url);
      expect(restore.code, restore.stderr).toBe(0);
      expect(restore.stdout).toContain('built-in logical format');
      expect((await checkLedgerInvariants(target.db)).problems).toEqual([]);
      expect(await expectOrdersRestored(target.pool, beforeStart)).toBe(snapshotRows.orders);
      for (const [table, rows] of Object.entries(snapshotRows)) expect(await rowsOf(target, table), table).toBe(rows);
      // large enough that rows cross the reader's chunks (zlib hands out 16 KiB at a time); the number of
      // rows depends on how many checkouts the backup's start-up let in, so the size is what is checked
      expect(gunzipSync(readFileSync(file)).length).toBeGreaterThan(4 * 16 * 1024);

      // sequences continue after the restored rows
      const inserted = await target.pool.query<{ id: number }>("insert into audit_log (occurred_at, actor_type, action) values (now(), 'system', 'restore.check') returning id");
      const highest = await target.pool.query<{ id: number }>("select max(id)::bigint as id from audit_log where action <> 'restore.check'");
      expect(inserted.rows[0]?.id).toBeGreaterThan(highest.rows[0]?.id ?? 0);

      // a non-empty database is refused, with or without --force, and left as it was
      for (const args of [['restore', file], ['restore', file, '--force']]) {
        const again = await caravan(args, target.url);
        expect(again.code).toBe(1);
        expect(again.stderr).toContain('the target database is not empty');
        expect(again.stderr).toContain('a logical backup restores into an empty database only');
      }
      expect(await rowsOf(target, 'orders')).toBe(snapshotRows.orders);
    });
  }, 60_000);

  it('refuses a cut file before writing anything', async () => {
    const bytes = readFileSync(file);
    const cut = path.join(folder, 'cut.dump');
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await withEmptyDatabase(async (target) => {
      const restore = await caravan(['restore', cut], target.url);
      expect(restore.code).toBe(1);
      expect(restore.stderr).toMatch(/^caravan restore: the backup file is damaged or not a Caravan logical backup \(.+\); nothing was restored$/m);
      expect(await userTableCount(target.url)).toBe(0);
    });
  });

  it('refuses a file whose sections disagree with its trailer before writing anything', async () => {
    expect(snapshotRows.orders).toBeGreaterThan(0);
    const shortened = edited('row-missing.dump', (lines, header) => {
      lines.splice(sectionStart(lines, header, 'orders'), 1);
    });
    await withEmptyDatabase(async (target) => {
      const restore = await caravan(['restore', shortened], target.url);
      expect(restore.code).toBe(1);
      expect(restore.stderr).toContain(`table orders holds ${(snapshotRows.orders ?? 0) - 1} rows where the backup recorded ${snapshotRows.orders}`);
      expect(await userTableCount(target.url)).toBe(0);
    });
  });

  it('rolls the whole load back when PostgreSQL refuses a row', async () => {
    // a row twice, the trailer counting it: only the primary key can tell
    const duplicated = edited('duplicate-row.dump', (lines, header) => {
      const start = sectionStart(lines, header, 'orders');
      lines.splice(start, 0, lines[start] ?? '');
      const trailerLine = lines.length - 2;
      const trailer = JSON.parse(lines[trailerLine] ?? '{}') as LogicalTrailer;
      trailer.rows.orders = (trailer.rows.orders ?? 0) + 1;
      lines[trailerLine] = JSON.stringify(trailer);
    });
    await withEmptyDatabase(async (target) => {
      const restore = await caravan(['restore', duplicated], target.url);
      expect(restore.code).toBe(1);
      expect(restore.stderr).toContain('duplicate key value violates unique constraint');
      expect(restore.stderr).toContain('the load was rolled back');
      // tables loaded before orders are empty again too
      for (const table of Object.keys(snapshotRows)) expect(await rowsOf(target, table), table).toBe(0);
    });
  });

  it('refuses a backup of other migrations, and a file that is not a backup, before writing anything', async () => {
    const older = edited('older.dump', (lines, header) => {
      header.migrations.pop();
      lines[0] = JSON.stringify(header);
    });
    const foreign = path.join(folder, 'foreign.dump');
    writeFileSync(foreign, 'select 1;\n');
    await withEmptyDatabase(async (target) => {
      const restore = await caravan(['restore', older], target.url);
      expect(restore.code).toBe(1);
      const count = codeMigrations(MIGRATIONS_DIR).length;
      expect(restore.stderr.trim()).toBe(
        `caravan restore: the backup was taken at ${count - 1} applied migrations and this Caravan has ${count}; they differ from migration ${count} on: restore with the Caravan version that took the backup`,
      );
      const notBackup = await caravan(['restore', foreign], target.url);
      expect(notBackup.stderr.trim()).toBe(`caravan restore: ${foreign} is not a Caravan backup (neither pg_dump's custom format nor the logical format)`);
      const wrongFormat = await caravan(['restore', file, '--format', 'pg_dump'], target.url);
      expect(wrongFormat.stderr.trim()).toBe(`caravan restore: ${file} is a logical backup, not pg_dump`);
      expect(await userTableCount(target.url)).toBe(0);
    });
  });
});
