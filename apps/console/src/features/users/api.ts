import { consoleUser, consoleUserDetail, consoleUsers, consoleWithdrawAddress } from '@caravan/contract/console';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';

export type ConsoleUser = z.output<typeof consoleUser>;
export type ConsoleUserDetail = z.output<typeof consoleUserDetail>;

export const usersQuery = (q: string) => queryOptions({ queryKey: ['users', 'find', q], queryFn: () => api.get('/users', consoleUsers, { q }) });

export const userQuery = (id: string) => queryOptions({ queryKey: ['users', 'one', id], queryFn: () => api.get(`/users/${encodeURIComponent(id)}`, consoleUserDetail) });

export function useLockUser(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ lock, reason }: { lock: boolean; reason: string }) => api.post(`/users/${encodeURIComponent(id)}/${lock ? 'lock' : 'unlock'}`, consoleUser, { reason }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['users'] }),
  });
}

export type WithdrawAddress = z.output<typeof consoleWithdrawAddress>;

export const withdrawAddressQuery = (userId: string) =>
  queryOptions({ queryKey: ['users', 'withdraw-address', userId], queryFn: () => api.get(`/users/${encodeURIComponent(userId)}/withdraw-address`, consoleWithdrawAddress) });

/** An operator changes the user's bound withdrawal address (reason required); new withdrawals are then held for the cool-down. */
export function useChangeWithdrawAddress(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { blockchainName: string; address: string; reason: string }) => api.post(`/users/${encodeURIComponent(userId)}/withdraw-address`, consoleWithdrawAddress, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['users', 'withdraw-address', userId] }),
  });
}
