// The checkout's order summary. Before submitting, only an estimate from the cart lines exists (the
// server prices the order itself: current price and discount, freight, tax, service fee). After
// order!submit the server's amounts of each order replace it. Exact decimal strings throughout.
import { money, tryParseMoney, type Money } from '@caravan/contract/money';
import type { CartLine } from '@caravan/ui/cart';

export interface EstimateGroup {
  seller: { id: string; name: string };
  lines: CartLine[];
  quantity: number;
  subtotal: string;
}

export interface Estimate {
  groups: EstimateGroup[];
  quantity: number;
  subtotal: string;
  /** false when a line's price cannot be read: its amount is then left out */
  complete: boolean;
}

function parse(value: string): Money | undefined {
  const result = tryParseMoney(value.trim());
  return result.ok ? result.value : undefined;
}

function lineMoney(line: Pick<CartLine, 'price' | 'count'>): Money | undefined {
  const price = parse(line.price);
  if (price === undefined || !Number.isSafeInteger(line.count) || line.count < 0) return undefined;
  return money.mulInt(price, line.count);
}

/** price x count, or undefined when the price is not a decimal. */
export function lineAmount(line: Pick<CartLine, 'price' | 'count'>): string | undefined {
  const amount = lineMoney(line);
  return amount === undefined ? undefined : money.format(amount);
}

/** The lines as the orders the server will create (one per seller), with estimated goods amounts. */
export function estimateCheckout(lines: readonly CartLine[]): Estimate {
  const groups = new Map<string, { seller: { id: string; name: string }; lines: CartLine[]; quantity: number; subtotal: Money }>();
  let complete = true;
  for (const line of lines) {
    let group = groups.get(line.seller.id);
    if (!group) {
      group = { seller: line.seller, lines: [], quantity: 0, subtotal: money.zero };
      groups.set(line.seller.id, group);
    }
    group.lines.push(line);
    group.quantity += line.count;
    const amount = lineMoney(line);
    if (amount === undefined) complete = false;
    else group.subtotal = money.add(group.subtotal, amount);
  }
  const list = [...groups.values()];
  return {
    groups: list.map((group) => ({ ...group, subtotal: money.format(group.subtotal) })),
    quantity: list.reduce((sum, group) => sum + group.quantity, 0),
    subtotal: money.format(money.sum(list.map((group) => group.subtotal))),
    complete,
  };
}

/** One order as order!submit answers it (packages/contract/src/orders.ts, orderSummaryOutput). */
export interface PlacedOrder {
  id: string;
  sellerId: string;
  sellerName: string;
  goodsCount: number;
  prizeReal: string;
  fees: string;
  tax: string;
  serviceFee: string;
  totalPrice: string;
  status: number;
}

export interface PlacedTotals {
  goods: string;
  freight: string;
  tax: string;
  serviceFee: string;
  total: string;
}

/** Exact sum of decimal strings; undefined if any of them is not a decimal. */
export function sumAmounts(values: readonly string[]): string | undefined {
  const parsed = values.map(parse);
  if (parsed.some((value) => value === undefined)) return undefined;
  return money.format(money.sum(parsed as Money[]));
}

export function placedTotals(orders: readonly PlacedOrder[]): PlacedTotals | undefined {
  const goods = sumAmounts(orders.map((order) => order.prizeReal));
  const freight = sumAmounts(orders.map((order) => order.fees));
  const tax = sumAmounts(orders.map((order) => order.tax));
  const serviceFee = sumAmounts(orders.map((order) => order.serviceFee));
  const total = sumAmounts(orders.map((order) => order.totalPrice));
  if (goods === undefined || freight === undefined || tax === undefined || serviceFee === undefined || total === undefined) return undefined;
  return { goods, freight, tax, serviceFee, total };
}

/** Whether the wallet covers the amount (both decimal strings); undefined when either is unknown. */
export function covers(balance: string | undefined, amount: string | undefined): boolean | undefined {
  if (balance === undefined || amount === undefined) return undefined;
  const have = parse(balance);
  const need = parse(amount);
  if (have === undefined || need === undefined) return undefined;
  return money.cmp(have, need) >= 0;
}

/** True when the amount is a decimal above zero (checkout proceeds only with a non-zero total). */
export function isPositiveAmount(value: string): boolean {
  const parsed = parse(value);
  return parsed !== undefined && money.isPositive(parsed);
}

function readOrder(value: unknown): PlacedOrder | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const order = value as Record<string, unknown>;
  const texts = ['id', 'sellerId', 'sellerName', 'prizeReal', 'fees', 'tax', 'serviceFee', 'totalPrice'] as const;
  if (texts.some((field) => typeof order[field] !== 'string')) return undefined;
  return {
    id: order.id as string,
    sellerId: order.sellerId as string,
    sellerName: order.sellerName as string,
    goodsCount: typeof order.goodsCount === 'number' ? order.goodsCount : 0,
    prizeReal: order.prizeReal as string,
    fees: order.fees as string,
    tax: order.tax as string,
    serviceFee: order.serviceFee as string,
    totalPrice: order.totalPrice as string,
    status: typeof order.status === 'number' ? order.status : 0,
  };
}

/** Orders already placed by this checkout, kept in the router state so a reload resumes at payment. */
export function readPlacedOrders(state: unknown): PlacedOrder[] | undefined {
  const placed = state && typeof state === 'object' ? (state as { placed?: unknown }).placed : undefined;
  if (!Array.isArray(placed) || placed.length === 0) return undefined;
  const orders = placed.map(readOrder);
  return orders.every((order) => order !== undefined) ? orders : undefined;
}
