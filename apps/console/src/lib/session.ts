// The signed-in operator: token, expiry and the operator (role, permissions) in local storage. The
// session ends on logout, at its expiry, or when the server says it has ended.
import type { consoleOperator } from '@caravan/contract/console';
import { createSessionStore, useSessionOf } from '@caravan/ui/session-store';
import { browserStore } from '@caravan/ui/storage';
import type { z } from 'zod';

export type Operator = z.output<typeof consoleOperator>;

export interface ConsoleSession {
  token: string;
  expiresAt: string;
  operator: Operator;
}

export const LANGUAGE_KEY = 'caravan.console.language';

export const store = browserStore();

export const session = createSessionStore<ConsoleSession>({
  store,
  key: 'caravan.console.session',
  isLive: (saved) => Date.parse(saved.expiresAt) > Date.now(),
});

export function useSession(): ConsoleSession | null {
  return useSessionOf(session);
}

/** What the signed-in operator's role may do; the server refuses the rest anyway. */
export function useCan(): (permission: string) => boolean {
  const operator = useSession()?.operator;
  return (permission) => operator?.permissions.includes(permission) ?? false;
}
