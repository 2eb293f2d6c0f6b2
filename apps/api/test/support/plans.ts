// Query plans of recorded statements (apps/api/test/support/statements.ts) for the EXPLAIN tests of issue 17:
// which index a statement walks, whether a table is scanned whole, whether a page is cut after a Sort.
import type { Database, Pool } from '@caravan/db/client';
import type { RecordedStatement } from './statements.ts';

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

/** A plan node and every node below it. */
export function planNodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(planNodes)];
}

type Explained<T> = { 'QUERY PLAN': { Plan: T }[] };

/** The plan of an EXPLAIN (FORMAT JSON) answer. */
function planIn<T>(result: { rows: Explained<T>[] }, statement: RecordedStatement): T {
  const plan = result.rows[0]?.['QUERY PLAN'][0]?.Plan;
  if (!plan) throw new Error(`no plan for ${statement.text}`);
  return plan;
}

/**
 * The plan of a recorded statement with sequential scans priced out. `strict` prices out bitmap scans and
 * sorts too: on a test's tiny tables a bitmap scan and a sort can look cheapest even when an index could
 * give the order, so only then does a Sort left in the plan mean that no index could spare it.
 */
export async function planOf(pool: Pool, statement: RecordedStatement, options: { strict?: boolean } = {}): Promise<PlanNode> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('set local enable_seqscan = off');
    if (options.strict) {
      await client.query('set local enable_bitmapscan = off');
      await client.query('set local enable_sort = off');
    }
    // a statement of the planned pool is planned as that pool plans it: once, for any values
    const result = statement.planned
      ? await client.query<Explained<PlanNode>>(`explain (generic_plan, format json) ${statement.text}`)
      : await client.query<Explained<PlanNode>>(`explain (format json) ${statement.text}`, statement.values);
    await client.query('rollback');
    return planIn(result, statement);
  } finally {
    client.release();
  }
}

/**
 * A recorded statement run with EXPLAIN ANALYZE on the connections it was sent on: a statement of the
 * planned pool as a prepared statement there, so that the plan run is the generic one its searches run.
 */
export async function analyzedPlanOf<T extends PlanNode>(db: Database, statement: RecordedStatement): Promise<T> {
  const pool = statement.planned ? db.$planned : db.$client;
  if (!pool) throw new Error('the statement was sent on a planned pool this database does not have');
  const client = await pool.connect();
  try {
    if (!statement.planned) return planIn(await client.query<Explained<T>>(`explain (analyze, format json) ${statement.text}`, statement.values), statement);
    await client.query(`prepare analyzed as ${statement.text}`);
    try {
      // EXPLAIN takes no parameters: the values are written as literals
      const args = statement.values.map((value) => (typeof value === 'number' ? String(value) : client.escapeLiteral(String(value)))).join(', ');
      return planIn(await client.query<Explained<T>>(`explain (analyze, format json) execute analyzed(${args})`), statement);
    } finally {
      await client.query('deallocate analyzed');
    }
  } finally {
    client.release();
  }
}

/** Sequential scans of these tables in a plan. */
export function seqScansOf(plan: PlanNode, tables: string[]): PlanNode[] {
  return planNodes(plan).filter((node) => node['Node Type'] === 'Seq Scan' && tables.includes(node['Relation Name'] ?? ''));
}

/**
 * Reads of a whole table: its Seq Scans, and what a plan with sequential scans priced out falls back to:
 * a walk of one of its indexes with no condition on the index that no Limit above cuts short, or a bitmap
 * of one without a condition (a partial index's predicate alone). A Limit over an index walk is a list
 * page read in index order, which stops after the page.
 */
export function wholeTableReadsOf(plan: PlanNode, tables: string[], underLimit = false): PlanNode[] {
  const cut = underLimit || plan['Node Type'] === 'Limit';
  const type = plan['Node Type'];
  const whole =
    tables.includes(plan['Relation Name'] ?? '') &&
    (type === 'Seq Scan' ||
      (['Index Scan', 'Index Only Scan'].includes(type) && !plan['Index Cond'] && !cut) ||
      (type === 'Bitmap Heap Scan' && planNodes(plan).some((node) => node['Node Type'] === 'Bitmap Index Scan' && !node['Index Cond'])));
  return [...(whole ? [plan] : []), ...(plan.Plans ?? []).flatMap((child) => wholeTableReadsOf(child, tables, cut))];
}

/** Limits with a Sort below them: a page cut after sorting, where the index order was not used. */
export function sortedPages(plan: PlanNode): PlanNode[] {
  return planNodes(plan).filter((node) => node['Node Type'] === 'Limit' && planNodes(node).some((inner) => inner['Node Type'] === 'Sort'));
}

/** Whether the plan walks this index. */
export function usesIndex(plan: PlanNode, index: string): boolean {
  return planNodes(plan).some((node) => node['Index Name'] === index);
}
