// index!download-url: the platform's app download link, when the operator configured one.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export async function getDownloadUrl(): Promise<string> {
  const url = await api.call<unknown>('index!download-url', {}, { silent: true });
  return typeof url === 'string' ? url.trim() : '';
}

export const downloadUrlQueryOptions = () => queryOptions({ queryKey: ['account', 'download-url'], queryFn: getDownloadUrl, staleTime: 10 * 60_000 });

export function useDownloadUrl() {
  return useQuery(downloadUrlQueryOptions());
}
