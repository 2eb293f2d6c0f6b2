// The signed-in operator: token, expiry and the operator (role, permissions) in local storage, observable
// by React. The session ends on logout, at its expiry, or when the server says it has ended.
import type { consoleOperator } from '@caravan/contract/console';
import { browserStore, readJson, writeJson } from '@caravan/ui/storage';
import { useSyncExternalStore } from 'react';
import type { z } from 'zod';

export type Operator = z.output<typeof consoleOperator>;

export interface ConsoleSession {
  token: string;
  expiresAt: string;
  operator: Operator;
}

const SESSION_KEY = 'caravan.console.session';
export const LANGUAGE_KEY = 'caravan.console.language';

export const store = browserStore();
const listeners = new Set<() => void>();

function live(saved: ConsoleSession | null): ConsoleSession | null {
  return saved && Date.parse(saved.expiresAt) > Date.now() ? saved : null;
}

let current: ConsoleSession | null = live(readJson<ConsoleSession | null>(store, SESSION_KEY, null));
/** Why the last session ended, shown once on the login page. */
let endedBecause: 'expired' | undefined;

function emit(next: ConsoleSession | null): void {
  current = next;
  for (const listener of listeners) listener();
}

export const session = {
  get: (): ConsoleSession | null => current,
  token: (): string | null => (live(current) ? (current?.token ?? null) : null),
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  signIn(next: ConsoleSession): void {
    writeJson(store, SESSION_KEY, next);
    endedBecause = undefined;
    emit(next);
  },
  updateOperator(operator: Operator): void {
    if (!current) return;
    session.signIn({ ...current, operator });
  },
  end(reason?: 'expired'): void {
    store.removeItem(SESSION_KEY);
    if (current) endedBecause = reason;
    emit(null);
  },
  /** 'expired' once after the server or the clock ended the session. */
  takeEndReason(): 'expired' | undefined {
    const reason = endedBecause;
    endedBecause = undefined;
    return reason;
  },
};

export function useSession(): ConsoleSession | null {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}

/** What the signed-in operator's role may do; the server refuses the rest anyway. */
export function useCan(): (permission: string) => boolean {
  const operator = useSession()?.operator;
  return (permission) => operator?.permissions.includes(permission) ?? false;
}
