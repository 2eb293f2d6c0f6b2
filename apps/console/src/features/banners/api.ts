import { consoleBanner, consoleBannerPage, uploadedImage, type bannerBody } from '@caravan/contract/catalog-console';
import type { Query } from '@caravan/ui/rest-client';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api.ts';

export type Banner = z.output<typeof consoleBanner>;
export type BannerInput = z.input<typeof bannerBody>;

export const bannersQuery = (filter: Query) => queryOptions({ queryKey: ['banners', 'list', filter], queryFn: () => api.get('/banners', consoleBannerPage, filter) });

/** Stores a picture for a banner and answers its URL. */
export async function uploadBannerImage(file: File): Promise<string> {
  return (await api.upload('/banners/images', uploadedImage, file, file.name)).url;
}

export type BannerChange =
  | { kind: 'create'; body: BannerInput }
  | { kind: 'update'; id: string; body: BannerInput }
  | { kind: 'move'; id: string; direction: 'up' | 'down' }
  | { kind: 'delete'; id: string; reason: string };

export function useBannerChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: BannerChange): Promise<unknown> => {
      switch (change.kind) {
        case 'create':
          return api.post('/banners', consoleBanner, change.body);
        case 'update':
          return api.post(`/banners/${encodeURIComponent(change.id)}`, consoleBanner, change.body);
        case 'move':
          return api.post(`/banners/${encodeURIComponent(change.id)}/move`, consoleBanner, { direction: change.direction });
        case 'delete':
          return api.post(`/banners/${encodeURIComponent(change.id)}/delete`, z.null(), { reason: change.reason });
      }
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['banners'] }),
  });
}
