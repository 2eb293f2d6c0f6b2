import { money, type Money } from '@caravan/contract/money';
import { resolvePage } from '@caravan/contract/paging';
import type { ErrorKey } from '@caravan/contract/errors/all-errors';
import type { Database, Executor } from '@caravan/db/client';
import { sql } from 'drizzle-orm';
import { DAY_MS, type Clock } from '../../platform/clock.ts';
import { prepared } from '../../platform/sql.ts';
import { formatLegacyDateTime, startOfDay } from '../../platform/time-zone.ts';
import { completionSplit } from './fulfilment.service.ts';
import { amount } from './orders.mapper.ts';
import { legacyStatus, type OrderState } from './order-state.ts';

// A shop's money and service figures from its real orders (seller panel): margins still in escrow,
// each order's margin and whether it was released, today's sales, and the measured service scores
// shown to buyers (shipping within 24 hours, dispute rate). Released margins are read from the
// ledger (the transfers that paid them), never recomputed.

/** Orders whose escrow still holds the seller's margin. */
const OPEN_STATES: OrderState[] = ['paid', 'confirmed', 'shipped', 'received'];
/** Orders whose escrow was released (completed, or refunded with any remainder settled). */
const SETTLED_STATES: OrderState[] = ['completed', 'refunded'];
/** The ledger kind of the margin paid to the seller at completion (fulfilment.service.ts). */
export const SELLER_INCOME_KIND = 'order_income';

interface FigureRow {
  id: string;
  status: string;
  created_at: Date;
  completed_at: Date | null;
  refunded_at: Date | null;
  goods_amount: string;
  system_amount: string;
  profit: string;
  freight: string;
  tax: string;
  service_fee: string;
  commission_rate: string;
}

export interface SellerFigurePorts {
  /** per order, the margin the ledger released to the seller */
  releasedMargins(orderIds: string[]): Promise<Map<string, Money>>;
}

function splitOf(row: FigureRow) {
  return completionSplit({
    goodsAmount: money.fromDb(row.goods_amount),
    systemAmount: money.fromDb(row.system_amount),
    freight: money.fromDb(row.freight),
    tax: money.fromDb(row.tax),
    serviceFee: money.fromDb(row.service_fee),
    commissionRate: money.fromDb(row.commission_rate),
  });
}

const COLUMNS = `id, status, created_at, completed_at, refunded_at, goods_amount::text as goods_amount, system_amount::text as system_amount,
  profit::text as profit, freight::text as freight, tax::text as tax, service_fee::text as service_fee, commission_rate::text as commission_rate`;

export class SellerFigures {
  constructor(
    private readonly db: Database,
    private readonly ports: SellerFigurePorts,
    private readonly clock: Clock,
    private readonly timeZone: string,
  ) {}

  /** Net margin (after commission) of the shop's orders still in escrow, as completion would pay it. */
  async pending(shopId: string): Promise<{ pending: Money; orders: number }> {
    const rows = await prepared<FigureRow>(this.db.$client, `select ${COLUMNS} from orders where shop_id = $1 and status = any($2)`, [shopId, OPEN_STATES]);
    return { pending: money.sum(rows.map((row) => splitOf(row).seller)), orders: rows.length };
  }

  async settledCount(shopId: string): Promise<number> {
    const rows = await prepared<{ n: number }>(this.db.$client, 'select count(*)::int as n from orders where shop_id = $1 and status = any($2)', [shopId, SETTLED_STATES]);
    return rows[0]?.n ?? 0;
  }

  /** earnings!list: each paid order's margin, released ("settled") or still in escrow; newest first. */
  async list(shopId: string, input: { settled?: boolean | undefined; pageNum?: number | undefined; pageSize?: number | undefined }) {
    const page = resolvePage(input.pageNum, input.pageSize, 10);
    const states = input.settled === undefined ? [...OPEN_STATES, ...SETTLED_STATES] : input.settled ? SETTLED_STATES : OPEN_STATES;
    const [rows, totals] = await Promise.all([
      prepared<FigureRow>(
        this.db.$client,
        `select ${COLUMNS} from orders where shop_id = $1 and status = any($2) order by created_at desc, id desc limit $3 offset $4`,
        [shopId, states, page.pageSize, page.offset],
      ),
      prepared<{ n: number }>(this.db.$client, 'select count(*)::int as n from orders where shop_id = $1 and status = any($2)', [shopId, states]),
    ]);
    const released = await this.ports.releasedMargins(rows.filter((row) => SETTLED_STATES.includes(row.status as OrderState)).map((row) => row.id));
    return {
      pageInfo: { pageNum: page.pageNum, pageSize: page.pageSize, totalElements: totals[0]?.n ?? 0 },
      pageList: rows.map((row) => {
        const split = splitOf(row);
        const settled = SETTLED_STATES.includes(row.status as OrderState);
        return {
          orderId: row.id,
          createTime: formatLegacyDateTime(this.timeZone, row.created_at),
          status: legacyStatus(row.status as OrderState),
          prizeReal: amount(money.fromDb(row.goods_amount)),
          systemPrice: amount(money.fromDb(row.system_amount)),
          profit: amount(money.fromDb(row.profit)),
          commission: amount(split.commission),
          // released: what the ledger paid (a refund may have taken part or all of it)
          margin: amount(settled ? (released.get(row.id) ?? money.zero) : split.seller),
          settled: settled ? 1 : 0,
          settleTime: formatLegacyDateTime(this.timeZone, row.completed_at ?? row.refunded_at),
        };
      }),
    };
  }

  /** user!logoff: a seller with orders not finished (paid to received, or a refund open) cannot leave. */
  async cancellationVeto(executor: Executor, shopId: string): Promise<ErrorKey | undefined> {
    const result = await executor.execute(
      sql`select 1 from orders where shop_id = ${shopId} and (status in ('paid', 'confirmed', 'shipped', 'received') or refund_state = 'requested') limit 1`,
    );
    return result.rows.length > 0 ? 'sellers.logoff_open_orders' : undefined;
  }

  /** Orders paid today (platform time) and their goods amount. */
  async today(shopId: string): Promise<{ orders: number; sales: Money }> {
    const since = startOfDay(this.timeZone, this.clock.now());
    const rows = await prepared<{ n: number; total: string }>(
      this.db.$client,
      `select count(*)::int as n, coalesce(sum(goods_amount), 0)::text as total from orders
       where shop_id = $1 and paid_at >= $2 and created_at >= $3`,
      // an order is paid after it is created: the created_at bound keeps the scan on the shop index
      [shopId, since, new Date(since.getTime() - 7 * DAY_MS)],
    );
    return { orders: rows[0]?.n ?? 0, sales: money.fromDb(rows[0]?.total ?? '0') };
  }

  /**
   * Shipping within 24 hours and disputes over the shop's paid orders of the last `windowDays` days.
   * An order counts for shipping once it was accepted or shipped, or once 24 hours passed without.
   */
  async serviceRates(shopId: string, windowDays: number) {
    const now = this.clock.now();
    const rows = await prepared<{ paid: number; ship_decided: number; ship_fast: number; disputed: number }>(
      this.db.$client,
      `select count(*)::int as paid,
              count(*) filter (where least(confirmed_at, shipped_at) is not null
                                  or paid_at <= $3::timestamptz - interval '24 hours')::int as ship_decided,
              count(*) filter (where least(confirmed_at, shipped_at) <= paid_at + interval '24 hours')::int as ship_fast,
              count(*) filter (where refund_state <> 'none')::int as disputed
       from orders where shop_id = $1 and created_at >= $2 and paid_at is not null`,
      [shopId, new Date(now.getTime() - windowDays * DAY_MS), now],
    );
    const row = rows[0] ?? { paid: 0, ship_decided: 0, ship_fast: 0, disputed: 0 };
    return {
      shipWithin24hRate: row.ship_decided > 0 ? row.ship_fast / row.ship_decided : null,
      shipCounted: row.ship_decided,
      disputeRate: row.paid > 0 ? row.disputed / row.paid : null,
      disputeCounted: row.paid,
    };
  }
}
