// Counts the SQL statements the server sends while a piece of test code runs (issue 17's budgets: a read
// answers with at most 2 statements). Every statement of the process goes through pg's Client#query (the
// pool's query borrows a client and calls it), so the recorder wraps that one method while it records.
import { pg } from '@caravan/db/client';

export interface RecordedStatement {
  text: string;
  values: unknown[];
  /** sent on a connection of the planned pool (createDatabasePools in packages/db): planned generic, once per connection */
  planned?: boolean;
  /**
   * written while an earlier statement of its connection was still unanswered (pg's pipeline mode): its
   * answer comes with that one's, so it costs no wait of its own
   */
  behind?: boolean;
}

/** What pg holds of a client's queries: written and not yet answered. */
type ClientQueues = { _sentQueryQueue?: unknown[]; _getActiveQuery?(): unknown };

/** How many answers a run of statements waited for: those written behind an unanswered one wait with it. */
export function waitsOf(statements: RecordedStatement[]): number {
  return statements.filter((statement) => !statement.behind).length;
}

/** The planned pool's sessions, by their connection's options. */
const PLANNED_SESSION = /plan_cache_mode=force_generic_plan/;

type QueryFn = (this: pg.Client, config: unknown, values?: unknown, callback?: unknown) => unknown;

/** Runs `work` and answers what it returned with every statement sent meanwhile, in order. */
export async function recordStatements<T>(work: () => Promise<T>): Promise<{ result: T; statements: RecordedStatement[] }> {
  const prototype = pg.Client.prototype as unknown as { query: QueryFn };
  const original = prototype.query;
  const statements: RecordedStatement[] = [];
  prototype.query = function recorded(this: pg.Client, config: unknown, values?: unknown, callback?: unknown) {
    const text = typeof config === 'string' ? config : ((config as { text?: string } | null)?.text ?? String(config));
    const bound = Array.isArray(values) ? values : ((config as { values?: unknown[] } | null)?.values ?? []);
    const options = (this as unknown as { connectionParameters?: { options?: string } }).connectionParameters?.options ?? '';
    const queues = this as unknown as ClientQueues;
    // read before the statement is handed over: pg keeps only unanswered ones there
    const answering = queues._getActiveQuery?.() ?? undefined;
    const behind = this.pipeline && (answering !== undefined || (queues._sentQueryQueue?.length ?? 0) > 0);
    statements.push({ text, values: bound, ...(PLANNED_SESSION.test(options) ? { planned: true } : {}), ...(behind ? { behind: true } : {}) });
    return original.call(this, config, values, callback);
  };
  try {
    const result = await work();
    return { result, statements };
  } finally {
    prototype.query = original;
  }
}

/** The statements that touch data (transaction control and session settings left out). */
export function dataStatements(statements: RecordedStatement[]): RecordedStatement[] {
  return statements.filter((statement) => !/^\s*(begin|commit|rollback|savepoint|release|set\b|select set_config)/i.test(statement.text));
}
