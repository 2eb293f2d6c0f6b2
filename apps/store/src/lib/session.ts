// The signed-in user: token and user info in local storage (spec section 3 keys), observable by React
// through useSyncExternalStore. Logging out (or a 403) clears the session's traces (spec section 4).
import { browserStore, readJson, STORAGE_KEYS, writeJson } from '@caravan/ui/storage';
import { useSyncExternalStore } from 'react';
import { serverContext } from './server-context.ts';

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

const SIGNED_OUT: Session = { token: null, user: null };

/** On the server: the render's visitor; in the browser: what local storage holds. */
function read(): Session {
  const server = serverContext();
  if (server) return server.session ?? SIGNED_OUT;
  return current;
}

function emit(next: Session): void {
  current = next;
  for (const listener of listeners) listener();
}

export const session = {
  get: read,
  token: (): string | null => read().token,
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

/**
 * The session as React state. The server renders with its visitor; the browser hydrates only a page
 * rendered for the visitor it holds (main.tsx), so the stored session is the server snapshot there too.
 */
export function useSession(): Session {
  return useSyncExternalStore(session.subscribe, read, read);
}

/**
 * Who is looking, for the keys of answers that depend on it: the user code when signed in, "guest"
 * otherwise (never the token: keys travel in a page the server rendered).
 */
export function viewerKey(current: Session): string {
  return current.token ? (current.user?.usercode ?? 'user') : 'guest';
}

export function useViewerKey(): string {
  return viewerKey(useSession());
}
