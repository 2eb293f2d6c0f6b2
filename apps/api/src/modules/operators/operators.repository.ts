import type { Executor } from '@caravan/db/client';
import { operators, operatorSessions } from '@caravan/db/schema/operators';
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';

export type OperatorRow = typeof operators.$inferSelect;

/** The only code touching the operator tables. */
export class OperatorsRepository {
  async findByUsername(executor: Executor, username: string): Promise<OperatorRow | undefined> {
    const rows = await executor.select().from(operators).where(eq(operators.username, username)).limit(1);
    return rows[0];
  }

  async usernames(executor: Executor, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await executor.select({ id: operators.id, username: operators.username }).from(operators).where(inArray(operators.id, ids));
    return new Map(rows.map((row) => [row.id, row.username]));
  }

  async findById(executor: Executor, id: string): Promise<OperatorRow | undefined> {
    const rows = await executor.select().from(operators).where(eq(operators.id, id)).limit(1);
    return rows[0];
  }

  async findByIdForUpdate(executor: Executor, id: string): Promise<OperatorRow | undefined> {
    const rows = await executor.select().from(operators).where(eq(operators.id, id)).limit(1).for('update');
    return rows[0];
  }

  /** true when created, false when the name is taken */
  async insert(executor: Executor, row: typeof operators.$inferInsert): Promise<boolean> {
    const inserted = await executor.insert(operators).values(row).onConflictDoNothing().returning({ id: operators.id });
    return inserted.length === 1;
  }

  async update(executor: Executor, id: string, changes: Partial<typeof operators.$inferInsert>): Promise<void> {
    await executor.update(operators).set(changes).where(eq(operators.id, id));
  }

  /** The console's operator list: by role and state, by name; few rows, so the count is exact. */
  async list(executor: Executor, filter: { role?: string | undefined; status?: string | undefined }, limit: number, offset: number): Promise<{ rows: OperatorRow[]; total: number }> {
    const where = and(filter.role ? eq(operators.role, filter.role) : undefined, filter.status ? eq(operators.status, filter.status) : undefined);
    const [rows, total] = await Promise.all([
      executor.select().from(operators).where(where).orderBy(asc(operators.username)).limit(limit).offset(offset),
      executor.$count(operators, where),
    ]);
    return { rows, total };
  }

  /** Ends every live session of an operator; answers how many. */
  async revokeSessionsOf(executor: Executor, operatorId: string, now: Date): Promise<number> {
    const rows = await executor
      .update(operatorSessions)
      .set({ revokedAt: now })
      .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt), gt(operatorSessions.expiresAt, now)))
      .returning({ id: operatorSessions.id });
    return rows.length;
  }

  async insertSession(executor: Executor, row: typeof operatorSessions.$inferInsert): Promise<void> {
    await executor.insert(operatorSessions).values(row);
  }

  /** A live session and its operator. */
  async findLiveSession(executor: Executor, tokenHash: Buffer, now: Date): Promise<{ sessionId: string; operator: OperatorRow } | undefined> {
    const rows = await executor
      .select({ sessionId: operatorSessions.id, operator: operators })
      .from(operatorSessions)
      .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
      .where(and(eq(operatorSessions.tokenHash, tokenHash), isNull(operatorSessions.revokedAt), gt(operatorSessions.expiresAt, now)))
      .limit(1);
    return rows[0];
  }

  async revokeSession(executor: Executor, tokenHash: Buffer, now: Date): Promise<boolean> {
    const rows = await executor
      .update(operatorSessions)
      .set({ revokedAt: now })
      .where(and(eq(operatorSessions.tokenHash, tokenHash), isNull(operatorSessions.revokedAt)))
      .returning({ id: operatorSessions.id });
    return rows.length > 0;
  }
}
