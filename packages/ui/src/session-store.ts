// The signed-in session of a panel app (operator console, seller panel): kept in local storage under the
// app's own key, observable by React. It ends on logout, when the server says it has ended, or (with
// `isLive`) when it expires; the login page says once why the last one ended.
import { useSyncExternalStore } from 'react';
import { readJson, writeJson, type KeyValueStore } from './storage.ts';

export interface SessionStore<T extends { token: string }> {
  get(): T | null;
  /** The token while the session lives, else null. */
  token(): string | null;
  subscribe(listener: () => void): () => void;
  signIn(next: T): void;
  /** Replaces part of the signed-in session (e.g. the operator's role after a change). */
  update(change: Partial<T>): void;
  end(reason?: 'expired'): void;
  /** 'expired' once after the server or the clock ended the session. */
  takeEndReason(): 'expired' | undefined;
}

export function createSessionStore<T extends { token: string }>(options: { store: KeyValueStore; key: string; isLive?: (saved: T) => boolean }): SessionStore<T> {
  const { store, key } = options;
  const live = (saved: T | null): T | null => (saved && (options.isLive?.(saved) ?? true) ? saved : null);
  const listeners = new Set<() => void>();
  let current: T | null = live(readJson<T | null>(store, key, null));
  let endedBecause: 'expired' | undefined;

  const emit = (next: T | null) => {
    current = next;
    for (const listener of listeners) listener();
  };

  const session: SessionStore<T> = {
    get: () => current,
    token: () => live(current)?.token ?? null,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn(next) {
      writeJson(store, key, next);
      endedBecause = undefined;
      emit(next);
    },
    update(change) {
      if (current) session.signIn({ ...current, ...change });
    },
    end(reason) {
      store.removeItem(key);
      if (current) endedBecause = reason;
      emit(null);
    },
    takeEndReason() {
      const reason = endedBecause;
      endedBecause = undefined;
      return reason;
    },
  };
  return session;
}

/** The session as React state: re-renders on sign-in and on end. */
export function useSessionOf<T extends { token: string }>(session: SessionStore<T>): T | null {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}
