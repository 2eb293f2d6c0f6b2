import { money, parseMoney, type Money } from '@caravan/contract/money';
import type { OrderLine } from '@caravan/contract/orders';
import { answersInOrder, lastStatement, onOneConnection, settledOnThrow, type Database, type Executor, type Transaction } from '@caravan/db/client';
import type { LocalizedText } from '@caravan/db/schema/catalog';
import { MINUTE_MS, type Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { payloadHash, type IdempotencyStore } from '../../platform/idempotency.ts';
import { newId } from '../../platform/ids.ts';
import { raisedRefusal } from '../../platform/sql.ts';
import type { AddressRow } from '../addresses/addresses.repository.ts';
import { discountedPrice, sellingPriceOf } from '@caravan/contract/pricing';
import { discountActive } from '../catalog/goods.mapper.ts';
import type { SettingsService } from '../content/settings.ts';
import type { ListingForOrder, OrderItemRow, OrderRow, OrdersRepository } from './orders.repository.ts';
import type { OrderState } from './order-state.ts';
import type { OrderSummarySource } from './orders.mapper.ts';

// Checkout (order!submit): the server prices everything itself (selling price of the SKU, the
// listing's discount, freight, tax, service fee), splits the checkout into one order per seller,
// reserves the stock and arms the payment deadline. The client's prices are never read.

/** Two identical submissions within this window are one double click. */
export const DUPLICATE_WINDOW_MS = 5_000;

export interface CheckoutPorts {
  findAddress(userId: string, addressId: string, executor?: Executor): Promise<AddressRow | undefined>;
  /** called after commit: the payment deadline of each new order */
  scheduleDeadline(kind: string, id: string, at: Date): void;
}

/** An order of a checkout: one per seller, with its id chosen before the transaction. */
interface PlannedOrder {
  id: string;
  shopId: string;
  lines: PricedLine[];
}

interface PricedLine {
  line: OrderLine;
  listing: ListingForOrder;
  skuId: string;
  attributes: LocalizedText;
  originalPrice: Money;
  unitPrice: Money;
  systemPrice: Money;
  lineAmount: Money;
  freight: Money;
  tax: Money;
  serviceFee: Money;
}

function attributeText(listing: ListingForOrder, valueIds: string[]): LocalizedText {
  const names = new Map<string, { attribute: LocalizedText; value: LocalizedText }>();
  for (const attribute of listing.goods.attributes) {
    for (const value of attribute.values) names.set(value.id, { attribute: attribute.name, value: value.name });
  }
  const chosen = valueIds.map((id) => names.get(id)).filter((entry) => entry !== undefined);
  const locales = new Set(['en', ...chosen.flatMap((entry) => [...Object.keys(entry.attribute), ...Object.keys(entry.value)])]);
  const text: LocalizedText = { en: '' };
  for (const locale of locales) {
    text[locale] = chosen.map((entry) => `${entry.attribute[locale] ?? entry.attribute.en}: ${entry.value[locale] ?? entry.value.en}`).join(', ');
  }
  return text;
}

export class CheckoutService {
  constructor(
    private readonly db: Database,
    private readonly repository: OrdersRepository,
    private readonly ports: CheckoutPorts,
    private readonly idempotency: IdempotencyStore,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
  ) {}

  /** order!submit: one order per seller; all or nothing. */
  async submit(buyerId: string, input: { lines: OrderLine[]; addressId: string }, idempotencyKey?: string): Promise<OrderSummarySource[]> {
    const lines = this.mergeLines(input.lines);
    this.checkQuantities(lines);
    // the address and the listings read together on one connection: one wait (packages/db client.ts)
    const [address, listings] = await onOneConnection(this.db, (on) =>
      Promise.all([this.ports.findAddress(buyerId, input.addressId, on), this.repository.listingsForOrder(on, lines.map((line) => line.sellerGoodsId))]),
    );
    if (!address) throw new AppError('orders.address_not_found');
    const priced = this.price(buyerId, lines, listings);
    // one order per seller, its id chosen now: an idempotent checkout's outcome is known before it runs
    const planned = new Map<string, PlannedOrder>();
    for (const line of priced) {
      const shopId = line.listing.listing.shopId;
      const order = planned.get(shopId) ?? { id: newId(), shopId, lines: [] };
      order.lines.push(line);
      planned.set(shopId, order);
    }
    const orders = [...planned.values()];

    const fingerprint = payloadHash({ buyerId, lines: lines.map((line) => [line.sellerGoodsId, line.skuId ?? '', line.goodsNum]), addressId: input.addressId });
    // the orders this call placed, once its transaction committed; a replay placed none
    let placedNow: OrderSummarySource[] | undefined;
    const place = async (tx: Transaction, claimed?: Promise<void>) => {
      const rows = await this.place(tx, buyerId, address, orders, idempotencyKey ? undefined : `fp:${buyerId}:${fingerprint}`, claimed);
      placedNow = rows;
      return rows.map((row) => row.id);
    };
    // the request key's claim answers with the buyer's lock and the stock (IdempotencyStore.runAhead)
    const placed = idempotencyKey
      ? await this.idempotency.runAhead<string[]>({ key: `order:${buyerId}:${idempotencyKey}`, userId: buyerId, payload: { fingerprint }, outcome: orders.map((order) => order.id) }, (tx, _settle, claimed) => place(tx, claimed))
      : await this.db.transaction((tx) => place(tx));
    // a replay's outcome is the stored ids: its orders are read back as they are now
    const rows = placedNow ?? (await Promise.all(placed.map((id) => this.repository.findOrder(this.db, id)))).filter((order): order is OrderRow => order !== undefined);
    for (const order of rows) if (order.payDeadlineAt && order.status === 'pending_payment') this.ports.scheduleDeadline('order.pay_timeout', order.id, order.payDeadlineAt);
    return rows;
  }

  /** The same goods twice in one checkout count as one line. */
  private mergeLines(lines: OrderLine[]): OrderLine[] {
    const merged = new Map<string, OrderLine>();
    for (const line of lines) {
      const key = `${line.sellerGoodsId}:${line.skuId ?? ''}`;
      const existing = merged.get(key);
      merged.set(key, existing ? { ...existing, goodsNum: existing.goodsNum + line.goodsNum } : { ...line });
    }
    return [...merged.values()];
  }

  private checkQuantities(lines: OrderLine[]): void {
    const min = this.settings.get('mall_min_goods_number_in_order');
    const max = this.settings.get('mall_max_goods_number_in_order');
    for (const line of lines) {
      if (line.goodsNum < min) throw new AppError('orders.quantity_below_min', { min });
      if (line.goodsNum > max) throw new AppError('orders.quantity_above_max', { max });
    }
  }

  private rate(key: 'order_tax_rate' | 'order_service_fee_rate'): Money {
    return parseMoney(this.settings.get(key));
  }

  /** Prices every line from the catalogue; refuses unknown, off-shelf, own or too-few goods. */
  private price(buyerId: string, lines: OrderLine[], found: ListingForOrder[]): PricedLine[] {
    const listings = new Map(found.map((row) => [row.listing.id, row]));
    const now = this.clock.now();
    const minQuantity = this.settings.get('mall_min_goods_number_in_order');
    const taxRate = this.rate('order_tax_rate');
    const feeRate = this.rate('order_service_fee_rate');
    return lines.map((line) => {
      const listing = listings.get(line.sellerGoodsId);
      if (!listing) throw new AppError('orders.goods_not_found');
      if (listing.listing.shopId === buyerId) throw new AppError('orders.own_goods');
      if (!listing.listing.visible || !listing.listing.isShelf || !listing.goods.enabled || listing.shopStatus !== 'open') throw new AppError('orders.goods_off_shelf');
      const sku = line.skuId ? listing.skus.find((candidate) => candidate.id === line.skuId) : listing.skus[0];
      if (!sku) throw new AppError('orders.goods_not_found');
      const buyMin = Math.max(listing.goods.buyMin, minQuantity);
      if (line.goodsNum < buyMin) throw new AppError('orders.quantity_below_min', { min: buyMin });

      const originalPrice = sellingPriceOf(sku.price, listing.listing.profitRatio);
      const discountRatio = listing.listing.discountRatio;
      const active =
        discountRatio !== null &&
        discountActive({ discount_ratio: discountRatio, discount_start_at: listing.listing.discountStartAt, discount_end_at: listing.listing.discountEndAt }, now);
      const unitPrice = active && discountRatio !== null ? discountedPrice(originalPrice, discountRatio) : originalPrice;
      const lineAmount = money.mulInt(unitPrice, line.goodsNum);
      return {
        line,
        listing,
        skuId: sku.id,
        attributes: attributeText(listing, sku.valueIds),
        originalPrice,
        unitPrice,
        systemPrice: sku.price,
        lineAmount,
        freight: money.sum([listing.goods.freightDispatch, listing.goods.freightLongDistance, listing.goods.freightDelivery]),
        tax: money.round(money.mulRatio(lineAmount, taxRate), 2),
        serviceFee: money.round(money.mulRatio(lineAmount, feeRate), 2),
      };
    });
  }

  /**
   * Places the orders in the caller's transaction, every statement written at once, the commit behind the
   * last order: one wait (ADR 0014). Each refusal is raised by the statement that finds it (migration
   * 0025), which aborts the transaction: the statements behind it fail, the commit answers with a rollback,
   * and the first failure in the order written is the answer. `claimed` is the request key's claim, written
   * before and still unanswered (IdempotencyStore.runAhead); without a key, the request's fingerprint is
   * claimed here.
   */
  private async place(tx: Transaction, buyerId: string, address: AddressRow, orders: PlannedOrder[], fingerprintKey: string | undefined, claimed: Promise<void> = Promise.resolve()): Promise<OrderSummarySource[]> {
    const now = this.clock.now();
    const checkoutId = newId();
    const maxUnpaid = this.settings.get('order_max_unpaid');
    const minAmount = parseMoney(this.settings.get('order_min_amount'));
    // known before anything is written, refused after the claims' and the stock's answers, as before
    const belowMin = orders.some((order) => money.cmp(money.sum(order.lines.map((line) => line.lineAmount)), minAmount) < 0);
    // one buyer's checkouts run one at a time: the unpaid cap cannot be raced past. The stock is reserved
    // behind the buyer's lock, in SKU id order so that concurrent checkouts of the same goods never deadlock
    const lines = orders.flatMap((order) => order.lines).sort((a, b) => (a.skuId < b.skuId ? -1 : a.skuId > b.skuId ? 1 : 0));
    const written: Promise<unknown>[] = [
      claimed,
      fingerprintKey ? this.repository.claimSubmission(tx, { key: fingerprintKey, buyerId, checkoutId, createdAt: now }, new Date(now.getTime() - DUPLICATE_WINDOW_MS)) : Promise.resolve(),
      this.repository.lockBuyerBelowCap(tx, buyerId, orders.length, maxUnpaid),
      ...lines.map((line) => this.repository.reserveStock(tx, line.skuId, line.line.goodsNum)),
    ];
    const answered = async () => {
      try {
        await answersInOrder(written);
      } catch (error) {
        const refusal = raisedRefusal(error);
        if (refusal === 'orders.too_many_unpaid') throw new AppError(refusal, { max: maxUnpaid });
        if (refusal === 'orders.sold_out' || refusal === 'orders.duplicate_submission') throw new AppError(refusal);
        throw error;
      }
    };
    if (belowMin) {
      await answered();
      throw new AppError('orders.amount_below_min', { min: money.format(minAmount) });
    }
    const placed = await settledOnThrow(written, () => this.writeOrders(tx, buyerId, address, orders, checkoutId, now, written));
    await answered();
    return placed;
  }

  /** Writes the orders, each with its items and first timeline entry, the last as the transaction's last statement. */
  private writeOrders(tx: Transaction, buyerId: string, address: AddressRow, orders: PlannedOrder[], checkoutId: string, now: Date, written: Promise<unknown>[]): OrderSummarySource[] {
    const payDeadlineAt = new Date(now.getTime() + this.settings.get('order_pay_timeout_minutes') * MINUTE_MS);
    const commissionRate = parseMoney(this.settings.get('order_commission_rate'));
    const placed: OrderSummarySource[] = [];
    for (const { id, shopId, lines } of orders) {
      const goodsAmount = money.sum(lines.map((line) => line.lineAmount));
      const systemAmount = money.sum(lines.map((line) => money.mulInt(line.systemPrice, line.line.goodsNum)));
      const freight = money.sum(lines.map((line) => line.freight));
      const tax = money.sum(lines.map((line) => line.tax));
      const serviceFee = money.sum(lines.map((line) => line.serviceFee));
      const items: OrderItemRow[] = lines.map((line) => ({
        id: newId(),
        orderId: id,
        sellerGoodsId: line.listing.listing.id,
        goodsId: line.listing.listing.goodsId,
        skuId: line.skuId,
        names: line.listing.goods.names,
        attributes: line.attributes,
        image: line.listing.goods.images[0]?.thumb ?? '',
        quantity: line.line.goodsNum,
        originalPrice: line.originalPrice,
        unitPrice: line.unitPrice,
        systemPrice: line.systemPrice,
        freight: line.freight,
        tax: line.tax,
        serviceFee: line.serviceFee,
        lineAmount: line.lineAmount,
        reviewedAt: null,
      }));
      const order = {
        id,
        buyerId,
        shopId,
        checkoutId,
        status: 'pending_payment' satisfies OrderState,
        contacts: address.contacts,
        phone: address.phone,
        email: address.email,
        country: address.country,
        province: address.province,
        city: address.city,
        postcode: address.postcode,
        address: address.address,
        goodsCount: lines.reduce((sum, line) => sum + line.line.goodsNum, 0),
        originalAmount: money.sum(lines.map((line) => money.mulInt(line.originalPrice, line.line.goodsNum))),
        goodsAmount,
        systemAmount,
        profit: money.sub(goodsAmount, systemAmount),
        freight,
        tax,
        serviceFee,
        total: money.sum([goodsAmount, freight, tax, serviceFee]),
        commissionRate,
        payDeadlineAt,
        createdAt: now,
        updatedAt: now,
      };
      const insert = () => this.repository.insertOrder(tx, order, items, { orderId: id, key: 'timeline.placed', params: {}, actorType: 'buyer', createdAt: now });
      // the checkout's last statement: its commit is written behind it (both callers write nothing after)
      written.push(placed.length === orders.length - 1 ? lastStatement(tx, insert) : insert());
      placed.push(order);
    }
    return placed;
  }
}
