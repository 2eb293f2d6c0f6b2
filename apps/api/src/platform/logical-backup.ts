import { createReadStream, createWriteStream, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { createPool } from '@caravan/db/client';
import { runMigrations } from '@caravan/db/migrate';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { BackupProblem } from './backup-problem.ts';

// The built-in logical backup (ADR 0015), for when no pg_dump as new as the server exists (the
// embedded PostgreSQL 18 on a Debian 12 machine). One gzip file:
//   line 1: the header (JSON): format, version, created at, server version, the applied migrations,
//           every table of the public schema with its columns, in foreign-key order
//   then per table, in the header's order: its rows as `COPY ... TO STDOUT` text, then a line `\.`
//           (COPY's text format doubles every backslash, so no row is ever that line)
//   last line: the trailer (JSON): the row count of every table, so a cut or edited file is refused
// Restore applies this code's migrations (which must be the backup's) and loads every table in one
// transaction. Everything streams: memory does not grow with a table's size.

export const LOGICAL_FORMAT = 'caravan-logical';
export const LOGICAL_VERSION = 1;
/** Where drizzle keeps the applied migrations: packages/db/src/migrate.ts uses its default schema and table. */
const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';
const SECTION_END = '\\.';
/** A header or trailer line longer than this is not one of ours: stop before buffering a whole file. */
const MAX_META_LINE_BYTES = 16 * 1024 * 1024;

export interface AppliedMigration {
  hash: string;
  createdAt: number;
}

export interface TableShape {
  name: string;
  columns: string[];
}

export interface LogicalHeader {
  format: typeof LOGICAL_FORMAT;
  version: number;
  createdAt: string;
  serverVersion: string;
  migrations: AppliedMigration[];
  tables: TableShape[];
}

export interface LogicalTrailer {
  rows: Record<string, number>;
}

type Queryable = Pick<pg.PoolClient, 'query'>;

/**
 * Tables of the public schema with their stored columns (generated ones are computed again on load),
 * parents before the tables whose foreign keys point at them, so they load in this order.
 */
export async function tablesInLoadOrder(client: Queryable): Promise<TableShape[]> {
  const tables = await client.query<{ name: string; columns: string[] }>(
    `select c.relname as name, array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c join pg_attribute a on a.attrelid = c.oid
      where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      group by c.relname order by c.relname`,
  );
  const references = await client.query<{ child: string; parent: string }>(
    `select distinct child.relname as child, parent.relname as parent
       from pg_constraint k join pg_class child on child.oid = k.conrelid join pg_class parent on parent.oid = k.confrelid
      where k.contype = 'f' and child.relnamespace = 'public'::regnamespace and parent.relnamespace = 'public'::regnamespace and k.conrelid <> k.confrelid`,
  );
  const parents = new Map<string, Set<string>>(tables.rows.map((table) => [table.name, new Set<string>()]));
  for (const edge of references.rows) parents.get(edge.child)?.add(edge.parent);
  const ordered: TableShape[] = [];
  const placed = new Set<string>();
  let remaining = tables.rows;
  while (remaining.length > 0) {
    const ready = remaining.filter((table) => [...(parents.get(table.name) ?? [])].every((parent) => placed.has(parent)));
    if (ready.length === 0) throw new BackupProblem(`foreign keys form a cycle between ${remaining.map((table) => table.name).join(', ')}: the logical format cannot order them`);
    for (const table of ready) {
      ordered.push({ name: table.name, columns: table.columns });
      placed.add(table.name);
    }
    remaining = remaining.filter((table) => !placed.has(table.name));
  }
  return ordered;
}

/** This code's migrations, as drizzle records them once applied. */
export function codeMigrations(migrationsFolder: string): AppliedMigration[] {
  return readMigrationFiles({ migrationsFolder }).map((migration) => ({ hash: migration.hash, createdAt: migration.folderMillis }));
}

function columnList(table: TableShape): string {
  return `${pg.escapeIdentifier(table.name)} (${table.columns.map((column) => pg.escapeIdentifier(column)).join(', ')})`;
}

/**
 * Every table of the public schema from one snapshot (REPEATABLE READ, READ ONLY: safe while the
 * server runs) into `file`, written beside it first and renamed when complete.
 */
export async function logicalBackup(url: string, file: string): Promise<{ file: string; bytes: number; tables: number; rows: number }> {
  const target = path.resolve(file);
  mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  const pool = createPool(url, { max: 1, applicationName: 'caravan-backup' });
  const client = await pool.connect();
  let rows = 0;
  let tables: TableShape[] = [];
  try {
    await client.query('begin isolation level repeatable read, read only');
    tables = await tablesInLoadOrder(client);
    const applied = await client.query<{ present: boolean }>(`select to_regclass('${MIGRATIONS_TABLE}') is not null as present`);
    const migrations = applied.rows[0]?.present
      ? (await client.query<{ hash: string; created_at: number }>(`select hash, created_at from ${MIGRATIONS_TABLE} order by id`)).rows.map((row) => ({ hash: row.hash, createdAt: Number(row.created_at) }))
      : [];
    const version = await client.query<{ server_version: string }>('show server_version');
    const header: LogicalHeader = {
      format: LOGICAL_FORMAT,
      version: LOGICAL_VERSION,
      createdAt: new Date().toISOString(),
      serverVersion: version.rows[0]?.server_version ?? 'unknown',
      migrations,
      tables,
    };
    const counts: Record<string, number> = {};
    async function* content(): AsyncGenerator<string | Buffer> {
      yield `${JSON.stringify(header)}\n`;
      for (const table of tables) {
        const copy = client.query(copyTo(`copy ${columnList(table)} to stdout`));
        for await (const chunk of copy) yield chunk as Buffer;
        counts[table.name] = copy.rowCount;
        rows += copy.rowCount;
        yield `${SECTION_END}\n`;
      }
      yield `${JSON.stringify({ rows: counts } satisfies LogicalTrailer)}\n`;
    }
    await pipeline(content(), createGzip(), createWriteStream(partial));
    await client.query('commit');
    renameSync(partial, target);
  } finally {
    rmSync(partial, { force: true });
    client.release();
    await pool.end();
  }
  return { file: target, bytes: statSync(target).size, tables: tables.length, rows };
}

type BackupEvent =
  | { kind: 'header'; header: LogicalHeader }
  | { kind: 'rows'; data: Buffer; rows: number }
  | { kind: 'section-end'; rows: number }
  | { kind: 'trailer'; trailer: LogicalTrailer };

function damaged(reason: string): BackupProblem {
  return new BackupProblem(`the backup file is damaged or not a Caravan logical backup (${reason}); nothing was restored`);
}

function parseMeta<T>(line: Buffer, what: string): T {
  try {
    return JSON.parse(line.toString('utf8')) as T;
  } catch {
    throw damaged(`its ${what} is not JSON`);
  }
}

/** The file as events, rows in batches of whole lines; throws if it is cut short, corrupt or not ours. */
async function* readBackup(file: string): AsyncGenerator<BackupEvent> {
  const source = createReadStream(file);
  const gunzip = createGunzip();
  source.on('error', (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  let state: 'header' | 'sections' | 'trailer' | 'done' = 'header';
  let sections = 0;
  let sectionRows = 0;
  let pending: Buffer = Buffer.alloc(0);
  try {
    for await (const chunk of gunzip) {
      const data = pending.length > 0 ? Buffer.concat([pending, chunk as Buffer]) : (chunk as Buffer);
      let start = 0;
      let batchStart = 0;
      let batchRows = 0;
      for (let end = data.indexOf(10, start); end !== -1; end = data.indexOf(10, start)) {
        const line = data.subarray(start, end);
        if (state === 'sections' && line.toString('latin1') !== SECTION_END) {
          batchRows += 1;
        } else if (state === 'sections') {
          if (start > batchStart) yield { kind: 'rows', data: data.subarray(batchStart, start), rows: batchRows };
          sectionRows += batchRows;
          yield { kind: 'section-end', rows: sectionRows };
          sectionRows = 0;
          batchRows = 0;
          sections -= 1;
          if (sections === 0) state = 'trailer';
          batchStart = end + 1;
        } else if (state === 'header') {
          const header = parseMeta<LogicalHeader>(line, 'first line');
          if (header.format !== LOGICAL_FORMAT || !Array.isArray(header.tables) || !Array.isArray(header.migrations)) throw damaged('its first line is not a Caravan header');
          if (header.version !== LOGICAL_VERSION) throw new BackupProblem(`the backup is in version ${header.version} of the logical format and this Caravan reads version ${LOGICAL_VERSION}: restore with the Caravan version that took the backup`);
          yield { kind: 'header', header };
          sections = header.tables.length;
          state = sections > 0 ? 'sections' : 'trailer';
          batchStart = end + 1;
        } else if (state === 'trailer') {
          yield { kind: 'trailer', trailer: parseMeta<LogicalTrailer>(line, 'last line') };
          state = 'done';
          batchStart = end + 1;
        } else {
          throw damaged('it goes on after its last line');
        }
        start = end + 1;
      }
      if (state === 'sections' && start > batchStart) {
        yield { kind: 'rows', data: data.subarray(batchStart, start), rows: batchRows };
        sectionRows += batchRows;
      }
      pending = data.subarray(start);
      if (state !== 'sections' && pending.length > MAX_META_LINE_BYTES) throw damaged('a header or trailer line is too long');
    }
  } catch (error) {
    if (error instanceof BackupProblem) throw error;
    throw damaged(error instanceof Error ? error.message : String(error));
  } finally {
    source.destroy();
    gunzip.destroy();
  }
  if (state !== 'done' || pending.length > 0) throw damaged('it ends early');
}

/** Reads the whole file once: its header, and the row count of every section checked against the trailer. */
export async function scanLogicalBackup(file: string): Promise<{ header: LogicalHeader; rows: Record<string, number> }> {
  let header: LogicalHeader | undefined;
  const counted: number[] = [];
  let trailer: LogicalTrailer | undefined;
  for await (const event of readBackup(file)) {
    if (event.kind === 'header') header = event.header;
    else if (event.kind === 'section-end') counted.push(event.rows);
    else if (event.kind === 'trailer') trailer = event.trailer;
  }
  if (!header || !trailer) throw damaged('it ends early');
  const rows: Record<string, number> = {};
  header.tables.forEach((table, index) => {
    rows[table.name] = counted[index] ?? 0;
    if (trailer.rows[table.name] !== rows[table.name]) throw damaged(`table ${table.name} holds ${rows[table.name]} rows where the backup recorded ${trailer.rows[table.name]}`);
  });
  return { header, rows };
}

function describeMismatch(backup: AppliedMigration[], code: AppliedMigration[]): string | undefined {
  const length = Math.max(backup.length, code.length);
  for (let index = 0; index < length; index += 1) {
    const left = backup[index];
    const right = code[index];
    if (left?.hash !== right?.hash || left?.createdAt !== right?.createdAt) {
      return `the backup was taken at ${backup.length} applied migrations and this Caravan has ${code.length}; they differ from migration ${index + 1} on`;
    }
  }
  return undefined;
}

function sameTables(left: TableShape[], right: TableShape[]): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}

/**
 * A logical backup into an EMPTY database (the caller checks): the file is read through first, so a
 * cut or corrupt one is refused before anything is written; then this code's migrations (which must
 * be the backup's) are applied and every table is loaded in one transaction, sequences set past the
 * restored rows. If the load fails, it rolls back: the target keeps the migrated, empty tables.
 */
export async function logicalRestore(url: string, file: string, migrationsFolder: string): Promise<{ tables: number; rows: number }> {
  const { header, rows } = await scanLogicalBackup(file);
  const mismatch = describeMismatch(header.migrations, codeMigrations(migrationsFolder));
  if (mismatch) throw new BackupProblem(`${mismatch}: restore with the Caravan version that took the backup`);
  // two: runMigrations holds one connection for its lock while drizzle migrates on another
  const pool = createPool(url, { max: 2, applicationName: 'caravan-restore' });
  try {
    await runMigrations(pool, migrationsFolder);
    const client = await pool.connect();
    try {
      await client.query('begin');
      const tables = await tablesInLoadOrder(client);
      if (!sameTables(tables, header.tables)) throw new BackupProblem('the tables after migrating differ from the backup\'s: restore with the Caravan version that took the backup');
      const events = readBackup(file);
      try {
        await events.next(); // the header, read above
        for (const table of tables) {
          const copy = client.query(copyFrom(`copy ${columnList(table)} from stdin`));
          async function* section(): AsyncGenerator<Buffer> {
            for (;;) {
              const next = await events.next();
              if (next.done || next.value.kind === 'header' || next.value.kind === 'trailer') throw damaged(`the section of ${table.name} does not end`);
              if (next.value.kind === 'section-end') return;
              yield next.value.data;
            }
          }
          await pipeline(section(), copy);
          if (copy.rowCount !== rows[table.name]) throw damaged(`${copy.rowCount} rows of ${table.name} loaded where the backup holds ${rows[table.name]}`);
        }
      } finally {
        await events.return(undefined);
      }
      await resetSequences(client);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => {});
      const message = error instanceof Error ? error.message : String(error);
      throw new BackupProblem(`${message.replace(/; nothing was restored$/, '')}; the load was rolled back: the target holds this version's empty tables, so drop and create the database again before the next restore`);
    } finally {
      client.release();
    }
    return { tables: header.tables.length, rows: Object.values(rows).reduce((sum, count) => sum + count, 0) };
  } finally {
    await pool.end();
  }
}

/** Every serial or identity column's sequence continues after the highest restored value. */
async function resetSequences(client: Queryable): Promise<void> {
  const owned = await client.query<{ table_name: string; column_name: string; sequence: string; start_value: string }>(
    `select c.relname as table_name, a.attname as column_name, s.seqrelid::regclass::text as sequence, s.seqstart::text as start_value
       from pg_class c join pg_attribute a on a.attrelid = c.oid
       join pg_depend d on d.refobjid = c.oid and d.refobjsubid = a.attnum and d.classid = 'pg_class'::regclass and d.deptype in ('a', 'i')
       join pg_sequence s on s.seqrelid = d.objid
      where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'`,
  );
  for (const row of owned.rows) {
    const column = pg.escapeIdentifier(row.column_name);
    await client.query(
      `select setval($1::regclass, coalesce((select max(${column}) from ${pg.escapeIdentifier(row.table_name)}), $2::bigint), (select max(${column}) from ${pg.escapeIdentifier(row.table_name)}) is not null)`,
      [row.sequence, row.start_value],
    );
  }
}
