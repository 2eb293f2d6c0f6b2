// The fund ("safeword") password: set once (user!setSafewordReg), then changed with the old one
// (user!updateOldAndNewSafeword). Either way the profile's `safeword` flag is read again.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { userInfoKey } from './user-info.ts';

export interface SetFundPasswordInput {
  safeword: string;
  re_safeword: string;
}

export interface ChangeFundPasswordInput extends SetFundPasswordInput {
  old_safeword: string;
}

export function setFundPassword(input: SetFundPasswordInput): Promise<null> {
  return api.call<null>('user!setSafewordReg', { ...input }, { silent: true });
}

export function changeFundPassword(input: ChangeFundPasswordInput): Promise<null> {
  return api.call<null>('user!updateOldAndNewSafeword', { ...input }, { silent: true });
}

/** The profile flag, and the wallet's own copy of it (wallet key, written out: no cross-feature import). */
function invalidateFundPasswordState(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: userInfoKey }),
    queryClient.invalidateQueries({ queryKey: ['wallet', 'fund-password'] }),
  ]);
}

export function useSetFundPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFundPassword,
    onSuccess: () => invalidateFundPasswordState(queryClient),
  });
}

export function useChangeFundPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeFundPassword,
    onSuccess: () => invalidateFundPasswordState(queryClient),
  });
}
