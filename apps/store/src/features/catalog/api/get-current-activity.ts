// activity/lottery!getCurrentActivity: the running lucky-draw activity ({} when none).
import type { CurrentActivity } from '@caravan/contract/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const currentActivityQueryOptions = () =>
  queryOptions({
    queryKey: ['catalog', 'lucky-draw'],
    queryFn: () => api.call<CurrentActivity | null>('activity/lottery!getCurrentActivity', {}, { silent: true }),
    staleTime: 60_000,
  });

export function useCurrentActivity() {
  return useQuery(currentActivityQueryOptions());
}
