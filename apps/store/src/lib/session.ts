// The signed-in user: token and user info in local storage (spec section 3 keys), observable by React
// through useSyncExternalStore. Logging out (or a 403) clears the session's traces (spec section 4).
import { browserStore, readJson, STORAGE_KEYS, writeJson } from '@caravan/ui/storage';
import { useSyncExternalStore } from 'react';

export interface UserInfo {
  username: string;
  usercode: string;
  avatar?: string;
  safeword?: number;
  partyId?: string;
}

export interface Session {
  token: string | null;
  user: UserInfo | null;
}

export const store = browserStore();
const listeners = new Set<() => void>();

let current: Session = {
  token: store.getItem(STORAGE_KEYS.token),
  user: readJson<UserInfo | null>(store, STORAGE_KEYS.userInfo, null),
};

function emit(next: Session): void {
  current = next;
  for (const listener of listeners) listener();
}

export const session = {
  get: (): Session => current,
  token: (): string | null => current.token,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  signIn(token: string, user: UserInfo): void {
    store.setItem(STORAGE_KEYS.token, token);
    writeJson(store, STORAGE_KEYS.userInfo, user);
    emit({ token, user });
  },
  updateUser(user: UserInfo): void {
    writeJson(store, STORAGE_KEYS.userInfo, user);
    emit({ ...current, user });
  },
  /** Forget everything tied to the signed-in user (logout or a 403). */
  clear(): void {
    for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.userInfo, STORAGE_KEYS.searchHistory, STORAGE_KEYS.lastMessageId, STORAGE_KEYS.searchResult, STORAGE_KEYS.balance]) {
      store.removeItem(key);
    }
    emit({ token: null, user: null });
  },
};

export function useSession(): Session {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}
