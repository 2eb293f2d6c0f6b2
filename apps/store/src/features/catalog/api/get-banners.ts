import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { Banner } from '../types.ts';

/** The placement of the desktop home banners (banner!bannerList `type`). */
export const HOME_BANNER_TYPE = 'pc_home';

export function getBanners(type: string): Promise<{ result: Banner[] }> {
  return api.call<{ result: Banner[] }>('banner!bannerList', { type }, { silent: true });
}

export const bannersQueryOptions = (type: string) =>
  queryOptions({
    queryKey: ['catalog', 'banners', type],
    queryFn: () => getBanners(type),
    select: (data) => data?.result ?? [],
    staleTime: 5 * 60_000,
  });

export function useBanners(type: string = HOME_BANNER_TYPE) {
  return useQuery(bannersQueryOptions(type));
}
