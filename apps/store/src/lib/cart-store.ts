// The cart, kept per user code in local storage (spec section 3), observable by React. The rules are the
// pure functions of @caravan/ui/cart; this file only keeps and publishes their results.
import { addLine, cartStorageKey, removeLines, setChecked, setQuantity, type CartFailure, type CartLine } from '@caravan/ui/cart';
import { readJson, writeJson } from '@caravan/ui/storage';
import { useSyncExternalStore } from 'react';
import { session, store } from './session.ts';

const listeners = new Set<() => void>();
let ownerKey = cartStorageKey(session.get().user?.usercode);
let lines: CartLine[] = readJson<CartLine[]>(store, ownerKey, []);

function publish(next: CartLine[]): void {
  lines = next;
  writeJson(store, ownerKey, next);
  for (const listener of listeners) listener();
}

// another user signing in (or out) brings their own cart
session.subscribe(() => {
  const key = cartStorageKey(session.get().user?.usercode);
  if (key === ownerKey) return;
  ownerKey = key;
  lines = readJson<CartLine[]>(store, ownerKey, []);
  for (const listener of listeners) listener();
});

export type CartOutcome = { ok: true } | { ok: false; reason: CartFailure };

export const cart = {
  lines: (): CartLine[] => lines,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  add(line: Omit<CartLine, 'checked' | 'key'>, maxPerOrder: number): CartOutcome {
    const result = addLine(lines, line, maxPerOrder);
    if (!result.ok) return result;
    publish(result.lines);
    return { ok: true };
  },
  setQuantity(key: string, count: number, maxPerOrder: number): CartOutcome {
    const result = setQuantity(lines, key, count, maxPerOrder);
    if (!result.ok) return result;
    publish(result.lines);
    return { ok: true };
  },
  setChecked(keys: readonly string[] | 'all', checked: boolean): void {
    publish(setChecked(lines, keys, checked));
  },
  remove(keys: readonly string[]): void {
    publish(removeLines(lines, keys));
  },
  /** Logout empties the cart (spec section 4). */
  empty(): void {
    publish([]);
  },
};

export function useCart(): CartLine[] {
  return useSyncExternalStore(cart.subscribe, cart.lines, cart.lines);
}
