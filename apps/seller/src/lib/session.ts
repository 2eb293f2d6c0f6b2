// The signed-in seller: token, user name and shop in local storage under the panel's own keys (a buyer
// session in the store on the same origin is a separate one), observable by React. The session ends on
// logout, or when the server answers "log in again" (code 403).
import { browserStore, readJson, writeJson } from '@caravan/ui/storage';
import { useSyncExternalStore } from 'react';

export interface SellerSession {
  token: string;
  username: string;
  shopId: string;
}

const SESSION_KEY = 'caravan.seller.session';
export const LANGUAGE_KEY = 'caravan.seller.language';

export const store = browserStore();
const listeners = new Set<() => void>();

let current: SellerSession | null = readJson<SellerSession | null>(store, SESSION_KEY, null);
/** Why the last session ended, shown once on the login page. */
let endedBecause: 'expired' | undefined;

function emit(next: SellerSession | null): void {
  current = next;
  for (const listener of listeners) listener();
}

export const session = {
  get: (): SellerSession | null => current,
  token: (): string | null => current?.token ?? null,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  signIn(next: SellerSession): void {
    writeJson(store, SESSION_KEY, next);
    endedBecause = undefined;
    emit(next);
  },
  end(reason?: 'expired'): void {
    store.removeItem(SESSION_KEY);
    if (current) endedBecause = reason;
    emit(null);
  },
  /** 'expired' once after the server ended the session. */
  takeEndReason(): 'expired' | undefined {
    const reason = endedBecause;
    endedBecause = undefined;
    return reason;
  },
};

export function useSession(): SellerSession | null {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}
