import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** index!home: banner links, service link, announcements, about us. */
export interface HomeContent {
  banner?: string[];
  service_link: string;
  announcement: string[];
  aboutus: string;
}

export function getHomeContent(): Promise<HomeContent> {
  return api.call<HomeContent>('index!home', {}, { silent: true });
}

export const homeContentQueryOptions = () =>
  queryOptions({ queryKey: ['catalog', 'home-content'], queryFn: getHomeContent, staleTime: 5 * 60_000 });

export function useHomeContent() {
  return useQuery(homeContentQueryOptions());
}
