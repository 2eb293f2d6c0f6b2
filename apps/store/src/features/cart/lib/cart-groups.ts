// The drawer's view of the cart: every line (ticked or not) grouped by seller, with the tick state of
// each group and of the whole cart, so a seller box or "select all" can show ticked, mixed or clear.
import type { CartLine } from '@caravan/ui/cart';

export type TickState = 'all' | 'some' | 'none';

export interface SellerLines {
  seller: { id: string; name: string };
  lines: CartLine[];
  tick: TickState;
}

export function tickState(lines: readonly CartLine[]): TickState {
  const ticked = lines.filter((line) => line.checked).length;
  if (ticked === 0) return 'none';
  return ticked === lines.length ? 'all' : 'some';
}

/** All lines by seller, sellers in the order they first appear, lines in cart order. */
export function groupLinesBySeller(lines: readonly CartLine[]): SellerLines[] {
  const groups = new Map<string, CartLine[]>();
  const sellers = new Map<string, { id: string; name: string }>();
  for (const line of lines) {
    const id = line.seller.id;
    if (!groups.has(id)) {
      groups.set(id, []);
      sellers.set(id, line.seller);
    }
    groups.get(id)?.push(line);
  }
  return [...groups.entries()].map(([id, ofSeller]) => ({
    seller: sellers.get(id) ?? { id, name: '' },
    lines: ofSeller,
    tick: tickState(ofSeller),
  }));
}

export function keysOf(lines: readonly CartLine[]): string[] {
  return lines.map((line) => line.key);
}
