// activity/lottery!getCurrentActivity: the running lucky-draw activity ({} when none).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export interface LuckyDraw {
  id?: string;
  title?: string;
  detailUrl?: string;
  running?: string;
}

export const currentActivityQueryOptions = () =>
  queryOptions({
    queryKey: ['catalog', 'lucky-draw'],
    queryFn: () => api.call<LuckyDraw | null>('activity/lottery!getCurrentActivity', {}, { silent: true }),
    staleTime: 60_000,
  });

export function useCurrentActivity() {
  return useQuery(currentActivityQueryOptions());
}
