import { createHash } from 'node:crypto';
import type { Executor } from '@caravan/db/client';
import { Column, getTableName, is, Param, Placeholder, SQL, sql, Subquery } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Pool, PoolClient, QueryResult, QueryResultRow } from 'pg';
import { objectLiteralSource } from './object-literal.ts';

// Hot read paths use hand-written SQL run as named (prepared) statements: PostgreSQL parses and
// plans each statement once per connection (ARCHITECTURE section 9). The name is derived from the
// text, so every distinct query shape gets its own statement.

const names = new Map<string, string>();

/** The name of the named statement of `text` (prepared, below): the same text, the same name. */
export function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

export async function prepared<T extends QueryResultRow>(client: Pool | PoolClient, text: string, values: unknown[] = []): Promise<T[]> {
  const result = await client.query<T>({ name: statementName(text), text, values });
  return result.rows;
}

/** Builds drizzle SQL as the database's own dialect does (createDatabase: snake_case columns). */
const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * Runs a statement written with drizzle's sql`` (e.g. data-modifying WITH queries) on the executor's
 * connection as a named statement: PostgreSQL parses and plans it once per connection instead of on
 * every call (the money paths' multi-table statements cost more to plan than to run, ADR 0014). Each
 * distinct text is a statement kept by every connection: `named` false for rare shapes (a checkout of
 * many lines) keeps their number bounded.
 */
export async function executeNamed<T extends QueryResultRow = QueryResultRow>(executor: Executor, query: SQL, named = true): Promise<QueryResult<T>> {
  if (!named) return (await executor.execute(query)) as unknown as QueryResult<T>;
  const built = dialect.sqlToQuery(query);
  return (await executor._.session.prepareQuery(built, undefined, statementName(built.sql), false).execute()) as QueryResult<T>;
}

/** A statement as drizzle's node-postgres driver prepares it: built text and parameters, run on `client`. */
interface DriverStatement {
  execute(values?: Record<string, unknown>): Promise<unknown>;
  client: unknown;
  params: unknown[];
  /** A select's or a returning clause's columns, in the order of the result's (array-mode) rows. */
  fields?: { path: string[]; field: unknown }[] | undefined;
  /** Of a select with joins: which tables' columns are never all null (the others' groups map to null). */
  joinsNotNullableMap?: Record<string, boolean> | undefined;
  /** When set, maps the result's rows instead of drizzle's per-row mapResultRow. */
  customResultMapper?: ((rows: unknown[][]) => unknown) | undefined;
}

type Decoder = { mapFromDriverValue(value: unknown): unknown };

/** The decoder drizzle's mapResultRow picks for a selected field (a column, an sql``, a subquery, an aliased sql``). */
function decoderOf(field: unknown): Decoder {
  // an sql``'s decoder is internal to drizzle: its type does not show it
  const decoderOfSql = (query: SQL) => (query as unknown as { decoder: Decoder }).decoder;
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql(field._.sql as SQL);
  return decoderOfSql((field as SQL.Aliased).sql);
}

/** A mapFromDriverValue that hands back what the driver gave (skipped: no call per value). */
const IDENTITY_DECODERS = new Set<unknown>([Column.prototype.mapFromDriverValue, decoderOf(sql``).mapFromDriverValue]);

/**
 * A row mapper for a statement's fields, worked out once: the rows come out as drizzle's mapResultRow
 * makes them (nested objects by path, null left as null, each value through its field's decoder, and
 * a left join's group of columns null when the first of them is, as `joinsNotNullableMap` says), but
 * the decoders, paths and join groups are found once per statement instead of once per value (the
 * `is()` tests were a third of the mapping of `order!listMain`'s page, issue 17).
 */
export function compileRowMapper(fields: { path: string[]; field: unknown }[], joinsNotNullableMap: Record<string, boolean> | undefined): (rows: unknown[][]) => Record<string, unknown>[] {
  const columns = fields.map(({ path, field }) => {
    const decoder = decoderOf(field);
    return {
      parents: path.slice(0, -1),
      key: path[path.length - 1] as string,
      decode: IDENTITY_DECODERS.has(decoder.mapFromDriverValue) ? undefined : decoder,
    };
  });
  // mapResultRow's null rule: a group `path[0]` of table columns (path of two) is null when its first
  // column is, unless the columns come from more than one table or the table is never null in the join
  const groups: { name: string; first: string }[] = [];
  if (joinsNotNullableMap) {
    const seen = new Map<string, { table: string; first: string; mixed: boolean }>();
    for (const { path, field } of fields) {
      if (!is(field, Column) || path.length !== 2) continue;
      const [name, key] = path as [string, string];
      const table = getTableName(field.table);
      const group = seen.get(name);
      if (!group) seen.set(name, { table, first: key, mixed: false });
      else if (group.table !== table) group.mixed = true;
    }
    for (const [name, group] of seen) if (!group.mixed && !joinsNotNullableMap[group.table]) groups.push({ name, first: group.first });
  }
  const mapRow = generatedMapRow(columns, groups);
  return (rows) => rows.map(mapRow);
}

type TreeNode = Map<string, number | TreeNode>;

/**
 * The row mapper as one generated function: an object literal per row (objectLiteralSource), built from the
 * fields' paths in their order (so the keys come in the order drizzle's mapper sets them), each value the
 * driver's, or its decoder's when it has one (null stays null). Setting the keys one by one in a loop went
 * through V8's megamorphic keyed stores (issue 17).
 */
function generatedMapRow(
  columns: { parents: string[]; key: string; decode: Decoder | undefined }[],
  groups: { name: string; first: string }[],
): (row: unknown[]) => Record<string, unknown> {
  const tree: TreeNode = new Map();
  columns.forEach((column, index) => {
    let node = tree;
    for (const parent of column.parents) {
      let child = node.get(parent);
      if (child === undefined || typeof child === 'number') {
        child = new Map();
        node.set(parent, child);
      }
      node = child;
    }
    node.set(column.key, index);
  });
  const value = (index: number) => (columns[index]!.decode ? `((v = row[${index}]) === null ? null : d[${index}].mapFromDriverValue(v))` : `row[${index}]`);
  const literal = (node: TreeNode): string => {
    const source = objectLiteralSource([...node].map(([key, child]) => [key, typeof child === 'number' ? value(child) : literal(child)] as const));
    // no statement names a field so
    if (source === undefined) throw new Error('a field named __proto__ cannot be mapped');
    return source;
  };
  const nulls = groups.map(({ name, first }) => `if (r[${JSON.stringify(name)}][${JSON.stringify(first)}] === null) r[${JSON.stringify(name)}] = null;`).join(' ');
  const make = new Function('d', `return function mapRow(row) { let v; const r = ${literal(tree)}; ${nulls} return r; };`) as (decoders: (Decoder | undefined)[]) => (row: unknown[]) => Record<string, unknown>;
  return make(columns.map((column) => column.decode));
}

/** Gives a prepared select or returning statement its compiled row mapper (compileRowMapper, for builtOnce); others are left as they are. */
export function withCompiledRows<T>(statement: T): T {
  const driver = statement as unknown as DriverStatement;
  if (driver.fields && driver.customResultMapper === undefined) driver.customResultMapper = compileRowMapper(driver.fields, driver.joinsNotNullableMap);
  return statement;
}

/** Statements built once, by shape (builtOnce). */
const builtStatements = new Map<string, DriverStatement>();

/**
 * The most shapes kept: each is also a statement prepared on every connection that runs it. Shapes are
 * few (a row's null columns, up to 20 ids or lines), but a row with many nullable columns could multiply
 * them; past this many, a new shape is built for its own call, unnamed, as before builtOnce.
 */
export const MAX_BUILT_SHAPES = 2000;

/**
 * A drizzle statement built once per `shape` and from then on only bound and run, on whichever
 * executor (the pool or a transaction's connection) the call has. Building statements with drizzle's
 * builders was 13 % of the API's busy time in the money scenarios' profile (issue 17, ADR 0014), part of
 * it while rows every checkout needs were locked; the text of a statement depends only on its shape
 * (the columns a row sets, which are null, how many rows or ids).
 *
 * `build` must give every value as a placeholder (`sql.placeholder`, `placeholderRow`): a value built
 * into the statement would be reused by every later call, so a built value throws (drizzle's `.limit(1)`
 * is one: a lookup by a unique key needs none). `shape` must name everything the text depends on; it
 * also names the statement (PostgreSQL parses and plans it once per connection). Run it with
 * `.execute(values)`; its rows are mapped by a mapper compiled once (withCompiledRows).
 */
export function builtOnce<S extends { execute(values?: Record<string, unknown>): Promise<unknown> }>(executor: Executor, shape: string, build: (executor: Executor, name: string) => S): S {
  let template = builtStatements.get(shape);
  if (template === undefined) {
    const kept = builtStatements.size < MAX_BUILT_SHAPES;
    const candidate = build(executor, kept ? statementName(shape) : '') as unknown as DriverStatement;
    const value = candidate.params.findIndex((param) => !is(param, Placeholder) && !(is(param, Param) && is(param.value, Placeholder)));
    if (value >= 0) throw new Error(`statement ${shape} was built with a value (parameter ${value + 1}): every value must be a placeholder`);
    if (!kept) return candidate as unknown as S;
    builtStatements.set(shape, withCompiledRows(candidate));
    template = candidate;
  }
  const client = (executor._.session as unknown as { client: unknown }).client;
  return (template.client === client ? template : Object.create(template, { client: { value: client } })) as S;
}

/**
 * A statement written with drizzle's sql`` (data-modifying WITH queries), built once per `shape` as
 * builtOnce builds a builder's statement. Run it with `.execute(values)`; it answers pg's result.
 */
export function builtSqlOnce<T extends QueryResultRow = QueryResultRow>(executor: Executor, shape: string, build: (executor: Executor) => SQL): { execute(values?: Record<string, unknown>): Promise<QueryResult<T>> } {
  return builtOnce(executor, shape, (on, name) => on._.session.prepareQuery(dialect.sqlToQuery(build(on)), undefined, name, false) as unknown as { execute(values?: Record<string, unknown>): Promise<QueryResult<T>> });
}

/**
 * The shape of a row for a builtOnce statement: the keys it sets, those set to null marked (a null is
 * written into the text, placeholderRow). Undefined values are not set (the column's default).
 */
export function rowShape(row: object): string {
  let shape = '';
  for (const [key, value] of Object.entries(row)) {
    if (value === undefined) continue;
    shape += value === null ? `${key}=null,` : `${key},`;
  }
  return shape;
}

/**
 * The row with each value a placeholder named `prefix` + key (fillRow gives their values), for a
 * builtOnce statement. A null is written as SQL's null (drizzle's column encoders do not take null
 * through a placeholder); undefined values are left out. Typed as the row: drizzle takes a placeholder
 * wherever a row takes a value and encodes what fills it as the column's value, though its update types
 * do not say so.
 */
export function placeholderRow<T extends object>(prefix: string, row: T): T {
  const placeholders: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (value === undefined) continue;
    if (is(value, SQL)) throw new Error(`${prefix}${key}: an SQL value belongs in the statement's build, not in a row of placeholders`);
    placeholders[key] = value === null ? sql`null` : sql.placeholder(`${prefix}${key}`);
  }
  return placeholders as T;
}

/** Adds the values of a row's placeholders (placeholderRow with the same prefix) to `values`. */
export function fillRow(prefix: string, row: object, values: Record<string, unknown>): Record<string, unknown> {
  for (const [key, value] of Object.entries(row)) {
    if (value !== undefined && value !== null) values[`${prefix}${key}`] = value;
  }
  return values;
}

/** `count` placeholders named `prefix` + index (a list of ids in a builtOnce statement; fillList gives their values). */
export function listPlaceholders(prefix: string, count: number): Placeholder[] {
  return Array.from({ length: count }, (_, index) => sql.placeholder(`${prefix}${index}`));
}

/** Adds the values of a list's placeholders (listPlaceholders with the same prefix) to `values`. */
export function fillList(prefix: string, list: readonly unknown[], values: Record<string, unknown>): Record<string, unknown> {
  list.forEach((value, index) => {
    values[`${prefix}${index}`] = value;
  });
  return values;
}

/** Builds `$n` placeholders while collecting values, for queries assembled from optional parts. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** The text with LIKE's wildcards (and its escape character) escaped, to match literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (match) => `\\${match}`);
}

/** A LIKE pattern matching lower-cased texts that contain `text` anywhere. */
export function containing(text: string): string {
  return `%${escapeLike(text.toLowerCase())}%`;
}

/**
 * The error key of a refusal a statement raised itself (`refuse_unless`, migration 0025: SQLSTATE CR001),
 * from pg or wrapped by Drizzle; undefined for any other error.
 */
export function raisedRefusal(error: unknown): string | undefined {
  const pgError = pgErrorOf(error);
  return pgError?.code === 'CR001' ? pgError.message : undefined;
}

/** PostgreSQL's unique_violation (optionally of one constraint), from pg or wrapped by Drizzle. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = pgErrorOf(error);
  return pgError?.code === '23505' && (constraint === undefined || pgError.constraint === constraint);
}

/** The fields of PostgreSQL's error as pg gives it, whether Drizzle wrapped it (as its `cause`) or not. */
function pgErrorOf(error: unknown): { code?: string; message?: string; constraint?: string } | undefined {
  return ((error as { cause?: unknown } | undefined)?.cause ?? error) as { code?: string; message?: string; constraint?: string } | undefined;
}
