// information!list and information!get: the brand's information pages (about us, policies, rules ...)
// in the store's language, or English where that language has no version. They change rarely.
import type { InformationListItem, InformationPageContent } from '@caravan/contract/information';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const STALE_MS = 5 * 60_000;

export const informationListQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: ['catalog', 'information', 'list', lang],
    queryFn: async () => (await api.call<{ result: InformationListItem[] }>('information!list', {}, { silent: true })).result,
    staleTime: STALE_MS,
  });

export function useInformationList(lang: string) {
  return useQuery(informationListQueryOptions(lang));
}

export const informationPageQueryOptions = (slug: string, lang: string) =>
  queryOptions({
    queryKey: ['catalog', 'information', 'page', slug, lang],
    queryFn: () => api.call<InformationPageContent>('information!get', { slug }, { silent: true }),
    staleTime: STALE_MS,
    retry: false,
  });

export function useInformationPage(slug: string, lang: string) {
  return useQuery(informationPageQueryOptions(slug, lang));
}
