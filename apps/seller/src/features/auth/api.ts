// Logging in to the panel: user!newlogin with the store's accounts, then merchantSettled!get with the
// fresh token; only an account with a shop is kept signed in (a buyer is told where to apply).
import type { sessionOutput } from '@caravan/contract/accounts';
import type { SettleApplication, SettleStatus } from '@caravan/contract/sellers';
import type { WireOf } from '@caravan/ui/wire';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { session } from '../../lib/session.ts';

export interface LoginInput {
  username: string;
  password: string;
}

export type LoginOutcome = { kind: 'seller' } | { kind: 'noShop'; application: SettleApplication | null };

export async function logIn(input: LoginInput): Promise<LoginOutcome> {
  const grant = await api.call<WireOf<typeof sessionOutput>>('user!newlogin', { username: input.username.trim(), password: input.password }, { silent: true });
  const status = await api.call<SettleStatus>('merchantSettled!get', {}, { silent: true, token: grant.token });
  if (!status.isSeller) {
    // the buyer stays logged in to the store, not here: this token is not needed
    await api.call('user!logout', {}, { silent: true, token: grant.token }).catch(() => undefined);
    return { kind: 'noShop', application: status.application };
  }
  session.signIn({ token: grant.token, username: grant.username, shopId: status.shopId });
  return { kind: 'seller' };
}

export function useLogIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logIn,
    // nothing an earlier seller saw stays in the cache
    onSuccess: (outcome) => outcome.kind === 'seller' && queryClient.removeQueries(),
  });
}

export async function logOut(): Promise<void> {
  try {
    await api.call('user!logout', {}, { silent: true });
  } catch {
    // the session ends here either way
  } finally {
    session.end();
  }
}
