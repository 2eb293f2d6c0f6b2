// The signed-in user's details (localuser!get); the checkout reads `safeword` (1 when a fund password
// is set) to send users without one to set it before paying.
import type { userInfoOutput } from '@caravan/contract/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export type UserDetails = (typeof userInfoOutput)['_zod']['output'];

export const userDetailsKey = ['localuser', 'get'] as const;

export function getUserDetails(): Promise<UserDetails> {
  return api.call<UserDetails>('localuser!get', {}, { silent: true });
}

export const userDetailsQueryOptions = () => queryOptions({ queryKey: userDetailsKey, queryFn: getUserDetails, staleTime: 0 });

export function useUserDetails() {
  return useQuery(userDetailsQueryOptions());
}
