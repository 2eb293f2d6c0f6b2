import { consoleActivity, consoleActivityList, informationOverview, informationPage, informationPreview, type activityBody } from '@caravan/contract/information';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api.ts';

// The store's information pages (per language, English the fallback) and lucky-draw activities.

export type InformationPage = z.output<typeof informationPage>;
export type InformationOverview = z.output<typeof informationOverview>;
export type Activity = z.output<typeof consoleActivity>;
export type ActivityInput = z.input<typeof activityBody>;

const pagePath = (slug: string, locale: string) => `/information-pages/${encodeURIComponent(slug)}/${encodeURIComponent(locale)}`;

export const informationOverviewQuery = queryOptions({ queryKey: ['information', 'overview'], queryFn: () => api.get('/information-pages', informationOverview) });

/** One language's version; null when the page has none in that language yet. */
export const informationPageQuery = (slug: string, locale: string, exists: boolean) =>
  queryOptions({
    queryKey: ['information', 'page', slug, locale],
    queryFn: () => (exists ? api.get(pagePath(slug, locale), informationPage) : Promise.resolve(null)),
  });

/** The sanitised HTML the store would show, from the server's renderer. */
export const informationPreviewQuery = (body: string) =>
  queryOptions({
    queryKey: ['information', 'preview', body],
    queryFn: () => api.post('/information-pages/preview', informationPreview, { body }),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });

export type InformationChange =
  | { kind: 'save'; slug: string; locale: string; title: string; body: string; reason?: string }
  | { kind: 'delete'; slug: string; locale: string; reason?: string };

export function useInformationChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: InformationChange): Promise<unknown> => {
      const reason = change.reason ? { reason: change.reason } : {};
      if (change.kind === 'save') return api.post(pagePath(change.slug, change.locale), informationPage, { title: change.title, body: change.body, ...reason });
      return api.post(`${pagePath(change.slug, change.locale)}/delete`, z.null(), reason);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['information'] }),
  });
}

export const activitiesQuery = queryOptions({ queryKey: ['activities'], queryFn: () => api.get('/activities', consoleActivityList) });

export type ActivityChange = { kind: 'create'; body: ActivityInput } | { kind: 'end'; id: string; reason?: string };

export function useActivityChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: ActivityChange): Promise<unknown> => {
      if (change.kind === 'create') return api.post('/activities', consoleActivity, change.body);
      return api.post(`/activities/${encodeURIComponent(change.id)}/end`, consoleActivity, change.reason ? { reason: change.reason } : {});
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['activities'] }),
  });
}
