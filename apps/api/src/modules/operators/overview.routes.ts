import { auditQuery, consoleAuditPage, consoleDashboard, dashboardQuery } from '@caravan/contract/console';
import type { Database } from '@caravan/db/client';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuditLog } from '../../platform/audit.ts';
import { DAY_MS } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { restErrorOutput, type ConsoleRoutes } from './operators.routes.ts';
import type { OperatorsService } from './operators.service.ts';

// The console's overview: the read-only audit log and the dashboard's figures. Each module computes its
// own figures (its service, its SQL); these routes only put them side by side.

export interface OverviewRouteDeps {
  db: Database;
  audit: AuditLog;
  operators: OperatorsService;
  /** users' names by id, for user actors */
  usernames(ids: string[]): Promise<Map<string, { username: string }>>;
  walletFigures(from: Date, to: Date): Promise<{ deposits: { count: number; amount: string }; withdrawals: { count: number; amount: string }; pendingRecharges: number; pendingWithdrawals: number }>;
  orderFigures(from: Date, to: Date): Promise<{ placed: number; paid: number; gmv: string; pendingRefunds: number }>;
}

/** The dashboard's period is at most a month: its sums read the period's rows. */
export const DASHBOARD_MAX_SPAN_MS = 31 * DAY_MS;

export function overviewConsoleRoutes(deps: OverviewRouteDeps): ConsoleRoutes {
  const errors = { 400: restErrorOutput, 401: restErrorOutput, 403: restErrorOutput };
  const tags = ['console overview'];

  return (scope, auth) => {
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    typed.get(
      '/audit',
      {
        schema: { summary: 'The audit log, newest first (actor, action, target, period), keyset-paged by `before`. Read-only.', tags, querystring: auditQuery, response: { 200: consoleAuditPage, ...errors } },
        preHandler: auth.require('audit.read'),
      },
      async (request) => {
        const { actor, from, to, before, pageSize, ...filter } = request.query;
        let actorFilter = { actorType: filter.actorType, actorId: filter.actorId };
        if (actor) {
          const id = await deps.operators.idOf(actor);
          // an unknown operator has done nothing
          if (!id) return { items: [], nextBefore: null };
          actorFilter = { actorType: 'operator', actorId: id };
        }
        const rows = await deps.audit.search(deps.db, {
          ...filter,
          ...actorFilter,
          from: from ? new Date(from) : undefined,
          to: to ? new Date(to) : undefined,
          beforeId: before ? BigInt(before) : undefined,
          limit: pageSize + 1,
        });
        const page = rows.slice(0, pageSize);
        const operatorIds = page.filter((row) => row.actorType === 'operator' && row.actorId).map((row) => row.actorId as string);
        const userIds = page.filter((row) => row.actorType === 'user' && row.actorId).map((row) => row.actorId as string);
        const [operatorNames, userNames] = await Promise.all([deps.operators.usernames(operatorIds), userIds.length > 0 ? deps.usernames([...new Set(userIds)]) : new Map<string, { username: string }>()]);
        const nameOf = (type: string, id: string | null) => (id ? (type === 'operator' ? operatorNames.get(id) : userNames.get(id)?.username) : undefined) ?? '';
        return {
          items: page.map((row) => ({
            id: row.id.toString(),
            at: row.occurredAt.toISOString(),
            actorType: row.actorType,
            actorId: row.actorId,
            actorName: nameOf(row.actorType, row.actorId),
            action: row.action,
            targetType: row.targetType,
            targetId: row.targetId,
            reason: row.reason,
            detail: row.detail,
            requestId: row.requestId,
          })),
          nextBefore: rows.length > pageSize ? (page.at(-1)?.id.toString() ?? null) : null,
        };
      },
    );

    typed.get(
      '/dashboard',
      { schema: { summary: "Orders, GMV, deposits and withdrawals in [from, to), and the review queues' sizes.", tags, querystring: dashboardQuery, response: { 200: consoleDashboard, ...errors } }, preHandler: auth.require() },
      async (request) => {
        const from = new Date(request.query.from);
        const to = new Date(request.query.to);
        const span = to.getTime() - from.getTime();
        if (!(span > 0 && span <= DASHBOARD_MAX_SPAN_MS)) throw new AppError('common.param_invalid', { field: 'to' });
        const [wallet, orders] = await Promise.all([deps.walletFigures(from, to), deps.orderFigures(from, to)]);
        return {
          from: from.toISOString(),
          to: to.toISOString(),
          orders: { placed: orders.placed, paid: orders.paid, gmv: orders.gmv },
          deposits: wallet.deposits,
          withdrawals: wallet.withdrawals,
          pending: { recharges: wallet.pendingRecharges, withdrawals: wallet.pendingWithdrawals, refunds: orders.pendingRefunds },
        };
      },
    );
  };
}
