// The cart's rules (spec sections 3 and 5): kept per user in local storage, lines ticked by default,
// quantity an integer within [buyMin, the configured per-order maximum], the same line refused twice,
// checkout grouped by seller.

export const DEFAULT_MAX_PER_ORDER = 500;
export const DEFAULT_BUY_MIN = 1;

export interface CartLine {
  /** sellerGoodsId + skuId: one line per chosen SKU */
  key: string;
  sellerGoodsId: string;
  skuId: string;
  name: string;
  /** chosen attribute text, e.g. "Colour: Red, Size: M" */
  checkAttrName: string;
  image: string;
  /** unit price shown when added (the server prices the order again) */
  price: string;
  originalPrice: string;
  buyMin: number;
  count: number;
  checked: boolean;
  seller: { id: string; name: string };
}

export type CartFailure = 'already_in_cart' | 'quantity_below_min' | 'quantity_above_max' | 'quantity_invalid';

export type CartResult = { ok: true; lines: CartLine[] } | { ok: false; reason: CartFailure };

export function lineKey(sellerGoodsId: string, skuId: string): string {
  return `${sellerGoodsId}:${skuId}`;
}

export function checkQuantity(count: number, buyMin: number, maxPerOrder: number): CartFailure | undefined {
  if (!Number.isInteger(count)) return 'quantity_invalid';
  if (count < Math.max(buyMin, DEFAULT_BUY_MIN)) return 'quantity_below_min';
  if (count > maxPerOrder) return 'quantity_above_max';
  return undefined;
}

export function addLine(lines: readonly CartLine[], line: Omit<CartLine, 'checked' | 'key'>, maxPerOrder: number): CartResult {
  const key = lineKey(line.sellerGoodsId, line.skuId);
  if (lines.some((existing) => existing.key === key)) return { ok: false, reason: 'already_in_cart' };
  const failure = checkQuantity(line.count, line.buyMin, maxPerOrder);
  if (failure) return { ok: false, reason: failure };
  return { ok: true, lines: [...lines, { ...line, key, checked: true }] };
}

export function setQuantity(lines: readonly CartLine[], key: string, count: number, maxPerOrder: number): CartResult {
  const line = lines.find((existing) => existing.key === key);
  if (!line) return { ok: true, lines: [...lines] };
  const failure = checkQuantity(count, line.buyMin, maxPerOrder);
  if (failure) return { ok: false, reason: failure };
  return { ok: true, lines: lines.map((existing) => (existing.key === key ? { ...existing, count } : existing)) };
}

export function setChecked(lines: readonly CartLine[], keys: readonly string[] | 'all', checked: boolean): CartLine[] {
  return lines.map((line) => (keys === 'all' || keys.includes(line.key) ? { ...line, checked } : line));
}

export function removeLines(lines: readonly CartLine[], keys: readonly string[]): CartLine[] {
  return lines.filter((line) => !keys.includes(line.key));
}

export interface SellerGroup {
  seller: { id: string; name: string };
  title: string;
  checkList: string[];
  items: CartLine[];
  /** total quantity of the group's ticked lines */
  checkTotal: number;
}

/** Ticked lines grouped by seller, in the order sellers first appear. */
export function groupBySeller(lines: readonly CartLine[]): SellerGroup[] {
  const groups = new Map<string, SellerGroup>();
  for (const line of lines) {
    if (!line.checked) continue;
    let group = groups.get(line.seller.id);
    if (!group) {
      group = { seller: line.seller, title: line.seller.name, checkList: [], items: [], checkTotal: 0 };
      groups.set(line.seller.id, group);
    }
    group.checkList.push(line.key);
    group.items.push(line);
    group.checkTotal += line.count;
  }
  return [...groups.values()];
}

const UNITS = 10n ** 10n;

function toUnits(value: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,10}))?$/.exec(value.trim());
  if (!match) return 0n;
  return BigInt(match[1] ?? '0') * UNITS + BigInt((match[2] ?? '').padEnd(10, '0'));
}

function fromUnits(units: bigint): string {
  const integer = units / UNITS;
  const fraction = (units % UNITS).toString().padStart(10, '0').replace(/0+$/, '').padEnd(2, '0');
  return `${integer}.${fraction}`;
}

/** Sum of price x count over the ticked lines, as an exact decimal string. */
export function tickedTotal(lines: readonly CartLine[]): string {
  let total = 0n;
  for (const line of lines) if (line.checked) total += toUnits(line.price) * BigInt(line.count);
  return fromUnits(total);
}

/** Cart storage key for a user (the spec keeps the cart per user code, with a fallback when none). */
export function cartStorageKey(userCode: string | null | undefined): string {
  return `cart:${userCode && userCode.length > 0 ? userCode : 'guest'}`;
}
