// The cart, kept per user code in local storage (spec section 3), observable by React. The rules are the
// pure functions of @caravan/ui/cart; this file only keeps and publishes their results.
import { addLine, cartStorageKey, removeLines, setChecked, setQuantity, type CartFailure, type CartLine } from '@caravan/ui/cart';
import { readJson, writeJson } from '@caravan/ui/storage';
import { useHydrated } from '@caravan/ui/use-hydrated';
import { useSyncExternalStore } from 'react';
import { session, store } from './session.ts';

const listeners = new Set<() => void>();
const NO_LINES: CartLine[] = [];
const orNoLines = (read: CartLine[]): CartLine[] => (Array.isArray(read) && read.length > 0 ? read : NO_LINES);
let ownerKey = cartStorageKey(session.get().user?.usercode);
let lines: CartLine[] = orNoLines(readJson<CartLine[]>(store, ownerKey, []));

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
  lines = orNoLines(readJson<CartLine[]>(store, ownerKey, []));
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

/**
 * The cart as React state. It lives in the browser: a page the server renders (and its hydration) shows
 * an empty one, and the browser's after hydrating (@caravan/ui/use-hydrated).
 */
export function useCart(): CartLine[] {
  const lines = useSyncExternalStore(cart.subscribe, cart.lines, cart.lines);
  return useHydrated() ? lines : NO_LINES;
}
